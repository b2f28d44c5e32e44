#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: a full dynamic variable space is reported as drops
# requires: dtrace_profile
#
# ASSERTION: With dynvarsize at 4 KiB, an associative array
# that gains a key at every profile tick runs out of space; the stores
# that do not fit are lost and reported on stderr as "dtrace: N dynamic
# variable drops", the trace goes on to its end (exit 0), and the keys
# that were stored read back (the count printed by END is non-zero).
set -eu
. selftests/lib/dt.sh

dt_setup
dt_modprobe dtrace_profile || dt_fail "modprobe dtrace_profile failed"

st=0
timeout 180 "$DTRACE" -q -x dynvarsize=4k -n '
	profile-997 { a[timestamp] = 1; n++; }
	tick-2s { exit(0); }
	END { printf("%d\n", n > 0); }' >"$DT_TMP/out" 2>"$DT_TMP/err" || st=$?
[ "$st" -eq 0 ] || dt_fail "exit $st: $(cat "$DT_TMP/err")"
[ "$(cat "$DT_TMP/out")" = 1 ] || dt_fail "stdout '$(cat "$DT_TMP/out")'"
grep -Eq '^dtrace: [0-9]+ dynamic variable drops?( on CPU [0-9]+)?$' "$DT_TMP/err" ||
	dt_fail "no drop report on stderr: '$(cat "$DT_TMP/err")'"
exit 0
