#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# User function probe effect, run in the guest by bench/run.sh.
# bench/ufunc makes N calls of bench_ufunc(), untraced and under each of:
#   ours  dtrace -p PID: pid$target:ufunc:bench_ufunc:entry { @ = count(); }
#   bpf   uprobe:bench/ufunc:bench_ufunc { @ = count(); }
# The extra time divided by the events counted is the cost of one
# event (a breakpoint trap, the handler, and stepping over the
# instruction), less the floor: floor_bench.ko's uprobe consumer that
# returns at once, on the same instruction.  Runs are interleaved, REPS
# of each (default 7).
set -eu

reps=${REPS:-7}
n=${UFUNC_N:-100000}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
dtrace=userland/dtrace
bench=pid
ufunc=$(pwd)/bench/ufunc
. bench/lib.sh

modprobe -d "$MODROOT" dtrace_fasttrap

bpf=
command -v bpftrace >/dev/null 2>&1 && bpf=$(command -v bpftrace)

# ours: dtrace attaches to a waiting ufunc and exits when it does
ours() {
	[ ! -e "$tmp/ours.failed" ] || return 0
	rm -f "$tmp/go"
	"$ufunc" "$n" "$tmp/go" >"$tmp/t" &
	_u=$!
	$dtrace -q -p "$_u" -n 'BEGIN { printf("go\n"); }
		pid$target:ufunc:bench_ufunc:entry { @ = count(); }' \
		>"$tmp/out" 2>&1 &
	_d=$!
	if ! wait_go "$tmp/out" "$_d"; then
		echo "pid: ours did not start: $(head -c 300 "$tmp/out")" >&2
		touch "$tmp/ours.failed" "$tmp/go"
		wait "$_u" || true
		return 0
	fi
	touch "$tmp/go"
	wait "$_u" || true
	if ! wait_exit "$_d"; then
		echo "pid: ours did not exit with its target" >&2
		touch "$tmp/ours.failed"
		return 0
	fi
	_ev=$(awk 'NF == 1 && $1 ~ /^[0-9]+$/ { print $1 }' "$tmp/out")
	[ -n "$_ev" ] && [ "$_ev" -gt 0 ] || {
		echo "pid: ours counted nothing: $(head -c 300 "$tmp/out")" >&2
		touch "$tmp/ours.failed"
		return 0
	}
	echo "$(cat "$tmp/t") $_ev" >>"$tmp/ours"
}

# The file offset of bench_ufunc, for the floor's uprobe: its address
# less that of the loadable segment it is in, plus that one's offset.
addr=$((0x$(nm "$ufunc" | awk '$3 == "bench_ufunc" { print $1 }')))
foff=
readelf -lW "$ufunc" | grep '^ *LOAD' >"$tmp/load"
# shellcheck disable=SC2034 # type, paddr, filesz: the fields skipped
while read -r type off vaddr paddr filesz memsz _; do
	if [ "$addr" -ge $((vaddr)) ] && [ "$addr" -lt $((vaddr + memsz)) ]; then
		foff=$((addr - vaddr + off))
	fi
done <"$tmp/load"

go='BEGIN { printf("go\n"); }'
rep=0
while [ "$rep" -lt "$reps" ]; do
	settle
	"$ufunc" "$n" >>"$tmp/base"
	settle
	ours
	if [ -n "$bpf" ]; then
		settle
		spin_cmd=$ufunc
		traced bpf '/^@:/ { print $2 }' "$bpf" -e \
			"$go uprobe:$ufunc:bench_ufunc { @ = count(); }"
	fi
	settle
	spin_cmd=$ufunc
	floor floor-uprobe hook=uprobe path="$ufunc" offset="$foff"
	rep=$((rep + 1))
done

base=$(median_base base)
# shellcheck disable=SC2046 # "median spread", two words each
set -- $(cost ours "$base") $(cost bpf "$base") $(cost floor-uprobe "$base")
row "pid\$target::bench_ufunc:entry, @ = count(): added cost per call" \
	ns/event "$1" "$2" "$3" "<=0.50" "$5"
echo "| untraced user function call | $(awk -v b="$base" -v n="$n" \
	'BEGIN { printf "%.1f", b / n }') ns/call | | | | |"
rmmod dtrace_fasttrap dtrace_core
