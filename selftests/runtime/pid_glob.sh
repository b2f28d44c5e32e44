#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: pid sites chosen by a glob are the probes the kernel matches
# requires: dtrace_fasttrap
#
# ASSERTION: "dtrace -l" of pid$target:a.out:[^m]*:entry lists, as the
# kernel matches the description against the probes dtrace made, the
# same functions as pid$target:a.out::entry less those starting with m:
# ut_add is among them, main is not, and none is missing.  dtrace
# chooses the sites with the matcher the kernel matches with, so a
# class ("[^m]", negated by ^) means the same on both sides.
# shellcheck disable=SC2016 # $target is dtrace's macro, not the shell's
set -eu
. selftests/lib/dt.sh
. selftests/providers/fasttrap/fasttrap.inc

ft_setup
# ls_funcs DESC: the functions dtrace -l lists for DESC, sorted.
ls_funcs() {
	timeout 120 "$DTRACE" -l -c "$UT -n 1" -n "$1" >"$DT_TMP/l" 2>"$DT_TMP/err" ||
		dt_fail "dtrace -l -n '$1' exited $?: $(cat "$DT_TMP/err")"
	awk 'NR > 1 { print $4 }' "$DT_TMP/l" | LC_ALL=C sort
}
ls_funcs 'pid$target:a.out:[^m]*:entry' >"$DT_TMP/neg"
ls_funcs 'pid$target:a.out::entry' | grep -v '^m' >"$DT_TMP/want"
grep -qx ut_add "$DT_TMP/neg" || dt_fail "[^m]* lists no ut_add: $(cat "$DT_TMP/neg")"
! grep -qx main "$DT_TMP/neg" || dt_fail "[^m]* lists main"
cmp -s "$DT_TMP/neg" "$DT_TMP/want" ||
	dt_fail "[^m]* lists other functions than all but m*: $(diff "$DT_TMP/want" "$DT_TMP/neg")"
dt_wait 30 ft_no_sites || dt_fail "user probes left: $(ft_sites)"
exit 0
