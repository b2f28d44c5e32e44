#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: the core's taskq, timeout, cyclic and hook services
# requires: dtrace_core
#
# ASSERTION: the unit tests in svctest.ko (selftests/modules/svctest)
# all pass: task order and draining, timeouts in expiry order and in
# process context, untimeout of pending, running and finished callbacks,
# a callback that needs a mutex the canceller holds, a cancellation race
# of thousands of timeouts, cyclics single and per CPU in hardirq
# context, stopped by remove; hooks armed with a reference count, all
# or none, -ENOENT for a missing target (the kernel log naming every
# name tried), a kprobe found by its second name, a missing optional
# one armed without error, none firing after its last disarm.  Then, loaded with pending=1
# and unloaded at once, its exit cancels armed timeouts and cyclics:
# nothing runs after, the kernel log stays clean (the runner checks it),
# and the core unloads.
set -eu
. selftests/lib/dt.sh

dt_setup
dt_have_module svctest || dt_skip "svctest.ko not built"
dt_modprobe svctest || dt_fail "modprobe svctest failed"
cat /proc/svctest >"$DT_TMP/tap"
rmmod svctest || dt_fail "rmmod svctest failed"
miss='svctest: the kernel has no kprobe svctest_no_such_function nor svctest_no_such_function2'
dmesg | grep -qF "$miss" ||
	dt_fail "no \"$miss\" in the kernel log: $(dmesg | grep 'svctest: ' | tail -n 3)"
n=$(grep -c '^ok ' "$DT_TMP/tap" || true)
if grep -q '^not ok ' "$DT_TMP/tap" || [ "$n" -lt 26 ]; then
	cat "$DT_TMP/tap" >&2
	dt_fail "svctest: $n passed, $(grep -c '^not ok' "$DT_TMP/tap") failed"
fi

modprobe ${MODROOT:+-d "$MODROOT"} svctest pending=1 races=100 ||
	dt_fail "modprobe svctest pending=1 failed"
rmmod svctest || dt_fail "rmmod svctest with timers pending failed"
# Its timeouts were due 1 to 8 s after loading: had one not been
# cancelled, it would now run unloaded code.
sleep 9
rmmod dtrace_core || dt_fail "rmmod dtrace_core failed"
! dmesg | grep -q 'left pending, cancelled' ||
	dt_fail "the core found timeouts left pending"
exit 0
