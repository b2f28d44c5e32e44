#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: the dynamic variable space is made only for a program that has dynamic variables
# requires: dtrace_profile
#
# ASSERTION: a program with no self-> variable and no associative array
# takes the same memory (/proc/dtrace/memory's bytes, while it runs)
# whatever its dynvarsize: the space behind dynvarsize is not made for
# it.  A program with a self-> variable does take more with a larger
# dynvarsize, so the measure can tell.
set -eu
. selftests/lib/dt.sh

dt_setup
dt_modprobe dtrace_profile || dt_fail "modprobe dtrace_profile failed"
dt_idle || dt_fail "not idle before any consumer: $(cat /proc/dtrace/memory)"

# bytes PROGRAM DYNVARSIZE: /proc/dtrace/memory's bytes while it runs
bytes() {
	dt_trace "$1" -x bufsize=64k -x aggsize=64k -x dynvarsize="$2"
	b=$(awk '$1 == "bytes" { print $2 }' /proc/dtrace/memory)
	dt_trace_stop
	dt_wait 60 dt_idle || dt_fail "not idle after a consumer"
	echo "$b"
}

plain='tick-1s { @ = count(); x = timestamp; }'
dyn='tick-1s { self->t = timestamp; }'
a=$(bytes "$plain" 64k)
b=$(bytes "$plain" 8m)
[ "$a" -eq "$b" ] ||
	dt_fail "no dynamic variable: $a bytes with dynvarsize=64k, $b with 8m"
c=$(bytes "$dyn" 64k)
d=$(bytes "$dyn" 8m)
[ "$d" -gt "$((c + 4194304))" ] ||
	dt_fail "a self-> variable: $c bytes with dynvarsize=64k, $d with 8m"
exit 0
