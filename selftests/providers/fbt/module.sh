#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: a module's functions come and go with it; a traced module stays
# requires: dtrace_fbt
#
# ASSERTION: crc7 (a Debian library module) loaded after dtrace_fbt
# lists fbt:crc7:crc7_be:entry with args typed from the module's BTF;
# while that probe is enabled rmmod crc7 fails; after, it succeeds and
# fbt:crc7:: lists nothing; loaded again before dtrace_fbt, it is listed.
set -eu
. selftests/lib/dt.sh

dt_setup
modprobe -q -n crc7 2>/dev/null || dt_skip "no crc7 module for this kernel"
! dt_loaded crc7 || dt_skip "crc7 is in use here"
DT_MODS=crc7
dt_modprobe dtrace_fbt || dt_fail "modprobe dtrace_fbt failed"
modprobe crc7 || dt_fail "modprobe crc7 failed"
timeout 120 "$DTRACE" -lv -n fbt:crc7:crc7_be:entry >"$DT_TMP/lv" 2>&1 ||
	dt_fail "fbt:crc7:crc7_be:entry not listed: $(cat "$DT_TMP/lv")"
grep -q 'args\[2\]: size_t$' "$DT_TMP/lv" ||
	dt_fail "crc7_be args: $(grep 'args\[' "$DT_TMP/lv")"

dt_trace 'fbt:crc7:crc7_be:entry { @ = count(); }'
! rmmod crc7 2>/dev/null || dt_fail "rmmod crc7 succeeded while traced"
dt_trace_stop
dt_wait 60 rmmod crc7 2>/dev/null || dt_fail "rmmod crc7 fails untraced"
n=$(timeout 120 "$DTRACE" -l -n 'fbt:crc7::' 2>/dev/null | grep -c ' crc7 ' || true)
[ "$n" -eq 0 ] || dt_fail "after rmmod crc7, fbt:crc7:: lists $n probes"

rmmod dtrace_fbt || dt_fail "rmmod dtrace_fbt failed"
modprobe crc7 || dt_fail "modprobe crc7 failed"
dt_modprobe dtrace_fbt || dt_fail "modprobe dtrace_fbt failed"
n=$(timeout 120 "$DTRACE" -l -n 'fbt:crc7:crc7_be:' 2>/dev/null | grep -c ' crc7 ' || true)
[ "$n" -eq 2 ] || dt_fail "crc7 loaded before dtrace_fbt lists $n probes"
exit 0
