#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: curcpu, chip, lgrp and pset describe the CPU a probe fires on
# requires: dtrace_sched
#
# ASSERTION: in BEGIN and in sched:::on-cpu on each CPU, curcpu->cpu_id
# is cpu; cpu_pset and pset are -1; cpu_chip (= chip) and cpu_lgrp
# (= lgrp) are what sysfs says of that CPU (physical_package_id, the
# node it is in); pi_state is P_ONLINE, pi_processor_type "uname -m",
# pi_clock positive.  A sched:::enqueue's args[2] is the same
# description for its CPU.
set -eu
. selftests/lib/dt.sh

dt_setup
dt_modprobe dtrace_sched || dt_fail "modprobe dtrace_sched failed"
st=0
timeout 150 "$DTRACE" -q -o "$DT_TMP/out" -n '
int seen[int];
int eseen[int];

BEGIN, sched:::on-cpu
/!seen[cpu]/
{
	seen[cpu] = 1;
	printf("%d %d %d %d %d %d %d %s %d\n", cpu, curcpu->cpu_id,
	    curcpu->cpu_pset, pset, curcpu->cpu_chip == chip ? chip : -2,
	    curcpu->cpu_lgrp == lgrp ? lgrp : -2,
	    curcpu->cpu_info.pi_state == P_ONLINE,
	    curcpu->cpu_info.pi_processor_type,
	    curcpu->cpu_info.pi_clock > 0);
}
sched:::enqueue
/!eseen[args[2]->cpu_id]/
{
	eseen[args[2]->cpu_id] = 1;
	printf("%d %d %d %d %d %d %d %s %d\n", args[2]->cpu_id,
	    args[2]->cpu_id, args[2]->cpu_pset, -1, args[2]->cpu_chip,
	    args[2]->cpu_lgrp, args[2]->cpu_info.pi_state == P_ONLINE,
	    args[2]->cpu_info.pi_processor_type, args[2]->cpu_info.pi_clock > 0);
}
sched:::on-cpu, sched:::enqueue
/++n > 2000/
{
	exit(0);
}' 2>"$DT_TMP/err" || st=$?
[ "$st" -eq 0 ] || dt_fail "dtrace exited $st: $(cat "$DT_TMP/err")"

arch=$(uname -m)
grep . "$DT_TMP/out" | sort -u >"$DT_TMP/got"
: >"$DT_TMP/want"
for d in /sys/devices/system/cpu/cpu[0-9]*; do
	c=${d##*/cpu}
	grep -q "^$c " "$DT_TMP/got" || continue
	pkg=$(cat "$d/topology/physical_package_id")
	node=0
	for n in "$d"/node[0-9]*; do
		[ -e "$n" ] && node=${n##*/node}
	done
	echo "$c $c -1 -1 $pkg $node 1 $arch 1" >>"$DT_TMP/want"
done
sort -u "$DT_TMP/want" -o "$DT_TMP/want"
[ "$(wc -l <"$DT_TMP/want")" -ge 1 ] || dt_fail "no CPU described: $(cat "$DT_TMP/out")"
cmp -s "$DT_TMP/want" "$DT_TMP/got" || {
	diff "$DT_TMP/want" "$DT_TMP/got" >&2 || true
	dt_fail "curcpu differs from sysfs"
}
exit 0
