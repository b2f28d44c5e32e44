#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: dtrace -l lists the eleven sched probes; -lv shows their argument types
# requires: dtrace_sched
#
# ASSERTION: "dtrace -l -P sched" lists exactly on-cpu, off-cpu,
# enqueue, dequeue, wakeup, preempt, remain-cpu, sleep, change-pri,
# surrender and tick, in module vmlinux.  "dtrace -lv" gives off-cpu,
# wakeup, surrender and tick args[0..1] lwpsinfo_t *, psinfo_t *;
# enqueue also args[2] cpuinfo_t *; dequeue also args[3] int;
# change-pri args[2] int; on-cpu, preempt, remain-cpu and sleep none.
# Loading dtrace_sched pulls in dtrace_core and no other provider.
set -eu
. selftests/lib/dt.sh

dt_setup
dt_modprobe_alone dtrace_sched
got=$(dt_list_probes sched)
want=$(printf 'sched vmlinux %s\n' on-cpu off-cpu enqueue dequeue wakeup \
	preempt remain-cpu sleep change-pri surrender tick | sort)
[ "$got" = "$want" ] || {
	cat "$DT_TMP/l" >&2
	dt_fail "-l -P sched lists '$got'"
}

# types PROBE: the "args[N]: TYPE" lines of dtrace -lv.
types() {
	timeout 120 "$DTRACE" -lv -n "sched:::$1" >"$DT_TMP/v" \
		2>"$DT_TMP/err" ||
		dt_fail "dtrace -lv -n sched:::$1: $(cat "$DT_TMP/err")"
	sed -n 's/^[[:space:]]*\(args\[[0-9]\]: .*\)$/\1/p' "$DT_TMP/v"
}
thread='args[0]: lwpsinfo_t *
args[1]: psinfo_t *'
for p in off-cpu wakeup surrender tick; do
	got=$(types "$p")
	[ "$got" = "$thread" ] || dt_fail "sched:::$p types: $got"
done
got=$(types enqueue)
[ "$got" = "$thread
args[2]: cpuinfo_t *" ] || dt_fail "sched:::enqueue types: $got"
got=$(types dequeue)
[ "$got" = "$thread
args[2]: cpuinfo_t *
args[3]: int" ] || dt_fail "sched:::dequeue types: $got"
got=$(types change-pri)
[ "$got" = "$thread
args[2]: int" ] || dt_fail "sched:::change-pri types: $got"
for p in on-cpu preempt remain-cpu sleep; do
	got=$(types "$p")
	[ -z "$got" ] || dt_fail "sched:::$p has arguments: $got"
done
exit 0
