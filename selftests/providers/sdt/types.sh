#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: the argument types declared at a site show in dtrace -lv
# requires: dtrace_sdt
#
# ASSERTION: dtrace -lv -n hello:::write shows args[0] size_t and
# args[1], args[2] const char *, and nothing more; read-done shows its
# one argument, ssize_t.
set -eu
. selftests/lib/dt.sh
. selftests/providers/sdt/sdt.inc

dt_setup
sdt_load dtrace_sdt helloworld
timeout 120 "$DTRACE" -lv -n hello:::write >"$DT_TMP/out" 2>&1 ||
	dt_fail "dtrace -lv exited $?: $(cat "$DT_TMP/out")"
got=$(grep 'args\[' "$DT_TMP/out" | tr -s '\t ' ' ')
want=" args[0]: size_t
 args[1]: const char *
 args[2]: const char *"
[ "$got" = "$want" ] || dt_fail "hello:::write types: $got"
timeout 120 "$DTRACE" -lv -n hello:::read-done >"$DT_TMP/out" 2>&1 ||
	dt_fail "dtrace -lv exited $?: $(cat "$DT_TMP/out")"
got=$(grep 'args\[' "$DT_TMP/out" | tr -s '\t ' ' ')
[ "$got" = " args[0]: ssize_t" ] || dt_fail "hello:::read-done types: $got"
exit 0
