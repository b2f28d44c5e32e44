#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: speculation() with none free fails and is reported
# requires: dtrace_profile
#
# ASSERTION: with nspec=1, a second speculation() while the first is
# active returns 0, and the failure is reported once on stderr as
# "dtrace: 1 failed speculation (no speculative buffer available: No
# such process", word for word as DTrace prints it (its closing
# parenthesis missing, strerror(ESRCH) added).
set -eu
. selftests/lib/dt.sh

dt_setup
dt_modprobe dtrace_profile || dt_fail "modprobe dtrace_profile failed"

st=0
timeout 120 "$DTRACE" -q -x nspec=1 \
	-n 'BEGIN { a = speculation(); b = speculation();
	    printf("%d %d\n", a, b); exit(0); }' \
	>"$DT_TMP/out" 2>"$DT_TMP/err" || st=$?
[ "$st" -eq 0 ] || dt_fail "exit $st: $(cat "$DT_TMP/err")"
[ "$(cat "$DT_TMP/out")" = "1 0" ] || dt_fail "stdout '$(cat "$DT_TMP/out")'"
grep -qx 'dtrace: 1 failed speculation (no speculative buffer available: No such process' \
	"$DT_TMP/err" || dt_fail "stderr '$(cat "$DT_TMP/err")'"
exit 0
