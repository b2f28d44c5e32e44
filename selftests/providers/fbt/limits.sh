#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: fbt refuses too wide an enabling, and skips what it cannot arm
# requires: dtrace_fbt
#
# ASSERTION: fbt:::entry fails with a message naming the limit and
# leaves nothing enabled; fbt::do_int3:entry (kprobes refuse it) fails
# with a message saying the kernel does not allow it; fbt::do_*:entry,
# which matches it and hundreds of others, leaves it out and
# do_sys_openat2 fires for dd.
set -eu
. selftests/lib/dt.sh

dt_setup
dt_modprobe dtrace_fbt || dt_fail "modprobe dtrace_fbt failed"
st=0
timeout 600 "$DTRACE" -n 'fbt:::entry { @ = count(); }' >"$DT_TMP/out" 2>&1 ||
	st=$?
[ "$st" -eq 1 ] || dt_fail "fbt:::entry exited $st: $(cat "$DT_TMP/out")"
grep -q 'max_enabled' "$DT_TMP/out" ||
	dt_fail "no word of the limit: $(cat "$DT_TMP/out")"
[ "$(dt_enabled fbt)" = 0 ] ||
	dt_fail "fbt shows $(dt_enabled fbt) probes enabled after the refusal"

# do_int3 may one day not be offered at all; then there is nothing to try.
if timeout 120 "$DTRACE" -l -n fbt::do_int3:entry >/dev/null 2>&1; then
	st=0
	timeout 120 "$DTRACE" -n 'fbt::do_int3:entry { @ = count(); }' \
		>"$DT_TMP/out" 2>&1 || st=$?
	[ "$st" -eq 1 ] && grep -q 'does not allow' "$DT_TMP/out" ||
		dt_fail "fbt::do_int3:entry: $st $(cat "$DT_TMP/out")"
fi
timeout 600 "$DTRACE" -q -n 'fbt::do_*:entry /pid == $target/ {
	@[probefunc] = count(); }' \
	-c "dd if=/proc/version of=/dev/null bs=16 count=1" >"$DT_TMP/out" 2>&1 ||
	dt_fail "fbt::do_*:entry: $(cat "$DT_TMP/out")"
grep -q 'do_sys_openat2' "$DT_TMP/out" ||
	dt_fail "do_sys_openat2 did not fire: $(cat "$DT_TMP/out")"
exit 0
