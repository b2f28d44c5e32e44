#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: a consumer killed with SIGKILL leaves nothing enabled
# requires: dtrace_profile
#
# ASSERTION: while a consumer traces tick-10ms (records, an aggregation
# and a speculation that is never committed), /proc/dtrace/providers
# counts its enabled profile probe.  Once the consumer is killed with
# SIGKILL and reaped, the profile line there shows 0 enabled and
# "rmmod dtrace_profile" succeeds at the first try, as does
# "rmmod dtrace_core".
set -eu
. selftests/lib/dt.sh

dt_setup

dt_modprobe dtrace_profile || dt_fail "modprobe dtrace_profile failed"
"$DTRACE" -q -n 'tick-10ms { printf("x\n"); @[cpu] = quantize(timestamp); }
		 tick-10ms { s = speculation(); }
		 tick-10ms /s/ { speculate(s); printf("y\n"); }' \
	-o "$DT_TMP/out" 2>"$DT_TMP/err" &
DT_BG=$!
dt_wait 60 dt_has_lines "$DT_TMP/out" 1 ||
	dt_fail "no tick within 60 s; dtrace said: $(cat "$DT_TMP/err")"
[ -r /proc/dtrace/providers ] || dt_fail "no /proc/dtrace/providers"
en=$(dt_enabled profile)
[ "$en" != none ] || dt_fail "/proc/dtrace/providers has no profile line"
[ "$en" -ge 1 ] || dt_fail "profile shows $en enabled while tracing"

kill -KILL "$DT_BG"
st=0
wait "$DT_BG" || st=$?
DT_BG=
[ "$st" -eq 137 ] || dt_fail "dtrace exited $st, not killed by SIGKILL (137)"

en=$(dt_enabled profile)
[ "$en" = 0 ] || {
	cat /proc/dtrace/providers >&2
	dt_fail "profile shows $en enabled after the consumer died"
}
rmmod dtrace_profile || dt_fail "rmmod dtrace_profile failed after SIGKILL"
rmmod dtrace_core || dt_fail "rmmod dtrace_core failed after SIGKILL"
exit 0
