#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: the syscall one-liners users copy first work
# requires: dtrace_syscall
#
# ASSERTION: each of these runs (-c ends it) and prints what it says:
#   syscall:::entry { printf("%s %s\n", execname, probefunc); }
#	has "syscalls getppid" and "syscalls openat" lines;
#   syscall::read:return /execname == "sh"/ { @ = quantize(arg0); }
#	around a sh reading a 32-byte line byte by byte has a row for
#	value 1 with a count of at least 32;
#   syscall::openat:entry { printf("%s", copyinstr(arg1)); }
#	prints /dev/zero;
#   syscall:::entry { @[probefunc] = count(); }
#	counts getppid at least 7 times and read and openat.
set -eu
. selftests/lib/dt.sh

dt_setup
dt_modprobe dtrace_syscall || dt_fail "modprobe dtrace_syscall failed"

# run OUT CMD PROG: dtrace -c CMD -n PROG must exit 0
run() {
	_st=0
	timeout 120 "$DTRACE" -c "$2" -n "$3" >"$DT_TMP/$1" 2>"$DT_TMP/err" ||
		_st=$?
	[ "$_st" -eq 0 ] || dt_fail "'$3' exited $_st: $(cat "$DT_TMP/err")"
}

run names selftests/progs/syscalls \
	'syscall:::entry { printf("%s %s\n", execname, probefunc); }'
for want in 'syscalls getppid' 'syscalls openat'; do
	grep -q " $want\$" "$DT_TMP/names" || dt_fail "no line ending '$want'"
done

printf '%031d\n' 0 >"$DT_TMP/line"
run quant "sh -c 'read x <$DT_TMP/line'" \
	'syscall::read:return /execname == "sh"/ { @ = quantize(arg0); }'
n=$(awk '$1 == 1 && $2 ~ /^\|/ { print $3 }' "$DT_TMP/quant")
[ -n "$n" ] && [ "$n" -ge 32 ] || {
	cat "$DT_TMP/quant" >&2
	dt_fail "quantize has no row 1 with a count of 32 or more"
}

run paths selftests/progs/syscalls \
	'syscall::openat:entry { printf("%s", copyinstr(arg1)); }'
grep -q '/dev/zero$' "$DT_TMP/paths" || {
	cat "$DT_TMP/paths" >&2
	dt_fail "no /dev/zero printed"
}

run counts selftests/progs/syscalls 'syscall:::entry { @[probefunc] = count(); }'
n=$(awk '$1 == "getppid" { print $2 }' "$DT_TMP/counts")
[ -n "$n" ] && [ "$n" -ge 7 ] || {
	cat "$DT_TMP/counts" >&2
	dt_fail "getppid counted '$n' times, expected 7 or more"
}
for f in read openat; do
	grep -q "^ *$f  *[0-9][0-9]*\$" "$DT_TMP/counts" || dt_fail "no count for $f"
done
exit 0
