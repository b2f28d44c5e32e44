#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: sdt:SYSTEM::EVENT probes of trace events fire with the event's fields as args[]
# requires: dtrace_sdt
#
# ASSERTION: a process renaming itself with prctl(PR_SET_NAME) fires
# sdt:task::task_rename with args[0] its pid, args[1] and args[2] its old
# and new names (typed char *: printed with %s, no cast) and args[3]
# its oom_score_adj (0); its fork fires sdt:sched::sched_process_fork
# with args[0] its name, args[1] its pid, args[2] the child's name (the
# same) and args[3] the child's pid; each exactly once; the probes are
# typed as the events' format files say.  While the consumer runs,
# rmmod dtrace_sdt fails; once it has exited, the module (with the
# probes it made) unloads and loads again.
set -eu
. selftests/lib/dt.sh
. selftests/providers/sdt/sdt.inc

dt_setup
sdt_load dtrace_sdt
dt_trace 'sdt:task::task_rename /stringof(args[2]) == "dtsdt_tp"/ {
		printf("rename %d %s %s %d\n", args[0], stringof(args[1]),
		    stringof(args[2]), args[3]);
	}
	sdt:sched::sched_process_fork /stringof(args[0]) == "dtsdt_tp"/ {
		printf("fork %d %s %d %s\n", args[1], stringof(args[0]),
		    args[3], stringof(args[2]));
	}'
dt_rmmod_busy dtrace_sdt
selftests/progs/tprename dtsdt_tp >"$DT_TMP/want" ||
	dt_fail "tprename failed"
dt_trace_stop

read -r _ pid old new <"$DT_TMP/want"
child=$(awk '$1 == "fork" { print $4 }' "$DT_TMP/want")
[ "$(grep -c '^rename ' "$DT_TMP/out")" -eq 1 ] ||
	dt_fail "not one task_rename: $(cat "$DT_TMP/out")"
grep -qx "rename $pid $old $new 0" "$DT_TMP/out" ||
	dt_fail "task_rename: want $pid $old $new 0: $(cat "$DT_TMP/out")"
[ "$(grep -c '^fork ' "$DT_TMP/out")" -eq 1 ] ||
	dt_fail "not one sched_process_fork: $(cat "$DT_TMP/out")"
grep -qx "fork $pid $new $child $new" "$DT_TMP/out" ||
	dt_fail "sched_process_fork: want $pid $new $child: $(cat "$DT_TMP/out")"

"$DTRACE" -lv -n sdt:task::task_rename >"$DT_TMP/lv" 2>&1 ||
	dt_fail "dtrace -lv failed: $(cat "$DT_TMP/lv")"
for want in 'args\[0\]: pid_t' 'args\[1\]: char \*' 'args\[2\]: char \*' \
	'args\[3\]: short'; do
	grep -q "$want\$" "$DT_TMP/lv" ||
		dt_fail "no $want in: $(cat "$DT_TMP/lv")"
done
dt_reload dtrace_sdt
exit 0
