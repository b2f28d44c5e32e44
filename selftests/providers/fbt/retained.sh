#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: fbt probes of a module loaded after dtrace started are traced
# requires: dtrace_fbt
#
# ASSERTION: crc7 (a Debian library module) is not loaded, so
# "fbt:crc7:crc7_be:entry" matches nothing and dtrace refuses it without
# -Z; with -Z it starts, and once crc7 is loaded the probe is enabled for
# that consumer before modprobe returns: while tracing, rmmod crc7 is
# refused (an enabled probe holds its module), which it is not for a
# consumer whose description names another module.  The consumer's end
# releases crc7, which then unloads.
set -eu
. selftests/lib/dt.sh
. selftests/providers/fbt/retained.inc

dt_setup
modprobe -q -n crc7 2>/dev/null || dt_skip "no crc7 module for this kernel"
! dt_loaded crc7 || dt_skip "crc7 is in use here"
dt_modprobe dtrace_fbt || dt_fail "modprobe dtrace_fbt failed"

! timeout 120 "$DTRACE" -q -n 'fbt:crc7:crc7_be:entry { exit(0); }' \
	>"$DT_TMP/noz" 2>&1 || dt_fail "an empty description ran without -Z"
grep -q 'does not match any probes' "$DT_TMP/noz" ||
	dt_fail "without -Z: $(cat "$DT_TMP/noz")"

# A description of another module does not hold crc7.
dt_trace 'fbt:crc7_other:crc7_be:entry { @ = count(); }' -Z
DT_MODS=crc7
modprobe crc7 || dt_fail "modprobe crc7 failed"
dt_wait 60 rmmod crc7 || dt_fail "crc7 held by a description that is not its"
dt_trace_stop

dt_trace 'fbt:crc7:crc7_be:entry { @ = count(); }' -Z
retained_crc7_held
exit 0
