#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: modules loaded and unloaded while retained descriptions enable their probes
# requires: dtrace_fbt, dtrace_sdt
# timeout: 600
#
# ASSERTION: while one loop loads crc7 and helloworld (whose fbt and sdt
# probes appear with them) and unloads them again DT_STORM_ITERS times
# (default 12), another starts consumers whose -Z descriptions name
# those probes only, and ends each after a random moment, by SIGKILL or
# by SIGTERM in turn (SIGINT is ignored by a background job of a
# non-interactive shell until dtrace sets its handler): a retained-enablings pass then races a module
# going, a consumer closing, or both.  After the storm the core is idle,
# both modules unload, and a last consumer still has its description
# enabled on crc7 when crc7 is loaded after it started (the kernel log
# is checked by the runner: no oops, WARN, lockdep report or hung task).
set -eu
. selftests/lib/dt.sh
. selftests/providers/sdt/sdt.inc

dt_setup
iters=${DT_STORM_ITERS:-12}
modprobe -q -n crc7 2>/dev/null || dt_skip "no crc7 module for this kernel"
! dt_loaded crc7 || dt_skip "crc7 is in use here"
! dt_loaded helloworld || dt_skip "helloworld is loaded already"
sdt_load dtrace_fbt dtrace_sdt
DT_MODS="crc7 helloworld"
prog='fbt:crc7::entry, fbt:crc7::return, hello::: { @[probeprov] = count(); }'

# random N: a number in [0, N).
random() {
	echo $(( $(od -An -N2 -tu2 /dev/urandom) % $1 ))
}

for _ in $(seq "$iters"); do
	modprobe crc7 || echo "modprobe crc7 failed" >>"$DT_TMP/bad"
	dt_modprobe helloworld ||
		echo "modprobe helloworld failed" >>"$DT_TMP/bad"
	sdt_read /proc/helloworld || true
	# A consumer of the other loop may hold them: next round.
	rmmod crc7 2>/dev/null || true
	rmmod helloworld 2>/dev/null || true
done &
loader=$!

for i in $(seq "$iters"); do
	"$DTRACE" -q -Z -n "$prog" >/dev/null 2>&1 &
	pid=$!
	sleep "0.$(random 10)"
	if [ $((i % 2)) -eq 0 ]; then
		kill -KILL $pid 2>/dev/null || true
		wait $pid 2>/dev/null || true
	else
		kill -TERM $pid 2>/dev/null || true
		dt_wait_pid $pid 120 >/dev/null 2>&1 ||
			[ $? -ne 124 ] ||
			echo "a consumer did not end on SIGTERM" >>"$DT_TMP/bad"
	fi
done &
killer=$!

wait $loader
wait $killer
[ ! -s "$DT_TMP/bad" ] || dt_fail "$(cat "$DT_TMP/bad")"
dt_check_idle "the storm"
for m in crc7 helloworld; do
	! dt_loaded $m || dt_wait 30 rmmod $m 2>/dev/null ||
		dt_fail "rmmod $m failed after the storm"
done

# The retained enablings still work after it.
[ "$(dt_enabled fbt)" = 0 ] || dt_fail "fbt probes enabled before the last consumer"
dt_trace "$prog" -Z
modprobe crc7 || dt_fail "modprobe crc7 failed"
n=$(dt_enabled fbt)
[ "$n" != none ] && [ "$n" -ge 2 ] ||
	dt_fail "crc7 loaded under a -Z consumer: $n fbt probes enabled, not 2 or more"
dt_trace_stop
dt_check_idle "the last consumer"
dt_wait 30 rmmod crc7 2>/dev/null || dt_fail "rmmod crc7 failed at the end"
DT_MODS=
echo "# $iters rounds"
exit 0
