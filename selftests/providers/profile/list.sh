#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: dtrace -l lists the dtrace and profile probes
# requires: dtrace_profile
#
# ASSERTION: "dtrace -l" prints the classic header line and lists
# dtrace:::BEGIN, END and ERROR as probes 1, 2 and 3.  "dtrace -l -n
# tick-1s" lists exactly one probe, profile:::tick-1s.  "dtrace -l -P
# profile" lists only profile probes, among them profile-97 and tick-1.
set -eu
. selftests/lib/dt.sh

# The header as DTrace has always printed it, and each row laid out the
# same way: printf "%5s %10s %17s %33s %s".
header='   ID   PROVIDER            MODULE                          FUNCTION NAME'
row() {
	printf '%5s %10s %17s %33s %s\n' "$@"
}

dt_setup
dt_modprobe dtrace_profile || dt_fail "modprobe dtrace_profile failed"

# list OUTFILE ARGS...: run dtrace ARGS, which must exit 0.
list() {
	_o=$1
	shift
	timeout 120 "$DTRACE" "$@" >"$_o" 2>"$DT_TMP/err" ||
		dt_fail "dtrace $* exited $?: $(cat "$DT_TMP/err")"
	[ "$(head -n 1 "$_o")" = "$header" ] || {
		cat "$_o" >&2
		dt_fail "dtrace $*: first line is not the header '$header'"
	}
}

list "$DT_TMP/all" -l
id=1
for name in BEGIN END ERROR; do
	want=$(row "$id" dtrace "" "" "$name")
	got=$(sed -n "$((id + 1))p" "$DT_TMP/all")
	[ "$got" = "$want" ] || {
		head -n 5 "$DT_TMP/all" >&2
		dt_fail "line $((id + 1)) is '$got', expected '$want'"
	}
	id=$((id + 1))
done

list "$DT_TMP/tick" -l -n tick-1s
[ "$(wc -l <"$DT_TMP/tick")" -eq 2 ] || {
	cat "$DT_TMP/tick" >&2
	dt_fail "-l -n tick-1s does not list exactly one probe"
}
# shellcheck disable=SC2046 # the line's words
set -- $(sed -n 2p "$DT_TMP/tick")
[ $# -eq 3 ] && [ "$2" = profile ] && [ "$3" = tick-1s ] ||
	dt_fail "-l -n tick-1s lists '$*', expected 'ID profile tick-1s'"

list "$DT_TMP/prof" -l -P profile
others=$(awk 'NR > 1 && $2 != "profile"' "$DT_TMP/prof")
[ -z "$others" ] || dt_fail "-l -P profile lists other providers: $others"
for name in profile-97 tick-1; do
	awk -v n="$name" 'NR > 1 && $NF == n { f = 1 } END { exit !f }' \
		"$DT_TMP/prof" || {
		cat "$DT_TMP/prof" >&2
		dt_fail "-l -P profile does not list $name"
	}
done
exit 0
