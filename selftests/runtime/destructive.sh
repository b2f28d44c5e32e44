#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: destructive actions need -w, and then act
# requires: dtrace_profile
#
# ASSERTION: raise(), copyout() and system() without -w compile but are
# not enabled, as in DTrace: exit 1, "dtrace: could not enable tracing:
# Destructive actions not allowed", nothing enabled, system()'s command
# not run.  With -w and
# -c, a busy target process killed by raise(9) from a profile probe ends
# the trace: dtrace reports the target's exit and exits 0.  system()
# with -w runs its command.
set -eu
. selftests/lib/dt.sh

dt_setup
dt_modprobe dtrace_profile || dt_fail "modprobe dtrace_profile failed"

for prog in 'BEGIN { raise(9); }' 'BEGIN { copyout(0, 0, 1); }' \
	'tick-1s { exit(0); } BEGIN { system("echo ran"); }'; do
	st=0
	"$DTRACE" -q -n "$prog" >"$DT_TMP/out" 2>"$DT_TMP/err" || st=$?
	[ "$st" -eq 1 ] || dt_fail "$prog without -w: exit $st"
	grep -qx 'dtrace: could not enable tracing: Destructive actions not allowed' \
		"$DT_TMP/err" ||
		dt_fail "$prog without -w: stderr '$(cat "$DT_TMP/err")'"
	[ ! -s "$DT_TMP/out" ] || dt_fail "$prog without -w: stdout '$(cat "$DT_TMP/out")'"
	[ "$(dt_enabled profile)" = 0 ] || dt_fail "something stayed enabled"
done

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
