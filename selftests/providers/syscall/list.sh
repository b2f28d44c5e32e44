#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: dtrace -l -P syscall lists entry and return of every call
# requires: dtrace_syscall
#
# ASSERTION: "dtrace -l -P syscall" lists only syscall probes, all with
# an empty module; read, write, openat, getpid and getppid have an entry
# and a return probe; every call listed has both; more than 300 calls
# are listed, and each once.
set -eu
. selftests/lib/dt.sh

dt_setup
dt_modprobe dtrace_syscall || dt_fail "modprobe dtrace_syscall failed"

timeout 120 "$DTRACE" -l -P syscall >"$DT_TMP/out" 2>"$DT_TMP/err" ||
	dt_fail "dtrace -l -P syscall exited $?: $(cat "$DT_TMP/err")"
# With an empty module a row has four fields: ID PROVIDER FUNCTION NAME.
bad=$(awk 'NR > 1 && (NF != 4 || $2 != "syscall" ||
	   ($4 != "entry" && $4 != "return"))' "$DT_TMP/out")
[ -z "$bad" ] || dt_fail "unexpected rows: $(echo "$bad" | head -n 5)"
for f in read write openat getpid getppid; do
	for n in entry return; do
		awk -v f="$f" -v n="$n" 'NR > 1 && $3 == f && $4 == n { c++ }
			END { exit c != 1 }' "$DT_TMP/out" ||
			dt_fail "syscall::$f:$n is not listed once"
	done
done
entries=$(awk 'NR > 1 && $4 == "entry"' "$DT_TMP/out" | wc -l)
returns=$(awk 'NR > 1 && $4 == "return"' "$DT_TMP/out" | wc -l)
calls=$(awk 'NR > 1 { print $3 }' "$DT_TMP/out" | sort -u | wc -l)
[ "$entries" -eq "$calls" ] && [ "$returns" -eq "$calls" ] ||
	dt_fail "$calls calls, $entries entry and $returns return probes"
[ "$calls" -gt 300 ] || dt_fail "only $calls calls listed"
exit 0
