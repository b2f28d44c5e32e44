#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: destructive actions need -w, and then act
# requires: dtrace_profile
#
# ASSERTION: raise() without -w fails to compile (exit 1, one "dtrace: "
# line naming destructive actions) and enables nothing.  With -w and
# -c, a busy target process killed by raise(9) from a profile probe ends
# the trace: dtrace reports the target's exit and exits 0.  system()
# with -w runs its command.
set -eu
. selftests/lib/dt.sh

dt_setup
dt_modprobe dtrace_profile || dt_fail "modprobe dtrace_profile failed"

st=0
"$DTRACE" -n 'BEGIN { raise(9); }' >"$DT_TMP/out" 2>"$DT_TMP/err" || st=$?
[ "$st" -eq 1 ] || dt_fail "raise without -w: exit $st"
grep -qi 'destructive' "$DT_TMP/err" ||
	dt_fail "raise without -w: stderr '$(cat "$DT_TMP/err")'"
[ "$(dt_enabled profile)" = 0 ] || dt_fail "something stayed enabled"

st=0
timeout 180 "$DTRACE" -w -c 'sh -c "while :; do :; done"' \
	-n 'profile-97 /pid == $target/ { raise(9); }' \
	>"$DT_TMP/out" 2>"$DT_TMP/err" || st=$?
[ "$st" -eq 0 ] || dt_fail "raise(9) of the target: exit $st: $(cat "$DT_TMP/err")"
grep -Eq '^dtrace: pid [0-9]+ (has exited|terminated by SIGKILL)' "$DT_TMP/err" ||
	dt_fail "raise(9): no target exit report: '$(cat "$DT_TMP/err")'"

st=0
timeout 120 "$DTRACE" -q -w -n 'BEGIN { system("echo hello %d", 42); exit(0); }' \
	>"$DT_TMP/out" 2>"$DT_TMP/err" || st=$?
[ "$st" -eq 0 ] || dt_fail "system(): exit $st: $(cat "$DT_TMP/err")"
[ "$(cat "$DT_TMP/out")" = "hello 42" ] ||
	dt_fail "system(): stdout '$(cat "$DT_TMP/out")'"
exit 0
