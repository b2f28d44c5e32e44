#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: dynvarsize counts elements as DTrace does; a drop ends the clause
# requires: dtrace_profile
#
# ASSERTION: dynvarsize is counted per element as DTrace counts it: a
# self-> int takes 4 bytes (15 bytes hold three, the fourth store is
# one drop, and storing 0 to one makes room again), an a[int] = int
# element 20 (80 bytes hold four; 19 bytes cannot hold one, so the start
# fails with "Enabling exceeds size of buffer").  A store that finds the
# space full is a drop that ends its clause there, with no ERROR: the
# statements after it do not run, and the drop is reported once.
set -eu
. selftests/lib/dt.sh

dt_setup
dt_modprobe dtrace_profile || dt_fail "modprobe dtrace_profile failed"

# run NAME OPTIONS...: stdout in $DT_TMP/NAME.out, stderr in
# $DT_TMP/NAME.err, the exit status in $st.
run() {
	name=$1
	shift
	st=0
	timeout 180 "$DTRACE" -q "$@" >"$DT_TMP/$name.out" \
		2>"$DT_TMP/$name.err" || st=$?
}

# check NAME STDOUT DROPS: the run exited 0 with that stdout, and its
# stderr has "dtrace: 1 dynamic variable drop" if DROPS is 1, no drop
# line if 0.
check() {
	[ "$st" -eq 0 ] || dt_fail "$1: exit $st: $(cat "$DT_TMP/$1.err")"
	[ "$(cat "$DT_TMP/$1.out")" = "$2" ] ||
		dt_fail "$1: stdout '$(cat "$DT_TMP/$1.out")'"
	if [ "$3" -eq 1 ]; then
		grep -qx 'dtrace: 1 dynamic variable drop' "$DT_TMP/$1.err"
	else
		! grep -q drop "$DT_TMP/$1.err"
	fi || dt_fail "$1: stderr '$(cat "$DT_TMP/$1.err")'"
}

run tls -x dynvarsize=15 -n '
	BEGIN { self->a = 1; self->b = 2; self->c = 3; self->d = 4;
		printf("%d %d %d %d\n", self->a, self->b, self->c, self->d); }
	BEGIN { self->a = 0; self->d = 4;
		printf("%d %d %d %d\n", self->a, self->b, self->c, self->d);
		exit(0); }
	ERROR { exit(1); }'
check tls "0 2 3 4" 1

run assoc -x dynvarsize=80 -n '
	BEGIN { a[1] = 1; a[2] = 2; a[3] = 3; a[1] = 0; a[4] = 4;
		printf("%d %d %d %d\n", a[1], a[2], a[3], a[4]); exit(0); }
	ERROR { exit(1); }'
check assoc "0 2 3 4" 0

run small -x dynvarsize=19 -n 'BEGIN { a[1] = 1; exit(0); }'
[ "$st" -eq 1 ] || dt_fail "small: exit $st"
grep -qx 'dtrace: could not enable tracing: Enabling exceeds size of buffer' \
	"$DT_TMP/small.err" || dt_fail "small: stderr '$(cat "$DT_TMP/small.err")'"

run strkey -x strsize=100 -x dynvarsize=200 -n '
	BEGIN { a["x"] = 1; printf("stored\n"); a["y"] = 2; printf("after\n"); }
	BEGIN { exit(0); }
	ERROR { exit(1); }'
# the clause ended at its drop: neither printf's record was kept
check strkey "" 1
exit 0
