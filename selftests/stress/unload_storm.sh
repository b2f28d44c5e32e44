#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: providers loaded and unloaded under a live trace, consumers killed
# requires: dtrace_syscall, dtrace_profile, dtrace_fbt, dtrace_proc, dtrace_tcp, dtrace_sdt
# timeout: 600
#
# ASSERTION: while one consumer traces syscall, profile and fbt probes,
#  - a loop loads and unloads every idle provider (proc, tcp, sdt,
#    fasttrap) DT_STORM_ITERS times (default 25; a long run: 500), and
#    tries to unload the busy ones (syscall, profile, fbt), which must
#    say "in use" every time;
#  - another loop starts consumers of those idle providers' probes (-Z:
#    a provider may be unloaded at that moment) and kills each with
#    SIGKILL after a random moment, DT_STORM_ITERS times.
# Then the first consumer is still tracing and prints its aggregations,
# the core returns to idle once it is stopped, every module unloads, and
# the kernel log is clean (the runner checks it: no oops, WARN, lockdep
# report or hung task).
set -eu
. selftests/lib/dt.sh

dt_setup
iters=${DT_STORM_ITERS:-25}
idle_mods="dtrace_proc dtrace_tcp dtrace_sdt dtrace_fasttrap"
busy_mods="dtrace_syscall dtrace_profile dtrace_fbt"
for m in $busy_mods; do
	dt_modprobe "$m" || dt_fail "modprobe $m failed"
done

dt_trace 'syscall:::entry { @sys[probefunc] = count(); }
	  profile-97 { @prof = count(); }
	  fbt::vfs_read:entry { @fbt = count(); }'
tracer=$DT_BG

# random N: a number in [0, N).
random() {
	echo $(( $(od -An -N2 -tu2 /dev/urandom) % $1 ))
}

(
	i=0
	while [ $i -lt "$iters" ]; do
		for m in $idle_mods; do
			dt_modprobe "$m" || echo "modprobe $m failed" >>"$DT_TMP/bad"
			# A consumer of the other loop may hold it: retried next round.
			rmmod "$m" 2>/dev/null || true
		done
		for m in $busy_mods; do
			! rmmod "$m" 2>/dev/null ||
				echo "rmmod $m succeeded under a trace" >>"$DT_TMP/bad"
		done
		i=$((i + 1))
	done
) &
loader=$!

(
	i=0
	while [ $i -lt "$iters" ]; do
		"$DTRACE" -q -Z -n 'proc:::exec-success, proc:::exit { @[probename] = count(); }
			tcp:::send, tcp:::receive { @[probename] = count(); }
			sdt:::, syscall::getpid:entry { @[probename] = count(); }' \
			>/dev/null 2>&1 &
		pid=$!
		sleep "0.$(random 10)"
		kill -KILL $pid 2>/dev/null || true
		wait $pid 2>/dev/null || true
		i=$((i + 1))
	done
) &
killer=$!

wait $loader
wait $killer
[ ! -s "$DT_TMP/bad" ] || dt_fail "$(cat "$DT_TMP/bad")"
dt_gone "$tracer" && dt_fail "the tracing consumer died: $(cat "$DT_TMP/out")"
dt_trace_stop
grep -q 'read' "$DT_TMP/out" ||
	dt_fail "the tracing consumer printed no syscall counts: $(cat "$DT_TMP/out")"
for m in $idle_mods; do
	! dt_loaded "$m" || dt_wait 30 rmmod "$m" 2>/dev/null ||
		dt_fail "rmmod $m failed after the storm"
done
dt_check_idle "the storm"
dt_unload_all || dt_fail "modules did not all unload"
echo "# $iters rounds"
exit 0
