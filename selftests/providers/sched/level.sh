#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: a kprobe-fired probe sees its thread's level and self-> variables, in the int3 trap too
# requires: dtrace_sched
#
# ASSERTION: sched:::preempt (a kprobe on __schedule(), which has no
# ftrace call site, so the kernel runs its handler from the int3 trap,
# which x86 enters as an NMI) fires at the level of the preempted
# thread: ipl is 0 there, and a self-> variable it sets is the one the
# same thread's off-cpu or remain-cpu reads right after.  Kprobe
# optimisation (a jump instead of the int3) is turned off for the run,
# so that every firing takes the trap.
set -eu
. selftests/lib/dt.sh

opt=/proc/sys/debug/kprobes-optimization
dt_setup
dt_modprobe dtrace_sched || dt_fail "modprobe dtrace_sched failed"
command -v taskset >/dev/null || dt_skip "no taskset"

restore=
if [ -w "$opt" ]; then
	restore=$(cat "$opt")
	echo 0 >"$opt"
fi
cat >"$DT_TMP/work.sh" <<'SH'
loop='i=0; while [ $i -lt 20000 ]; do i=$((i + 1)); done'
taskset -c 0 sh -c "$loop" &
taskset -c 0 sh -c "$loop"
wait
SH
st=0
timeout 300 "$DTRACE" -q -c "sh $DT_TMP/work.sh" -n '
sched:::preempt
/progenyof($target)/
{
	@["level", ipl] = count();
	@["preempt", 0] = count();
	self->preempted = 1;
}
sched:::off-cpu, sched:::remain-cpu
/self->preempted/
{
	@["followed", 0] = count();
	self->preempted = 0;
}
END
{
	printa("%s %d %@d\n", @);
}' >"$DT_TMP/out" 2>"$DT_TMP/err" || st=$?
[ -z "$restore" ] || echo "$restore" >"$opt"
[ "$st" -eq 0 ] || dt_fail "dtrace exited $st: $(cat "$DT_TMP/err")"
awk '
	$1 == "level" && $2 != 0 { print "preempt at ipl " $2 " (" $3 " times)"; fail = 1 }
	$1 == "preempt" { pre = $3 }
	$1 == "followed" { fol = $3 }
	END {
		if (pre < 1) { print "no preempt"; fail = 1 }
		else if (fol != pre) {
			print pre " preempts, " fol + 0 " of them followed in the same thread"
			fail = 1
		}
		exit fail
	}' "$DT_TMP/out" >"$DT_TMP/why" || {
	cat "$DT_TMP/out" >&2
	dt_fail "$(cat "$DT_TMP/why")"
}
exit 0
