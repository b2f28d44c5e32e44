#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: modules in use refuse rmmod; they unload once the consumer is gone
# requires: dtrace_profile
#
# ASSERTION: while a consumer traces tick-100ms, "rmmod dtrace_profile"
# fails and leaves the module loaded, and the trace keeps running (its
# output keeps growing); "rmmod dtrace_core" fails too.  After SIGINT the
# consumer exits 0, and then both modules unload.  An open /dev/dtrace
# alone also keeps dtrace_core loaded until it is closed.
set -eu
. selftests/lib/dt.sh

dt_setup

# rmmod_refused MOD: rmmod MOD must fail and MOD stay loaded.
rmmod_refused() {
	if msg=$(rmmod "$1" 2>&1); then
		dt_fail "rmmod $1 succeeded while in use"
	fi
	dt_loaded "$1" || dt_fail "rmmod $1 failed ($msg) but $1 is gone"
	echo "rmmod $1 refused: $msg"
}

dt_modprobe dtrace_profile || dt_fail "modprobe dtrace_profile failed"
"$DTRACE" -q -n 'tick-100ms { printf("tick\n"); }' -o "$DT_TMP/out" \
	2>"$DT_TMP/err" &
DT_BG=$!
dt_wait 60 dt_has_lines "$DT_TMP/out" 1 ||
	dt_fail "no tick within 60 s; dtrace said: $(cat "$DT_TMP/err")"

rmmod_refused dtrace_profile
before=$(dt_lines "$DT_TMP/out")
dt_wait 60 dt_has_lines "$DT_TMP/out" $((before + 2)) ||
	dt_fail "the trace stopped after the refused rmmod ($before lines)"
rmmod_refused dtrace_core

kill -INT "$DT_BG"
st=0
dt_wait_pid "$DT_BG" 60 || st=$?
DT_BG=
[ "$st" -eq 0 ] || dt_fail "dtrace exited $st after SIGINT: $(cat "$DT_TMP/err")"

rmmod dtrace_profile || dt_fail "rmmod dtrace_profile failed after the consumer exited"
( exec 3</dev/dtrace ) || dt_fail "cannot open /dev/dtrace"
exec 3</dev/dtrace
rmmod_refused dtrace_core
exec 3<&-
rmmod dtrace_core || dt_fail "rmmod dtrace_core failed after /dev/dtrace was closed"
exit 0
