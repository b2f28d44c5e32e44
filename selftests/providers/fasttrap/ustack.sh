#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: ustack() and ucaller of pid probes are symbolised
# requires: dtrace_fasttrap
#
# ASSERTION: at pid$target:a.out:ut_leaf:entry (utarget is built with
# frame pointers) ustack() reads utarget`ut_leaf, then utarget`ut_mid+0x..
# (the return address on top of the stack at entry), then utarget`work;
# ucaller is in ut_mid; at the return probe the stack starts in ut_mid.
# The process has exited when the records are printed: its maps were
# read when it started.
set -eu
. selftests/lib/dt.sh
. selftests/providers/fasttrap/fasttrap.inc

ft_setup
ft_run -c "$UT -n 3" -n '
	int done, rdone;
	pid$target:a.out:ut_leaf:entry /!done/ { printf("entry\n"); ustack();
		printf("ucaller %A\n", ucaller); done = 1; }
	pid$target:a.out:ut_leaf:return /!rdone/ { printf("return\n");
		ustack(); rdone = 1; }'
awk '/^entry$/ { f = 1; next } f && NF { print $1 }' "$DT_TMP/out" | head -3 \
	>"$DT_TMP/frames"
[ "$(sed -n 1p "$DT_TMP/frames")" = 'utarget`ut_leaf' ] ||
	dt_fail "first frame not ut_leaf: $(cat "$DT_TMP/out")"
sed -n 2p "$DT_TMP/frames" | grep -q '^utarget`ut_mid+0x' ||
	dt_fail "second frame not in ut_mid: $(cat "$DT_TMP/out")"
sed -n 3p "$DT_TMP/frames" | grep -q '^utarget`work+0x' ||
	dt_fail "third frame not in work: $(cat "$DT_TMP/out")"
ft_expect '^ucaller utarget`ut_mid\+0x'
awk '/^return$/ { f = 1; next } f && NF { print $1; exit }' "$DT_TMP/out" |
	grep -q '^utarget`ut_mid+0x' ||
	dt_fail "return stack does not start in ut_mid: $(cat "$DT_TMP/out")"
exit 0
