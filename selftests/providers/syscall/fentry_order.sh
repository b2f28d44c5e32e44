#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: a call's entry and return probes wrap fbt's on its handler, whichever was enabled first
# requires: dtrace_syscall, dtrace_fbt
#
# ASSERTION: with the modules' default parameters (syscall::read:entry
# on a per-call function-entry hook), each read() of dd fires
# syscall::read:entry, fbt::__x64_sys_read:entry,
# fbt::__x64_sys_read:return and syscall::read:return in that order,
# whichever hooks were registered first: both providers' probes enabled
# by one consumer in either clause order, and the fbt probes (then the
# syscall probes) enabled by another consumer before the one that
# prints.  With DT_PERCALL_MAX set, the syscall module is loaded with
# that percall_max.
set -eu
. selftests/lib/dt.sh
. selftests/providers/syscall/syscall.inc

dt_setup
syscall_load_fbt

sys='syscall::read:entry, syscall::read:return'
fbt='fbt::__x64_sys_read:entry, fbt::__x64_sys_read:return'
act='/pid == $target/ { printf("%s:%s\n", probeprov, probename); }'

# order NAME PROG: run PROG over dd's reads; fail unless its lines are
# whole rounds of the four probes in order, and at least 5 of them
order() {
	timeout 300 "$DTRACE" -q -n "$2" \
		-c "dd if=/dev/zero of=/dev/null bs=1 count=5" \
		>"$DT_TMP/order.$1" 2>"$DT_TMP/err" ||
		dt_fail "$1: dtrace exited $?: $(cat "$DT_TMP/err")"
	awk 'BEGIN { want[0] = "syscall:entry"; want[1] = "fbt:entry"
		     want[2] = "fbt:return"; want[3] = "syscall:return" }
	     NF { if ($1 != want[n % 4]) bad = 1; n++ }
	     END { exit bad || n % 4 || n < 20 }' "$DT_TMP/order.$1" ||
		dt_fail "$1: out of order: $(tr '\n' ' ' <"$DT_TMP/order.$1")"
	echo "# $1: $(wc -l <"$DT_TMP/order.$1") firings in order"
}

order "one consumer, syscall first" "$sys $act $fbt $act"
order "one consumer, fbt first" "$fbt $act $sys $act"

# the other consumer enables PROBES first and keeps them while one prints
dt_trace "$fbt { @ = count(); }"
order "fbt enabled by another consumer first" "$sys $act $fbt $act"
dt_trace_stop
dt_check_idle "the fbt consumer"
dt_trace "$sys { @ = count(); }"
order "syscall enabled by another consumer first" "$fbt $act $sys $act"
dt_trace_stop
exit 0
