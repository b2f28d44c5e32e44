#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: raise() prints the probe's line; -w's notice; END's exit()
# requires: dtrace_core
#
# ASSERTION: A clause whose only action is raise() still prints its
# probe's line without -q, as DTrace does (one that only assigns prints
# nothing); with destructive actions allowed, dtrace says "allowing
# destructive actions" on stderr after the "matched" line (not with -q);
# and an exit() in END sets the exit status again (BEGIN's exit(1),
# END's exit(0): dtrace exits 0).  SIGWINCH, ignored by dtrace, is the
# signal raised at itself in BEGIN.
set -eu
. selftests/lib/dt.sh

dt_setup
dt_modprobe dtrace_core || dt_fail "modprobe dtrace_core failed"

st=0
_DTRACE_TESTING=t timeout 120 "$DTRACE" -w \
	-n 'BEGIN { x = 1; }' -n 'BEGIN { raise(28); }' \
	-n 'BEGIN { exit(1); }' -n 'END { exit(0); }' \
	>"$DT_TMP/out" 2>"$DT_TMP/err" || st=$?
[ "$st" -eq 0 ] || dt_fail "exit $st (END's exit(0) should win): $(cat "$DT_TMP/err")"
printf '%32s\n' 'FUNCTION:NAME' >"$DT_TMP/want"
printf '%32s \n' ':BEGIN' ':BEGIN' ':END' >>"$DT_TMP/want"
echo >>"$DT_TMP/want"
cmp -s "$DT_TMP/want" "$DT_TMP/out" ||
	dt_fail "stdout differs: $(diff -u "$DT_TMP/want" "$DT_TMP/out")"
tail -n 1 "$DT_TMP/err" >"$DT_TMP/last"
[ "$(cat "$DT_TMP/last")" = "dtrace: allowing destructive actions" ] ||
	dt_fail "stderr '$(cat "$DT_TMP/err")'"

st=0
timeout 120 "$DTRACE" -qw -n 'BEGIN { raise(28); exit(0); }' \
	>"$DT_TMP/out" 2>"$DT_TMP/err" || st=$?
[ "$st" -eq 0 ] || dt_fail "-q: exit $st: $(cat "$DT_TMP/err")"
[ ! -s "$DT_TMP/err" ] || dt_fail "-q: stderr '$(cat "$DT_TMP/err")'"
exit 0
