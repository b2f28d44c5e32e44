#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: under integrity lockdown no destructive action is enabled
# requires: dtrace_core
#
# ASSERTION: with the kernel locked down for integrity (runs only so:
# lockdown.inc), a program tracing without destructive actions runs as
# ever; but each of raise(), stop(), chill(), copyout(), copyoutstr()
# and panic(), even with -w (and -x allowpanic), is refused when it is
# enabled: dtrace exits 1 saying "could not enable tracing: Destructive
# actions not allowed: the kernel is locked down", leaves nothing
# enabled, and the kernel logs the lockdown refusal.  The clauses are
# guarded by a predicate that is never true, so that a kernel that
# wrongly accepted them would still not act.  system(), which the
# dtrace command carries out itself as the user who ran it, stays
# allowed with -w.
set -eu
. selftests/lib/dt.sh
. selftests/runtime/lockdown.inc

ld_setup integrity
st=0
timeout 120 "$DTRACE" -q -n 'BEGIN { printf("pid %d\n", pid); exit(0); }' \
	>"$DT_TMP/out" 2>"$DT_TMP/err" || st=$?
[ "$st" -eq 0 ] || dt_fail "non-destructive: exit $st: $(cat "$DT_TMP/err")"
grep -q '^pid [0-9]' "$DT_TMP/out" || dt_fail "non-destructive: '$(cat "$DT_TMP/out")'"

for act in 'raise(9)' 'stop()' 'chill(1)' 'copyout(alloca(4), 0, 4)' \
	   'copyoutstr("x", 0, 2)' 'panic()'; do
	st=0
	timeout 120 "$DTRACE" -q -w -x allowpanic \
		-n "BEGIN /pid == -1/ { $act; }" -n 'BEGIN { exit(0); }' \
		>"$DT_TMP/out" 2>"$DT_TMP/err" || st=$?
	[ "$st" -eq 1 ] || dt_fail "$act: exit $st, not 1: $(cat "$DT_TMP/err")"
	grep -q '^dtrace: could not enable tracing: Destructive actions not allowed: the kernel is locked down' \
		"$DT_TMP/err" || dt_fail "$act: stderr '$(cat "$DT_TMP/err")'"
	dt_idle || dt_fail "$act: not idle after: $(cat /proc/dtrace/memory)"
done
dmesg | grep -q 'Lockdown: dtrace: use of bpf to write user RAM is restricted' ||
	dt_fail "no lockdown refusal in the kernel log"

st=0
timeout 120 "$DTRACE" -q -w -n 'BEGIN { system("echo hello %d", 42); exit(0); }' \
	>"$DT_TMP/out" 2>"$DT_TMP/err" || st=$?
[ "$st" -eq 0 ] || dt_fail "system(): exit $st: $(cat "$DT_TMP/err")"
[ "$(cat "$DT_TMP/out")" = "hello 42" ] || dt_fail "system(): '$(cat "$DT_TMP/out")'"
exit 0
