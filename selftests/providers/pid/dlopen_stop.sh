#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: a -c target is held at dlopen() until the probes in the library are made
# requires: dtrace_fasttrap
#
# ASSERTION: udlopen (selftests/progs), run by dtrace -Z -c, dlopen()s
# libz and calls zlibVersion 3 times at once (its two gate files exist
# from the start).  pid$target::zlibVersion:entry matches nothing when
# dtrace starts; dtrace holds the target at the dynamic linker's
# notification until it has made the probe and the kernel has enabled
# it, so all 3 calls fire it, where a probe made at the next buffer
# switch would miss them.  The target runs to its end (exit 0, "called
# 3") and dtrace exits with it.
set -eu
. selftests/lib/dt.sh
. selftests/providers/fasttrap/fasttrap.inc

ft_setup
ft_need_udlopen

timeout 300 "$DTRACE" -q -Z \
	-n 'pid$target::zlibVersion:entry { @[probemod] = count(); }' \
	-n 'END { printa("calls %s %@d\n", @); }' \
	-c "$UD $LIBZ zlibVersion / / 3" >"$DT_TMP/out" 2>&1 ||
	dt_fail "dtrace exited $?: $(cat "$DT_TMP/out")"
grep -q '^called 3$' "$DT_TMP/out" ||
	dt_fail "the target did not run to its end: $(cat "$DT_TMP/out")"
grep -q '^calls libz\.so\.1 3$' "$DT_TMP/out" ||
	dt_fail "zlibVersion did not fire 3 times: $(cat "$DT_TMP/out")"
dt_check_idle "dtrace exited with its target"
exit 0
