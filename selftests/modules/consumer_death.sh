#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: a consumer that dies any way leaves the core idle
# requires: dtrace_syscall, dtrace_profile, dtrace_fbt
#
# ASSERTION: a consumer tracing syscall, profile and fbt probes into
# records, an aggregation, thread-local variables and a speculation
# leaves nothing behind however it ends: exit() from D, SIGINT, SIGTERM,
# SIGKILL, its whole process group killed (parent shell included),
# chosen by the OOM killer (sysrq f with oom_score_adj 1000), its -c
# child killed.  After each: no consumer, 0 bytes and 0 allocations in
# /proc/dtrace/memory, no probe enabled; at the end every module unloads.
set -eu
. selftests/lib/dt.sh

dt_setup
for m in dtrace_syscall dtrace_profile dtrace_fbt; do
	dt_modprobe $m || dt_fail "modprobe $m failed"
done

prog='syscall::read:entry { @[execname] = count(); self->n++; }
	fbt::vfs_read:entry { self->t = timestamp; }
	fbt::vfs_read:return /self->t/ { @q = quantize(timestamp - self->t); self->t = 0; }
	profile-97 { s = speculation(); speculate(s); printf("%d\n", cpu); }
	tick-10ms { printf("tick\n"); }'

# start: a consumer in the background, as $DT_BG, once it ticks.
start() {
	: >"$DT_TMP/out"
	"$DTRACE" -q -n "$prog" -o "$DT_TMP/out" 2>"$DT_TMP/err" &
	DT_BG=$!
	dt_wait 120 grep -q tick "$DT_TMP/out" ||
		dt_fail "consumer did not start: $(cat "$DT_TMP/err")"
}

# ended HOW: wait for $DT_BG, then check the core is idle.
ended() {
	dt_wait_pid "$DT_BG" 120 || true
	DT_BG=
	dt_check_idle "$1"
}

"$DTRACE" -q -n "$prog tick-200ms { exit(0); }" -o "$DT_TMP/out" \
	2>"$DT_TMP/err" || dt_fail "exit() run failed: $(cat "$DT_TMP/err")"
dt_check_idle "exit() in D"

for sig in INT TERM KILL; do
	start
	kill -$sig "$DT_BG"
	ended "SIG$sig"
done

# The whole group: the shell that started dtrace and dtrace itself.
# Emptied first: the last consumer's ticks must not pass for this one's.
: >"$DT_TMP/out"
setsid sh -c '"$0" -q -n "$1" -o "$2" 2>/dev/null; exit $?' \
	"$DTRACE" "$prog" "$DT_TMP/out" &
sh_pid=$!
dt_wait 120 grep -q tick "$DT_TMP/out" || dt_fail "group consumer did not start"
DT_BG=$(pgrep -P "$sh_pid" -x dtrace) || dt_fail "no dtrace under the group's shell"
pgid=$(cut -d' ' -f5 "/proc/$DT_BG/stat")
[ "$pgid" = "$sh_pid" ] || dt_fail "dtrace is in group $pgid, not $sh_pid"
kill -KILL -"$pgid"
wait "$sh_pid" 2>/dev/null || true
ended "its process group was killed"

# The OOM killer: sysrq f kills the task with the highest badness.
start
echo 1000 >/proc/$DT_BG/oom_score_adj
echo f >/proc/sysrq-trigger
dt_wait 60 dt_gone "$DT_BG" || dt_fail "the OOM killer did not kill dtrace"
ended "the OOM killer chose it"

# -c: the child is killed, dtrace exits with it.
: >"$DT_TMP/out"
"$DTRACE" -q -n "$prog" -o "$DT_TMP/out" -c 'sleep 1000' 2>"$DT_TMP/err" &
DT_BG=$!
dt_wait 120 grep -q tick "$DT_TMP/out" || dt_fail "-c consumer did not start"
dt_wait 30 pgrep -x sleep >/dev/null || dt_fail "no -c child"
pkill -KILL -x sleep
ended "its -c child was killed"

dt_unload_all || dt_fail "modules did not all unload"
exit 0
