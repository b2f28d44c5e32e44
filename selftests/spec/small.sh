#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: a specsize smaller than a record: speculative drops
# requires: dtrace_core
#
# ASSERTION: specsize takes sizes below a page, as DTrace does (here 32
# bytes); a speculated record that does not fit is dropped, counted and
# reported as "dtrace: 1 speculative drop", and the commit prints
# nothing of it.
set -eu
. selftests/lib/dt.sh

dt_setup
dt_modprobe dtrace_core || dt_fail "modprobe dtrace_core failed"

st=0
timeout 120 "$DTRACE" -q -x nspec=1 -x specsize=32 \
	-n 'BEGIN { s = speculation(); speculate(s);
	    printf("%s\n", "longer than thirty-two bytes with its header"); }' \
	-n 'BEGIN { commit(s); }' -n 'BEGIN { exit(0); }' \
	>"$DT_TMP/out" 2>"$DT_TMP/err" || st=$?
[ "$st" -eq 0 ] || dt_fail "exit $st: $(cat "$DT_TMP/err")"
[ "$(cat "$DT_TMP/out")" = "" ] || dt_fail "stdout '$(cat "$DT_TMP/out")'"
grep -qx 'dtrace: 1 speculative drop' "$DT_TMP/err" ||
	dt_fail "stderr '$(cat "$DT_TMP/err")'"
exit 0
