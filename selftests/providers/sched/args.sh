#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: sched change-pri, tick, preempt, remain-cpu and surrender with their arguments
# requires: dtrace_sched
#
# ASSERTION: "nice -n 7" fires change-pri once, in itself, for itself
# (args[0]->pr_lwpid, args[1]->pr_pid), with args[2] the old priority
# args[0]->pr_pri plus 7.  Two shell loops that share CPU 0 take ticks
# (tick fires in the interrupted thread, args[0] and args[1] naming it)
# and are preempted: each preempt is followed in the same thread by its
# off-cpu or remain-cpu.  A program alone on CPU 1 that calls
# sched_yield() 200 times fires remain-cpu in itself.  The forks of the
# workload onto the other CPU fire surrender at least once, for a
# thread that has a name.
set -eu
. selftests/lib/dt.sh

dt_setup
dt_modprobe dtrace_sched || dt_fail "modprobe dtrace_sched failed"
command -v taskset >/dev/null || dt_skip "no taskset"
command -v python3 >/dev/null || dt_skip "no python3"
[ "$(nproc)" -ge 2 ] || dt_skip "one CPU"

# change-pri
st=0
timeout 150 "$DTRACE" -q -o "$DT_TMP/out" -c "nice -n 7 true" -n '
sched:::change-pri
/pid == $target/
{
	printf("%d %d %d %d %d\n", tid, args[0]->pr_lwpid, args[1]->pr_pid,
	    args[0]->pr_pri, args[2]);
}' >"$DT_TMP/work" 2>"$DT_TMP/err" || st=$?
[ "$st" -eq 0 ] || dt_fail "dtrace exited $st: $(cat "$DT_TMP/err")"
# shellcheck disable=SC2046 # the numbers dtrace printed, word by word
set -- $(cat "$DT_TMP/out")
[ $# -eq 5 ] && [ "$1" = "$2" ] && [ "$1" = "$3" ] &&
	[ "$5" -eq $(($4 + 7)) ] ||
	dt_fail "change-pri of nice -n 7: '$*'"

# tick, preempt, remain-cpu, surrender
cat >"$DT_TMP/work.sh" <<'SH'
loop='i=0; while [ $i -lt 20000 ]; do i=$((i + 1)); done'
taskset -c 0 sh -c "$loop" &
taskset -c 0 sh -c "$loop"
wait
taskset -c 1 python3 -c '
import os
for i in range(200):
    os.sched_yield()
'
SH
rm -f "$DT_TMP/out"	# -o appends
st=0
timeout 300 "$DTRACE" -q -o "$DT_TMP/out" -c "sh $DT_TMP/work.sh" -n '
sched:::tick
/progenyof($target)/
{
	printf("tick %d\n", args[0]->pr_lwpid == tid && args[1]->pr_pid == pid);
}
sched:::preempt
/progenyof($target)/
{
	printf("preempt %d\n", tid);
	self->preempted = 1;
}
sched:::off-cpu, sched:::remain-cpu
/self->preempted/
{
	printf("after-preempt %d\n", tid);
	self->preempted = 0;
}
sched:::remain-cpu
/progenyof($target) && execname == "python3"/
{
	yields++;
}
sched:::surrender
/args[1]->pr_fname != ""/
{
	surrenders++;
}
END
{
	printf("remain-cpu %d\nsurrender %d\n", yields, surrenders);
}' >"$DT_TMP/work" 2>"$DT_TMP/err" || st=$?
[ "$st" -eq 0 ] || dt_fail "dtrace exited $st: $(cat "$DT_TMP/err")"
awk '
	function bad(why) { print "line " NR ": " why ": " $0; fail = 1 }
	$1 == "tick" { if ($2 != 1) bad("tick not of its thread"); ticks++ }
	$1 == "preempt" {
		if (open[$2]) bad("two preempts in a row")
		open[$2] = 1
		preempts++
	}
	$1 == "after-preempt" {
		if (!open[$2]) bad("off-cpu or remain-cpu of no preempt")
		open[$2] = 0
	}
	$1 == "remain-cpu" && $2 < 1 { bad("sched_yield() never stayed") }
	$1 == "surrender" && $2 < 1 { bad("no surrender") }
	END {
		if (ticks < 1) { print "no tick"; fail = 1 }
		if (preempts < 1) { print "no preempt"; fail = 1 }
		exit fail
	}' "$DT_TMP/out" >"$DT_TMP/why" || {
	cat "$DT_TMP/out" >&2
	dt_fail "$(cat "$DT_TMP/why")"
}
exit 0
