#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: pid probes in a library the target dlopen()s after dtrace started
# requires: dtrace_fasttrap
#
# ASSERTION: udlopen (selftests/progs) runs under dtrace -Z -c with
# pid$target:libz.so.1:zlibVersion:entry enabled; libz is not mapped
# yet, so the description matches nothing.  Once the target has
# dlopen()ed libz, dtrace makes the probe at its next buffer switch and
# the kernel enables it for the consumer: the 20 calls the target makes
# after that fire it 20 times, and dtrace exits with the target.
# Without -Z the same description is refused.
set -eu
. selftests/lib/dt.sh
. selftests/providers/fasttrap/fasttrap.inc

ft_setup
ft_need_udlopen
prog='pid$target:libz.so.1:zlibVersion:entry { @ = count(); }
	END { printa("calls %@d\n", @); }'

! timeout 120 "$DTRACE" -q -n "$prog" \
	-c "$UD $LIBZ zlibVersion $DT_TMP/no $DT_TMP/no 1" >"$DT_TMP/noz" 2>&1 ||
	dt_fail "a description of an unmapped library ran without -Z"
grep -q 'does not match any probes' "$DT_TMP/noz" ||
	dt_fail "without -Z: $(cat "$DT_TMP/noz")"

timeout 300 "$DTRACE" -q -Z -n "BEGIN { printf(\"go\\n\"); } $prog" \
	-c "$UD $LIBZ zlibVersion $DT_TMP/load $DT_TMP/call 20" \
	>"$DT_TMP/out" 2>&1 &
DT_BG=$!
dt_wait 120 grep -q '^go' "$DT_TMP/out" ||
	dt_fail "dtrace did not start: $(cat "$DT_TMP/out")"
touch "$DT_TMP/load"
dt_wait 60 grep -q '^loaded' "$DT_TMP/out" ||
	dt_fail "the target did not load $LIBZ: $(cat "$DT_TMP/out")"
# made at a buffer switch (switchrate, 1 s), then armed: poll for it
dt_wait 60 sh -c "grep -q ' yes .*:zlibVersion:entry\$' /proc/dtrace/fasttrap" ||
	dt_fail "no zlibVersion probe armed: $(cat /proc/dtrace/fasttrap)"
touch "$DT_TMP/call"
st=0
dt_wait_pid "$DT_BG" 120 || st=$?
DT_BG=
[ "$st" -eq 0 ] || dt_fail "dtrace exited $st: $(cat "$DT_TMP/out")"
grep -q '^calls 20$' "$DT_TMP/out" ||
	dt_fail "zlibVersion did not fire 20 times: $(cat "$DT_TMP/out")"
dt_check_idle "dtrace exited with its target"
exit 0
