#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: macro arguments after the script are $1, $2 ...; -C runs cpp
# requires: dtrace_core
#
# ASSERTION: "dtrace -s x.d hello 42" gives $1 "hello" (a string where a
# string is wanted), $2 the integer 42 and $0 the script's name; options
# may follow the arguments.  With -C and -D, a #define and a macro from
# the command line are expanded, and a compile error still names the
# script's own line.
set -eu
. selftests/lib/dt.sh

dt_setup
dt_modprobe dtrace_core || dt_fail "modprobe dtrace_core failed"

cat >"$DT_TMP/x.d" <<'D'
BEGIN
{
	printf("%s %d %s\n", $$1, $2 + 1, $0);
	exit(0);
}
D
st=0
(cd "$DT_TMP" && timeout 120 "$DTRACE" -s x.d hello 42 -q) \
	>"$DT_TMP/out" 2>"$DT_TMP/err" || st=$?
[ "$st" -eq 0 ] || dt_fail "macros: exit $st: $(cat "$DT_TMP/err")"
[ "$(cat "$DT_TMP/out")" = "hello 43 x.d" ] ||
	dt_fail "macros: stdout '$(cat "$DT_TMP/out")'"

cat >"$DT_TMP/c.d" <<'D'
#define TWICE(x) ((x) * 2)
BEGIN
{
	printf("%d %d\n", TWICE(21), VAL);
	exit(0);
}
D
st=0
(cd "$DT_TMP" && timeout 120 "$DTRACE" -q -C -DVAL=7 -s c.d) \
	>"$DT_TMP/out" 2>"$DT_TMP/err" || st=$?
[ "$st" -eq 0 ] || dt_fail "-C: exit $st: $(cat "$DT_TMP/err")"
[ "$(cat "$DT_TMP/out")" = "42 7" ] ||
	dt_fail "-C: stdout '$(cat "$DT_TMP/out")'"

printf '#define X 1\n\nBEGIN\n{\n\ttrace(nosuch);\n}\n' >"$DT_TMP/e.d"
st=0
(cd "$DT_TMP" && "$DTRACE" -C -s e.d) >/dev/null 2>"$DT_TMP/err" || st=$?
[ "$st" -eq 1 ] || dt_fail "-C error: exit $st"
grep -q '^dtrace: failed to compile script e.d: line 5: ' "$DT_TMP/err" ||
	dt_fail "-C error: stderr '$(cat "$DT_TMP/err")'"
exit 0
