#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: dtrace -l lists the twelve lockstat probes; -lv shows their argument types and stability
# requires: dtrace_lockstat
#
# ASSERTION: "dtrace -l -P lockstat" lists exactly adaptive-acquire,
# adaptive-acquire-error, adaptive-release, adaptive-spin,
# adaptive-block, spin-acquire, spin-release, spin-spin, rw-acquire,
# rw-release, rw-spin and rw-block, in module vmlinux, and loading
# dtrace_lockstat pulls in dtrace_core and no other provider.
# "dtrace -lv" gives each the types DTrace on Linux gives (args[0] the
# lock: struct mutex *, spinlock_t *, rwlock_t *, struct rw_semaphore *;
# spin and block args[1] uint64_t, the time; acquire-error args[1] int;
# rw-acquire args[1] int, rw-block args[2] int) and DTrace's stability:
# Private/Private/Unknown for the description, Evolving/Evolving/ISA for
# the arguments.
set -eu
. selftests/lib/dt.sh

dt_setup
dt_modprobe_alone dtrace_lockstat
got=$(dt_list_probes lockstat)
want=$(printf 'lockstat vmlinux %s\n' adaptive-acquire \
	adaptive-acquire-error adaptive-release adaptive-spin adaptive-block \
	spin-acquire spin-release spin-spin rw-acquire rw-release rw-spin \
	rw-block | sort)
[ "$got" = "$want" ] || {
	cat "$DT_TMP/l" >&2
	dt_fail "-l -P lockstat lists '$got'"
}

# verbose PROBE: dtrace -lv's lines after the probe's, blanks dropped,
# joined by "|".
verbose() {
	timeout 120 "$DTRACE" -lv -n "lockstat:::$1" >"$DT_TMP/v" \
		2>"$DT_TMP/err" ||
		dt_fail "dtrace -lv -n lockstat:::$1: $(cat "$DT_TMP/err")"
	awk 'NR > 2 && NF { sub(/^[ \t]+/, ""); printf "%s|", $0 }' "$DT_TMP/v"
}
attrs='Probe Description Attributes|Identifier Names: Private|Data Semantics:   Private|Dependency Class: Unknown|Argument Attributes|Identifier Names: Evolving|Data Semantics:   Evolving|Dependency Class: ISA|Argument Types|'
# check PROBE TYPE...: its attributes and argument types.
check() {
	_p=$1
	shift
	_want=$attrs
	_n=0
	for _t in "$@"; do
		_want="${_want}args[$_n]: $_t|"
		_n=$((_n + 1))
	done
	_got=$(verbose "$_p")
	[ "$_got" = "$_want" ] || dt_fail "lockstat:::$_p -lv: '$_got'"
}
check adaptive-acquire 'struct mutex *'
check adaptive-acquire-error 'struct mutex *' int
check adaptive-release 'struct mutex *'
check adaptive-spin 'struct mutex *' uint64_t
check adaptive-block 'struct mutex *' uint64_t
check spin-acquire 'spinlock_t *'
check spin-release 'spinlock_t *'
check spin-spin 'spinlock_t *' uint64_t
check rw-acquire 'rwlock_t *' int
check rw-release 'rwlock_t *'
check rw-spin 'rwlock_t *' uint64_t
check rw-block 'struct rw_semaphore *' uint64_t int
exit 0
