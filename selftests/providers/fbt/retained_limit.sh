#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: a retained description is held to max_enabled when its probes appear
# requires: dtrace_fbt
#
# ASSERTION: with dtrace_fbt's max_enabled at 2, a -Z consumer of
# fbt:crc8::entry (crc8 has three functions) and fbt:crc7::entry (one)
# starts before either module is loaded.  Loading crc8 enables none of
# its probes (all or nothing: three would pass the limit), the trace
# ring says the enabling failed, and crc8 unloads although traced;
# loading crc7 then enables its one probe, and crc7 is held.  The
# consumer ends cleanly and the core is idle after.
set -eu
. selftests/lib/dt.sh
. selftests/providers/fbt/retained.inc

dt_setup
for m in crc7 crc8; do
	modprobe -q -n $m 2>/dev/null || dt_skip "no $m module for this kernel"
	! dt_loaded $m || dt_skip "$m is in use here"
done
# dt_modprobe passes no parameter
modprobe ${MODROOT:+-d "$MODROOT"} dtrace_fbt max_enabled=2 ||
	dt_fail "modprobe dtrace_fbt max_enabled=2 failed"
[ "$(cat /sys/module/dtrace_fbt/parameters/max_enabled)" = 2 ] ||
	dt_fail "max_enabled is $(cat /sys/module/dtrace_fbt/parameters/max_enabled)"

dt_trace 'fbt:crc8::entry { @a = count(); } fbt:crc7::entry { @b = count(); }' -Z
DT_MODS="crc7 crc8"
modprobe crc8 || dt_fail "modprobe crc8 failed"
[ "$(dt_enabled fbt)" = 0 ] ||
	dt_fail "crc8 loaded: $(dt_enabled fbt) fbt probes enabled over the limit"
grep -q 'enabling fbt:crc8::entry failed: -7' /proc/dtrace/trace ||
	dt_fail "no word of the refusal: $(tail -5 /proc/dtrace/trace)"
dt_wait 30 rmmod crc8 2>/dev/null || dt_fail "crc8 held though none of its probes is enabled"

DT_MODS=crc7
retained_crc7_held
exit 0
