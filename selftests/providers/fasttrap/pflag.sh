#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: dtrace -p attaches to a running process and exits with it
# requires: dtrace_fasttrap
#
# ASSERTION: utarget started on its own, waiting for a file, is traced
# with dtrace -p: after the file appears ut_add fires 30 times; dtrace
# reports the exit, prints the aggregation and exits 0.  A process that
# is stopped (SIGSTOP) when dtrace attaches is traced as well once it is
# continued, and so is one that strace is tracing.
set -eu
. selftests/lib/dt.sh
. selftests/providers/fasttrap/fasttrap.inc

# attach PID: dtrace -p PID counting ut_add calls, started and tracing
attach() {
	timeout 120 "$DTRACE" -q -p "$1" -n 'BEGIN { printf("go\n"); }
		pid$target:a.out:ut_add:entry { @ = count(); }
		END { printa("calls %@d\n", @); }' >"$DT_TMP/out" 2>&1 &
	DT_BG=$!
	dt_wait 120 grep -q '^go' "$DT_TMP/out" ||
		dt_fail "no go: $(cat "$DT_TMP/out")"
}

# finish: wait for dtrace to exit 0 with its target
finish() {
	st=0
	dt_wait_pid "$DT_BG" 120 || st=$?
	DT_BG=
	[ "$st" -eq 0 ] || dt_fail "dtrace exited $st: $(cat "$DT_TMP/out")"
}

ft_setup
"$UT" -n 30 -w "$DT_TMP/go" >"$DT_TMP/target" &
pid=$!
ft_wait_exec "$pid"
attach "$pid"
touch "$DT_TMP/go"
finish
ft_expect '^calls 30$'
grep -q '^sum 1305 ' "$DT_TMP/target" || dt_fail "target: $(cat "$DT_TMP/target")"

# a stopped process
rm -f "$DT_TMP/go"
"$UT" -n 7 -w "$DT_TMP/go" >"$DT_TMP/target" &
pid=$!
ft_wait_exec "$pid"
kill -STOP "$pid"
attach "$pid"
touch "$DT_TMP/go"
kill -CONT "$pid"
finish
ft_expect '^calls 7$'

# a process a debugger is tracing (strace holds it with ptrace)
command -v strace >/dev/null || exit 0
rm -f "$DT_TMP/go"
"$UT" -n 9 -w "$DT_TMP/go" >"$DT_TMP/target" &
pid=$!
ft_wait_exec "$pid"
strace -qq -o /dev/null -p "$pid" &
tracer=$!
dt_wait 60 grep -Eq "^TracerPid:[[:space:]]+$tracer\$" "/proc/$pid/status" ||
	dt_fail "strace did not attach"
attach "$pid"
touch "$DT_TMP/go"
finish
ft_expect '^calls 9$'
wait "$tracer" || true
exit 0
