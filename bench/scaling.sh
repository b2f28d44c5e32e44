#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Scaling, run in the guest by bench/run.sh: the added cost of one
# getpid() call (bench/spin, N calls) traced
#  - by K clauses on the one probe, K = 1, 10, 100, 1000, each counting
#    into the same key-less aggregation:
#	ours:     K x  syscall::getpid:entry { @ = count(); }
#	bpftrace: K x  tracepoint:syscalls:sys_enter_getpid { @ = count(); }
#    (bpftrace for K <= 10: the kernel attaches at most 64 BPF programs
#    to one tracepoint); N calls for K <= 10, N * 10 / K for more, so
#    that a run costs about the same whatever K;
#  - and the added cost of one umask(i) call (bench/spin N umask) by one
#    clause counting into an aggregation of K keys, K = 1, 1000, 100000,
#    the key being the loop counter i that spin passes as the mask:
#	ours:     syscall::umask:entry { @[arg0 % K] = count(); }
#	bpftrace: tracepoint:syscalls:sys_enter_umask
#		  { @[args->mask % K] = count(); }
#    with room for every key on both sides (aggsize 32m; bpftrace's
#    BPFTRACE_MAP_KEYS_MAX).
#  - and, for the breakdown of one clause's cost (docs/performance.md),
#    the added cost of one getpid() call under one clause whose
#    predicate is false: the hook, the dispatch and the predicate:
#	ours:     syscall::getpid:entry /pid == 1/ { @ = count(); }
#	bpftrace: tracepoint:syscalls:sys_enter_getpid /pid == 1/
#		  { @ = count(); }
#    and (ours only) the same with /execname == "nosuch"/, a string
#    compare.
# Runs are interleaved, REPS of each (default 5).  Prints table rows.
# NCLAUSES and NKEYS, if set, replace the lists of K (empty: none), for
# a focused run: NCLAUSES="1 10" NKEYS= bench/scaling.sh; NPREDS (default
# "1 2") the predicate rows: 1 /pid == 1/, 2 /execname == "nosuch"/.
# MODES (default "ours") lists the ways ours runs the K-clause and
# predicate rows: "general straight ours" adds rows with the clause's
# fast paths off (general: every program, the predicate too, through
# the decode loop) and with the straight forms only, for the breakdown
# in docs/performance.md.
set -eu

reps=${REPS:-5}
ncalls=${SPIN_N:-1000000}
n=$ncalls
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
dtrace=${DTRACE:-userland/dtrace}
bench=scaling
. bench/lib.sh

modprobe -d "$MODROOT" dtrace_syscall

bpf=
command -v bpftrace >/dev/null 2>&1 && bpf=$(command -v bpftrace)
[ "${NOBPF:-}" != 1 ] || bpf=	# NOBPF=1: ours only

go='BEGIN { printf("go\n"); }'
nclauses=${NCLAUSES-1 10 100 1000}
bpf_max=10
nkeys=${NKEYS-1 1000 100000}
npreds=${NPREDS-1 2}
modes=${MODES-ours}

# pred N: the text of predicate row N
pred() {
	case $1 in
	1) echo 'pid == 1' ;;
	*) echo 'execname == "nosuch"' ;;
	esac
}

# clauses FILE K CLAUSE: a script of "go" and K copies of CLAUSE
clauses() {
	{
		printf '%s\n' "$go"
		_i=0
		while [ "$_i" -lt "$2" ]; do
			printf '%s\n' "$3"
			_i=$((_i + 1))
		done
	} >"$1"
}

for k in $nclauses; do
	clauses "$tmp/ours-c$k.d" "$k" 'syscall::getpid:entry { @ = count(); }'
	clauses "$tmp/bpf-c$k.bt" "$k" \
		'tracepoint:syscalls:sys_enter_getpid { @ = count(); }'
done

# calls K: the calls of a run under K clauses, fewer for large K so
# that each run executes about as many instructions
calls() {
	_c=$((ncalls * 10 / $1))
	[ "$_c" -lt "$ncalls" ] || _c=$ncalls
	echo "$_c"
}

# paths MODE: the clause's fast paths for the next enablings: ours (the
# default: all on), general (dtrace_core.straight=0 aggfast=0), straight
# (the straight form only)
paths() {
	case $1 in
	general) set -- 0 0 ;;
	straight) set -- 1 0 ;;
	*) set -- 1 1 ;;
	esac
	echo "$1" >/sys/module/dtrace_core/parameters/straight
	echo "$2" >/sys/module/dtrace_core/parameters/aggfast
}

rep=0
while [ "$rep" -lt "$reps" ]; do
	for k in $nclauses; do
		n=$(calls "$k")
		settle
		bench/spin "$n" >>"$tmp/base-c$k"
		for m in $modes; do
			paths "$m"
			settle
			traced "$m-c$k" '' "$dtrace" -q -s "$tmp/ours-c$k.d"
		done
		paths ours
		[ -z "$bpf" ] || [ "$k" -gt "$bpf_max" ] || {
			settle
			traced "bpf-c$k" '' "$bpf" "$tmp/bpf-c$k.bt"
		}
	done
	n=$ncalls
	settle
	bench/spin "$n" >>"$tmp/base-pred"
	for p in $npreds; do
		for m in $modes; do
			paths "$m"
			settle
			traced "$m-pred$p" '' "$dtrace" -q -n "$go
				syscall::getpid:entry /$(pred "$p")/ { @ = count(); }"
		done
		paths ours
	done
	case " $npreds " in
	*" 1 "*) [ -z "$bpf" ] || {
		settle
		traced bpf-pred1 '' "$bpf" -e "$go
			tracepoint:syscalls:sys_enter_getpid /pid == 1/
			{ @ = count(); }"
	} ;;
	esac
	settle
	bench/spin "$n" umask >>"$tmp/base-umask"
	spin_cmd=spin_umask
	for k in $nkeys; do
		settle
		traced "ours-k$k" '' "$dtrace" -q -x aggsize=32m -n \
			"$go syscall::umask:entry { @[arg0 % $k] = count(); }"
		[ -z "$bpf" ] || {
			settle
			traced "bpf-k$k" '' env BPFTRACE_MAP_KEYS_MAX=200000 \
				"$bpf" -e "$go tracepoint:syscalls:sys_enter_umask
				{ @[args->mask % $k] = count(); }"
		}
	done
	spin_cmd=
	rep=$((rep + 1))
done

for k in $nclauses; do
	base=$(median_base "base-c$k")
	# shellcheck disable=SC2046 # "median spread", two words each
	set -- $(cost "ours-c$k" "$base") $(cost "bpf-c$k" "$base")
	label="getpid() under $k clauses of @ = count(): added cost per call"
	[ "$k" -le "$bpf_max" ] ||
		label="$label (bpftrace: the kernel attaches at most 64 programs to one event)"
	row "$label" ns/call "$1" "$2" "$3" "<=1.00"
	for m in $modes; do
		[ "$m" != ours ] || continue
		# shellcheck disable=SC2046 # "median spread"
		set -- $(cost "$m-c$k" "$base")
		row "getpid() under $k clauses of @ = count(), fast paths: $m" \
			ns/call "$1" "$2" n/a
	done
done
base=$(median_base base-pred)
for p in $npreds; do
	label="getpid() under one clause whose predicate is false"
	[ "$p" = 1 ] || label="$label ($(pred "$p"))"
	for m in $modes; do
		if [ "$m" = ours ]; then
			# shellcheck disable=SC2046 # "median spread", two words each
			set -- $(cost "ours-pred$p" "$base") $(cost "bpf-pred$p" "$base")
			row "$label: added cost per call" ns/call "$1" "$2" "$3" \
				"<=1.00"
		else
			# shellcheck disable=SC2046 # "median spread"
			set -- $(cost "$m-pred$p" "$base")
			row "$label, fast paths: $m" ns/call "$1" "$2" n/a
		fi
	done
done
base=$(median_base base-umask)
for k in $nkeys; do
	# shellcheck disable=SC2046 # "median spread", two words each
	set -- $(cost "ours-k$k" "$base") $(cost "bpf-k$k" "$base")
	row "umask() counted into $k keys: added cost per call" \
		ns/call "$1" "$2" "$3" "<=1.00"
done
rmmod dtrace_syscall dtrace_core
