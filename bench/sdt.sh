#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Cost of a disabled SDT site, run in the guest by bench/run.sh: the
# sdt_bench module times LOOP_N iterations of a loop through a
# DTRACE_PROBE1() site that dtrace_sdt knows but nobody enables, and of
# the same loop without the site, REPS times (default 7).  Prints a
# table row: the added ns per iteration (under -icount, one ns is one
# instruction).
set -eu

reps=${REPS:-7}
n=${LOOP_N:-20000000}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
bench=sdt
. bench/lib.sh

modprobe -d "$MODROOT" dtrace_sdt
modprobe -d "$MODROOT" sdt_bench
rep=0
while [ "$rep" -lt "$reps" ]; do
	echo "$n" >/proc/sdt_bench
	read -r with without _ </proc/sdt_bench
	echo "$without $n" >>"$tmp/base"
	echo "$with $n" >>"$tmp/site"
	rep=$((rep + 1))
done
base=$(median_base base)
# shellcheck disable=SC2046 # "median spread", two words each
set -- $(cost site "$base")
row 'disabled DTRACE_PROBE1() site in a loop: added cost per iteration' \
	ns/iter "$1" "$2" n/a "~1"
rmmod sdt_bench dtrace_sdt dtrace_core
