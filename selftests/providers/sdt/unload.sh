#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: a driver and dtrace_sdt cannot be unloaded under a trace
# requires: dtrace_sdt
#
# ASSERTION: while hello:::read is enabled, rmmod helloworld and rmmod
# dtrace_sdt both fail and reads still fire; once the consumer is gone
# both unload, and a reload of both lists the probes again.
set -eu
. selftests/lib/dt.sh
. selftests/providers/sdt/sdt.inc

dt_setup
sdt_load dtrace_sdt helloworld
dt_trace 'hello:::read { @ = count(); }'
[ "$(dt_enabled hello)" = 1 ] ||
	dt_fail "provider hello shows '$(dt_enabled hello)' enabled, expected 1"
! rmmod helloworld 2>/dev/null ||
	dt_fail "rmmod helloworld succeeded while its probe was enabled"
! rmmod dtrace_sdt 2>/dev/null ||
	dt_fail "rmmod dtrace_sdt succeeded while a probe was enabled"
sdt_read /proc/helloworld
sdt_read /proc/helloworld
dt_trace_stop
awk 'NF == 1 && $1 == 2 { ok = 1 } END { exit !ok }' "$DT_TMP/out" ||
	dt_fail "reads under the refused rmmod not counted 2: $(cat "$DT_TMP/out")"

dt_wait 60 rmmod helloworld 2>/dev/null ||
	dt_fail "rmmod helloworld still fails with no consumer"
dt_wait 60 rmmod dtrace_sdt 2>/dev/null ||
	dt_fail "rmmod dtrace_sdt still fails with no consumer"
sdt_load dtrace_sdt helloworld
[ "$(sdt_list hello:::read)" = "hello:helloworld:hello_read:read" ] ||
	dt_fail "after reload, hello:::read lists: $(sdt_list hello:::read)"
exit 0
