#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: sched on-cpu, off-cpu, sleep, wakeup, enqueue and dequeue of a shell that waits for five children
# requires: dtrace_sched
#
# ASSERTION: a shell running five "sleep 0.05" one after the other
# goes off its CPU and back at least five times.  For its thread, in
# time order: on-cpu and off-cpu alternate, each in the thread itself;
# off-cpu's args[0] is the thread taking the CPU (not itself), and the
# next on-cpu on that CPU is in that thread; curcpu->cpu_id is cpu.
# Each sleep of the shell is followed by its off-cpu.  At least five
# wakeups name the shell (args[0]->pr_lwpid, args[1]->pr_pid) and fire
# in another process (the child that exits); at least five enqueues
# and five dequeues name it with args[2]->cpu_id a CPU of the machine,
# and at least five dequeues have args[3] 1 (it leaves to sleep).
set -eu
. selftests/lib/dt.sh

dt_setup
dt_modprobe dtrace_sched || dt_fail "modprobe dtrace_sched failed"
st=0
timeout 150 "$DTRACE" -q -o "$DT_TMP/out" \
	-c "sh -c 'for i in 1 2 3 4 5; do sleep 0.05; done'" -n '
sched:::off-cpu
{
	next_tid[cpu] = args[0]->pr_lwpid;
}
sched:::off-cpu
/pid == $target/
{
	printf("%d off %d %d\n", timestamp, tid, args[0]->pr_lwpid != tid);
}
sched:::on-cpu
/pid == $target/
{
	printf("%d on %d %d %d\n", timestamp, tid, next_tid[cpu] == tid,
	    curcpu->cpu_id == cpu);
}
sched:::sleep
/pid == $target/
{
	printf("%d sleep %d\n", timestamp, tid);
}
sched:::wakeup
/args[1]->pr_pid == $target/
{
	printf("%d wakeup %d %d\n", timestamp, args[0]->pr_lwpid,
	    pid != $target);
}
sched:::enqueue
/args[1]->pr_pid == $target/
{
	printf("%d enqueue %d %d\n", timestamp, args[0]->pr_lwpid,
	    args[2]->cpu_id);
}
sched:::dequeue
/args[1]->pr_pid == $target/
{
	printf("%d dequeue %d %d %d\n", timestamp, args[0]->pr_lwpid,
	    args[2]->cpu_id, args[3]);
}' >"$DT_TMP/work" 2>"$DT_TMP/err" || st=$?
[ "$st" -eq 0 ] || dt_fail "dtrace exited $st: $(cat "$DT_TMP/err")"
grep . "$DT_TMP/out" | sort -s -n -k1,1 >"$DT_TMP/ev" || true

ncpu=$(nproc)
awk -v ncpu="$ncpu" '
	function bad(why) { print "line " NR ": " why ": " $0; fail = 1 }
	$2 == "on" || $2 == "off" {
		if ($2 == last[$3])
			bad("two " $2 "-cpu in a row")
		last[$3] = $2
		if (after_sleep[$3] && $2 != "off")
			bad("sleep not followed by off-cpu")
		after_sleep[$3] = 0
		if ($4 != 1)
			bad($2 == "on" ? "not the thread off-cpu switched to" :
			    "off-cpu switches to itself")
		if ($2 == "on" && $5 != 1)
			bad("curcpu is not cpu")
		n[$2]++
	}
	$2 == "sleep" { after_sleep[$3] = 1; n["sleep"]++ }
	$2 == "wakeup" && $4 == 1 { n["wakeup"]++ }
	$2 == "enqueue" || $2 == "dequeue" {
		if ($4 < 0 || $4 >= ncpu)
			bad("no such CPU")
		n[$2]++
	}
	$2 == "dequeue" && $5 == 1 { n["dequeue-sleep"]++ }
	END {
		split("on off sleep wakeup enqueue dequeue dequeue-sleep", w, " ")
		for (i = 1; i in w; i++)
			if (n[w[i]] < 5) {
				print n[w[i]] + 0 " " w[i] " events, want 5 or more"
				fail = 1
			}
		exit fail
	}' "$DT_TMP/ev" >"$DT_TMP/why" || {
	cat "$DT_TMP/ev" >&2
	dt_fail "$(cat "$DT_TMP/why")"
}
exit 0
