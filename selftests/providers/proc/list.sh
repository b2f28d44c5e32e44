#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: dtrace -l -P proc lists the thirteen proc probes, -lv their types
# requires: dtrace_proc
#
# ASSERTION: "dtrace -l -P proc" lists exactly the thirteen probes of the
# proc provider, with empty module and function.  "dtrace -lv" shows
# create's args[0] as psinfo_t *, signal-send's and signal-discard's
# as lwpsinfo_t *, psinfo_t * and int, exec's args[0] as string, and
# exec-success none.
set -eu
. selftests/lib/dt.sh

dt_setup
dt_modprobe dtrace_proc || dt_fail "modprobe dtrace_proc failed"

timeout 120 "$DTRACE" -l -P proc >"$DT_TMP/l" 2>"$DT_TMP/err" ||
	dt_fail "dtrace -l -P proc exited $?: $(cat "$DT_TMP/err")"
awk 'NR > 1 { if (NF != 3 || $2 != "proc") bad = 1; print $3 }
     END { exit bad }' "$DT_TMP/l" | sort >"$DT_TMP/names" || {
	cat "$DT_TMP/l" >&2
	dt_fail "a listed probe is not proc:::NAME"
}
printf '%s\n' create exec exec-failure exec-success exit lwp-create \
	lwp-exit lwp-start signal-clear signal-discard signal-handle \
	signal-send start |
	sort >"$DT_TMP/want"
cmp -s "$DT_TMP/names" "$DT_TMP/want" || {
	diff "$DT_TMP/want" "$DT_TMP/names" >&2 || true
	dt_fail "dtrace -l -P proc does not list the thirteen probes"
}

# types PROBE: the "args[N]: TYPE" lines of dtrace -lv for proc:::PROBE
types() {
	timeout 120 "$DTRACE" -lv -n "proc:::$1" >"$DT_TMP/v" 2>"$DT_TMP/err" ||
		dt_fail "dtrace -lv -n proc:::$1 exited $?: $(cat "$DT_TMP/err")"
	sed -n 's/^[[:space:]]*\(args\[[0-9]\]: .*\)$/\1/p' "$DT_TMP/v" |
		tr '\n' ';'
}

check() {
	got=$(types "$1")
	[ "$got" = "$2" ] || dt_fail "proc:::$1 types '$got', expected '$2'"
}
check create 'args[0]: psinfo_t *;'
check signal-send 'args[0]: lwpsinfo_t *;args[1]: psinfo_t *;args[2]: int;'
check signal-discard 'args[0]: lwpsinfo_t *;args[1]: psinfo_t *;args[2]: int;'
check lwp-create 'args[0]: lwpsinfo_t *;args[1]: psinfo_t *;'
check exec 'args[0]: string;'
check exec-failure 'args[0]: int;'
check exit 'args[0]: int;'
check signal-clear 'args[0]: int;'
check exec-success ''
check start ''
exit 0
