#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: every allocation failure at enable and start is clean
# requires: dtrace_syscall, dtrace_profile
# timeout: 600
#
# ASSERTION: with dtrace_core's fail_nth parameter (fault injection for
# kernels without failslab, Debian's), the Nth allocation a consumer
# causes fails, for N = 1, 2, ... until one run needs fewer than N: a
# program with records, an aggregation, thread-local variables and a
# speculation, with bufresize=manual (auto would retry a failed start
# with smaller buffers).  Each run that hit the failure exits non-zero
# saying "Cannot allocate memory"; after every run the core is idle (no
# consumer, no consumer memory, nothing enabled).  DT_FAILNTH_MAX bounds
# N (default 400).
set -eu
. selftests/lib/dt.sh

dt_setup
dt_modprobe dtrace_syscall || dt_fail "modprobe dtrace_syscall failed"
dt_modprobe dtrace_profile || dt_fail "modprobe dtrace_profile failed"
param=/sys/module/dtrace_core/parameters/fail_nth
[ -w $param ] || dt_skip "no fail_nth parameter"
prog='syscall::read:entry { @[execname] = count(); self->x = 1; }
      profile-97 { s = speculation(); speculate(s); printf("%d", cpu); }
      tick-10ms { exit(0); }'

n=1
max=${DT_FAILNTH_MAX:-400}
while :; do
	[ $n -le "$max" ] || dt_fail "still failing at N = $max"
	echo $n >$param
	st=0
	"$DTRACE" -q -x bufresize=manual -n "$prog" >"$DT_TMP/out" 2>&1 ||
		st=$?
	left=$(cat $param)
	echo 0 >$param
	if [ "$left" -gt 0 ]; then
		[ $st -eq 0 ] ||
			dt_fail "N = $n not reached, yet dtrace failed: $(cat "$DT_TMP/out")"
		break
	fi
	[ $st -ne 0 ] ||
		dt_fail "allocation $n failed, yet dtrace exited 0"
	grep -q 'Cannot allocate memory' "$DT_TMP/out" ||
		dt_fail "allocation $n failed; dtrace said: $(cat "$DT_TMP/out")"
	dt_check_idle "allocation $n failed"
	n=$((n + 1))
done
dt_check_idle "the last run"
echo "# $((n - 1)) allocation failures injected, each clean"
exit 0
