#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# User probe effect, run in the guest by bench/run.sh: a function entry
# (pid) and a USDT site.  bench/ufunc makes N calls of bench_ufunc(),
# bench/usdt N iterations of a USDT probe (bench/usdt.d), untraced and
# under each of:
#   ours  dtrace -p PID: pid$target:ufunc:bench_ufunc:entry { @ = count(); }
#                        benchusdt$target:::tick { @ = count(); }
#   bpf   bpftrace -c:   uprobe:bench/ufunc:bench_ufunc { @ = count(); }
#                        usdt:bench/usdt:benchusdt:tick { @ = count(); }
# The extra time divided by the events counted is the cost of one
# event (a breakpoint trap, the handler, and stepping over the
# instruction), less the floor: floor_bench.ko's uprobe consumer that
# returns at once, on the same instruction.  Both tracers have their
# probes in place before the loop starts: dtrace attaches to a program
# waiting for a file, bpftrace -c starts the program once attached; each
# exits with the program, no SIGINT needed.  Runs are interleaved, REPS
# of each (default 7).
set -eu

reps=${REPS:-7}
n=${UFUNC_N:-100000}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
dtrace=userland/dtrace
bench=pid
ufunc=$(pwd)/bench/ufunc
usdt=$(pwd)/bench/usdt
. bench/lib.sh

modprobe -d "$MODROOT" dtrace_fasttrap

bpf=
command -v bpftrace >/dev/null 2>&1 && bpf=$(command -v bpftrace)

# ours NAME PROG CLAUSE: dtrace -p attaches to PROG waiting for a file,
# enables CLAUSE and exits when PROG does
ours() {
	[ ! -e "$tmp/$1.failed" ] || return 0
	rm -f "$tmp/go"
	# emptied now: the job's own redirection may come after wait_go
	# has read the last run's "go"
	: >"$tmp/out"
	"$2" "$n" "$tmp/go" >"$tmp/t" &
	_u=$!
	$dtrace -q -p "$_u" -n "BEGIN { printf(\"go\\n\"); } $3" \
		>"$tmp/out" 2>&1 &
	_d=$!
	if ! wait_go "$tmp/out" "$_d"; then
		echo "$1: ours did not start: $(head -c 300 "$tmp/out")" >&2
		touch "$tmp/$1.failed" "$tmp/go"
		wait "$_u" || true
		return 0
	fi
	touch "$tmp/go"
	wait "$_u" || true
	if ! wait_exit "$_d"; then
		echo "$1: ours did not exit with its target" >&2
		touch "$tmp/$1.failed"
		return 0
	fi
	_ev=$(awk 'NF == 1 && $1 ~ /^[0-9]+$/ { print $1 }' "$tmp/out")
	[ -n "$_ev" ] && [ "$_ev" -gt 0 ] || {
		echo "$1: ours counted nothing: $(head -c 300 "$tmp/out")" >&2
		touch "$tmp/$1.failed"
		return 0
	}
	echo "$(cat "$tmp/t") $_ev" >>"$tmp/$1"
}

# bpf NAME PROG PROBE: bpftrace -c runs PROG once PROBE is attached and
# exits when it does.  Its output holds PROG's time and @'s count.
bpf() {
	[ -n "$bpf" ] && [ ! -e "$tmp/$1.failed" ] || return 0
	"$bpf" -c "$2 $n" -e "$3 { @ = count(); }" >"$tmp/out" 2>&1 &
	_b=$!
	if ! wait_exit "$_b" again; then
		echo "$1: bpftrace did not exit with its target: $(head -c 300 "$tmp/out")" >&2
		touch "$tmp/$1.failed"
		return 0
	fi
	_t=$(awk 'NF == 1 && $1 ~ /^[0-9]+$/ { print $1 }' "$tmp/out")
	_ev=$(awk '$1 == "@:" { print $2 }' "$tmp/out")
	if [ -z "$_t" ] || [ -z "$_ev" ] || [ "$_ev" -eq 0 ]; then
		echo "$1: bpftrace counted nothing: $(head -c 300 "$tmp/out")" >&2
		touch "$tmp/$1.failed"
		return 0
	fi
	echo "$_t $_ev" >>"$tmp/$1"
}

# file_offset FILE ADDR: the file offset of the address ADDR of FILE,
# for the floor's uprobe: ADDR less the start of the loadable segment it
# is in, plus that one's offset
file_offset() {
	readelf -lW "$1" | grep '^ *LOAD' >"$tmp/load"
	# shellcheck disable=SC2034 # type, paddr, filesz: the fields skipped
	while read -r type off vaddr paddr filesz memsz _; do
		if [ "$2" -ge $((vaddr)) ] && [ "$2" -lt $((vaddr + memsz)) ]; then
			echo $(($2 - vaddr + off))
		fi
	done <"$tmp/load"
}

ufoff=$(file_offset "$ufunc" \
	$((0x$(nm "$ufunc" | awk '$3 == "bench_ufunc" { print $1 }'))))
# the USDT site's nop, from its .note.stapsdt note
usoff=$(file_offset "$usdt" $(($(readelf -n "$usdt" |
	awk '$1 == "Location:" { sub(/,$/, "", $2); print $2 }'))))

rep=0
while [ "$rep" -lt "$reps" ]; do
	settle
	"$ufunc" "$n" >>"$tmp/base"
	settle
	ours ours "$ufunc" 'pid$target:ufunc:bench_ufunc:entry { @ = count(); }'
	settle
	bpf bpf "$ufunc" "uprobe:$ufunc:bench_ufunc"
	settle
	spin_cmd=$ufunc
	floor floor-uprobe hook=uprobe path="$ufunc" offset="$ufoff"

	settle
	"$usdt" "$n" >>"$tmp/ubase"
	settle
	ours uours "$usdt" 'benchusdt$target:::tick { @ = count(); }'
	settle
	bpf ubpf "$usdt" "usdt:$usdt:benchusdt:tick"
	settle
	spin_cmd=$usdt
	floor ufloor hook=uprobe path="$usdt" offset="$usoff"
	rep=$((rep + 1))
done

base=$(median_base base)
ubase=$(median_base ubase)
# shellcheck disable=SC2046 # "median spread", two words each
set -- $(cost ours "$base") $(cost bpf "$base") $(cost floor-uprobe "$base") \
	$(cost uours "$ubase") $(cost ubpf "$ubase") $(cost ufloor "$ubase")
row "pid\$target::bench_ufunc:entry, @ = count(): added cost per call" \
	ns/event "$1" "$2" "$3" "<=0.50" "$5"
row "USDT benchusdt\$target:::tick (one argument), @ = count(): added cost per site" \
	ns/event "$7" "$8" "$9" "<=0.50" "${11}"
echo "| untraced user function call | $(awk -v b="$base" -v n="$n" \
	'BEGIN { printf "%.1f", b / n }') ns/call | | | | |"
rmmod dtrace_fasttrap dtrace_core
