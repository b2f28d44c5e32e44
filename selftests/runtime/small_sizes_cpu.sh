#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: tiny bufsize, dynvarsize, scratchsize; the cpu option
# requires: dtrace_profile
#
# ASSERTION: bufsize, dynvarsize and scratchsize take any size from one
# byte up, as in DTrace.  A clause whose record is larger than bufsize
# makes the start fail: "could not enable tracing: Enabling exceeds size
# of buffer", exit 1.  With bufsize=96 (room for the fault's error record
# and the exit record), dynvarsize=20 and scratchsize=16 a program
# storing more associative array elements than fit (drops) and
# copying a string into scratch (which faults) still runs to exit(0)
# without a kernel warning.  -x cpu=N: BEGIN, END and every profile
# probe that records report CPU N, and a tick-N probe fires there (its
# timer is armed on that CPU); a CPU the machine lacks is refused.
set -eu
. selftests/lib/dt.sh

dt_setup
dt_modprobe dtrace_profile || dt_fail "modprobe dtrace_profile failed"

st=0
timeout 180 "$DTRACE" -x bufsize=16 -n 'BEGIN { trace(1); exit(0); }' \
	>"$DT_TMP/out" 2>"$DT_TMP/err" || st=$?
[ "$st" -eq 1 ] || dt_fail "bufsize=16: exit $st"
grep -qx 'dtrace: could not enable tracing: Enabling exceeds size of buffer' \
	"$DT_TMP/err" || dt_fail "bufsize=16: stderr '$(cat "$DT_TMP/err")'"

st=0
timeout 180 "$DTRACE" -q -x bufsize=96 -x dynvarsize=20 -x scratchsize=16 -n '
	BEGIN { a[1] = 1; a[2] = 2; a[3] = 3; }
	BEGIN { s = strjoin(execname, execname); }
	BEGIN { printf("ok\n"); exit(0); }' \
	>"$DT_TMP/out" 2>"$DT_TMP/err" || st=$?
[ "$st" -eq 0 ] || dt_fail "small sizes: exit $st: $(cat "$DT_TMP/err")"
[ "$(cat "$DT_TMP/out")" = ok ] ||
	dt_fail "small sizes: stdout '$(cat "$DT_TMP/out")'"

cpu=$(($(nproc) - 1))
st=0
timeout 180 "$DTRACE" -q -x cpu=$cpu -c 'sleep 3' -n '
	BEGIN { printf("%d\n", cpu); }
	profile-997 /n++ < 5/ { printf("%d\n", cpu); }
	END { printf("%d\n", cpu); }' \
	>"$DT_TMP/out" 2>"$DT_TMP/err" || st=$?
[ "$st" -eq 0 ] || dt_fail "cpu=$cpu: exit $st: $(cat "$DT_TMP/err")"
[ "$(grep -c . "$DT_TMP/out")" -ge 2 ] &&
	! grep -vx "$cpu" "$DT_TMP/out" | grep -q . ||
	dt_fail "cpu=$cpu: stdout '$(cat "$DT_TMP/out")'"

for c in 0 $cpu; do
	st=0
	timeout 120 "$DTRACE" -q -x cpu="$c" -n '
		tick-10ms { printf("%d\n", cpu); exit(0); }' \
		>"$DT_TMP/out" 2>"$DT_TMP/err" || st=$?
	[ "$st" -eq 0 ] || dt_fail "tick, cpu=$c: exit $st: $(cat "$DT_TMP/err")"
	[ "$(cat "$DT_TMP/out")" = "$c" ] ||
		dt_fail "tick, cpu=$c: stdout '$(cat "$DT_TMP/out")'"
done

st=0
"$DTRACE" -x cpu=4096 -n BEGIN >/dev/null 2>"$DT_TMP/err" || st=$?
[ "$st" -eq 1 ] || dt_fail "cpu=4096: exit $st"
grep -qx 'dtrace: failed to set -x cpu: Invalid value for specified option' \
	"$DT_TMP/err" || dt_fail "cpu=4096: stderr '$(cat "$DT_TMP/err")'"
exit 0
