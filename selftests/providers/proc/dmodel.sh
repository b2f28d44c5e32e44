#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: pr_dmodel tells a 32-bit process from a 64-bit one
# requires: dtrace_proc
#
# ASSERTION: at proc:::exec-success, curpsinfo->pr_dmodel is
# PR_MODEL_ILP32 (1) for the i386 program selftests/progs/exit32 and
# PR_MODEL_LP64 (2) for the x86-64 /bin/true; exit32's exit status 7
# gives proc:::exit args[0] CLD_EXITED.  Skipped where the kernel runs
# no 32-bit programs.
set -eu
. selftests/lib/dt.sh

PROG=$DT_TOP/selftests/progs/exit32
dt_setup
[ -x "$PROG" ] || dt_skip "selftests/progs/exit32 is not built"
st=0
"$PROG" 2>/dev/null || st=$?
[ "$st" -eq 7 ] || dt_skip "this kernel does not run 32-bit programs"
dt_modprobe dtrace_proc || dt_fail "modprobe dtrace_proc failed"

# model CMD: "MODEL REASON" of the -c target CMD
model() {
	timeout 120 "$DTRACE" -q -c "$1" -n '
		proc:::exec-success /pid == $target/
		{ printf("%d ", curpsinfo->pr_dmodel); }
		proc:::exit /pid == $target/ { printf("%d\n", args[0]); }' \
		2>"$DT_TMP/err" || dt_fail "dtrace -c $1 failed: $(cat "$DT_TMP/err")"
}
got=$(model "$PROG")
[ "$got" = "1 1" ] || dt_fail "exit32: '$got', expected '1 1'"
got=$(model /bin/true)
[ "$got" = "2 1" ] || dt_fail "/bin/true: '$got', expected '2 1'"
exit 0
