#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: BEGIN's output comes first and END's last, on any CPU
# requires: dtrace_profile
#
# ASSERTION: with profile-997hz recording on every CPU from the moment
# tracing starts, the first line printed is BEGIN's and the last is END's,
# whichever CPUs BEGIN, END and the samples ran on: the consumer drains
# BEGIN's CPU first and END's CPU last.
set -eu
. selftests/lib/dt.sh

dt_setup
dt_modprobe dtrace_profile || dt_fail "modprobe dtrace_profile failed"

st=0
timeout 120 "$DTRACE" -q -n '
	BEGIN { printf("begin\n"); }
	profile-997hz { printf("sample %d\n", cpu); }
	tick-1s { exit(0); }
	END { printf("end\n"); }' >"$DT_TMP/out" 2>"$DT_TMP/err" || st=$?
[ "$st" -eq 0 ] || dt_fail "exit status $st: $(cat "$DT_TMP/err")"
[ "$(head -n 1 "$DT_TMP/out")" = begin ] ||
	dt_fail "first line is '$(head -n 1 "$DT_TMP/out")'"
# END's line, then the empty line dtrace's output ends in
[ "$(tail -n 2 "$DT_TMP/out" | head -n 1)" = end ] &&
	[ -z "$(tail -n 1 "$DT_TMP/out")" ] ||
	dt_fail "last lines are '$(tail -n 2 "$DT_TMP/out")'"
grep -q '^sample ' "$DT_TMP/out" || dt_fail "no samples between BEGIN and END"
exit 0
