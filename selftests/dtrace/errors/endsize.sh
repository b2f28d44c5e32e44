#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: bufpolicy=fill needs room for all of END's records
# requires: dtrace_core
#
# ASSERTION: Under bufpolicy=fill the buffer keeps room for the records
# of every END clause: when they do not fit together (three of 24 bytes
# in 64; each would on its own), tracing does not start and dtrace says,
# as DTrace does, "could not enable tracing: END enablings exceed size
# of principal buffer"; one such clause runs (24 bytes; BEGIN's record,
# 24, and the internal ERROR clause's, 56, fit in 64); a single record
# larger than the buffer is "Enabling exceeds size of buffer".
set -eu
. selftests/lib/dt.sh

dt_setup
dt_modprobe dtrace_core || dt_fail "modprobe dtrace_core failed"

st=0
timeout 120 "$DTRACE" -q -x bufpolicy=fill -b 64 -n 'END { trace(1); }' \
	-n 'END { trace(2); }' -n 'END { trace(3); }' -n 'BEGIN { exit(0); }' \
	>"$DT_TMP/out" 2>"$DT_TMP/err" || st=$?
[ "$st" -eq 1 ] || dt_fail "three END records: exit $st"
[ "$(cat "$DT_TMP/err")" = "dtrace: could not enable tracing: END enablings exceed size of principal buffer" ] ||
	dt_fail "three END records: stderr '$(cat "$DT_TMP/err")'"

st=0
timeout 120 "$DTRACE" -q -x bufpolicy=fill -b 64 \
	-n 'END { trace(1); }' -n 'BEGIN { exit(0); }' \
	>"$DT_TMP/out" 2>"$DT_TMP/err" || st=$?
[ "$st" -eq 0 ] || dt_fail "one END record: exit $st: $(cat "$DT_TMP/err")"
[ "$(cat "$DT_TMP/out")" = "1" ] || dt_fail "one END record: '$(cat "$DT_TMP/out")'"

st=0
timeout 120 "$DTRACE" -q -b 16 -n 'BEGIN { trace(1); exit(0); }' \
	>"$DT_TMP/out" 2>"$DT_TMP/err" || st=$?
[ "$st" -eq 1 ] || dt_fail "record past bufsize: exit $st"
[ "$(cat "$DT_TMP/err")" = "dtrace: could not enable tracing: Enabling exceeds size of buffer" ] ||
	dt_fail "record past bufsize: stderr '$(cat "$DT_TMP/err")'"
exit 0
