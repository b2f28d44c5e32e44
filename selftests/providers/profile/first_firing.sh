#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: a tick or profile probe's first firing comes one interval after tracing starts
# requires: dtrace_profile
#
# ASSERTION: the interval of a tick-n or profile-n probe counts from
# the moment tracing starts (BEGIN), not from when the probe was
# enabled: between the two the consumer allocates its buffers (here 16
# MB per CPU, a good part of a second in an emulated guest), and a timer
# started at enabling would fire during that set-up, unseen, or soon
# after BEGIN.  So with -b 16m:
#  - the first tick-1s fires at least 750 ms after BEGIN;
#  - the first profile-2 (every 500 ms on each CPU) on any CPU fires at
#    least 375 ms after BEGIN;
#  - a second consumer of the same tick-2s starting leaves the first
#    one's clock alone: the first one's ticks stay about 2 s apart (none
#    more than 3 s after the one before) while the second starts; a
#    restart would delay the next by up to 2 s.
# A guest that stalls (a loaded host) only makes a firing later, and a
# next one sooner: the bounds leave room for stalls of up to a second.
set -eu
. selftests/lib/dt.sh

dt_setup
dt_modprobe dtrace_profile || dt_fail "modprobe dtrace_profile failed"

st=0
timeout 300 "$DTRACE" -b 16m -q -n '
BEGIN { start = timestamp; }
tick-1s { printf("%d\n", (timestamp - start) / 1000000); exit(0); }' \
	>"$DT_TMP/out" 2>"$DT_TMP/err" || st=$?
[ "$st" -eq 0 ] || dt_fail "tick-1s: exit status $st: $(cat "$DT_TMP/err")"
ms=$(head -n 1 "$DT_TMP/out")
[ -n "$ms" ] && [ "$ms" -ge 750 ] ||
	dt_fail "the first tick-1s fired ${ms:-?} ms after BEGIN, expected at least 750"

st=0
timeout 300 "$DTRACE" -b 16m -q -n '
BEGIN { start = timestamp; }
profile-2 { printf("%d %d\n", cpu, (timestamp - start) / 1000000); exit(0); }' \
	>"$DT_TMP/out" 2>"$DT_TMP/err" || st=$?
[ "$st" -eq 0 ] || dt_fail "profile-2: exit status $st: $(cat "$DT_TMP/err")"
ms=$(awk 'NF == 2 { print $2; exit }' "$DT_TMP/out")
[ -n "$ms" ] && [ "$ms" -ge 375 ] ||
	dt_fail "the first profile-2 fired ${ms:-?} ms after BEGIN, expected at least 375"

# A ticks 5 times; B starts (and ends at its own first tick) in between.
"$DTRACE" -q -n 'tick-2s { printf("%d\n", timestamp / 1000000); }
tick-2s /++n == 5/ { exit(0); }' >"$DT_TMP/a" 2>"$DT_TMP/aerr" &
apid=$!
dt_wait 60 dt_has_lines "$DT_TMP/a" 2 ||
	dt_fail "consumer A printed no two ticks in 60 s: $(cat "$DT_TMP/aerr")"
timeout 300 "$DTRACE" -b 16m -q -n 'tick-2s { exit(0); }' \
	>/dev/null 2>"$DT_TMP/berr" || dt_fail "consumer B: $(cat "$DT_TMP/berr")"
st=0
dt_wait_pid "$apid" 120 || st=$?
[ "$st" -eq 0 ] || dt_fail "consumer A: exit status $st: $(cat "$DT_TMP/aerr")"
awk 'NF == 1 { if (prev && $1 - prev > 3000) bad = 1; prev = $1 }
     END { exit bad }' "$DT_TMP/a" ||
	dt_fail "A's ticks were more than 3 s apart: $(tr '\n' ' ' <"$DT_TMP/a")"
exit 0
