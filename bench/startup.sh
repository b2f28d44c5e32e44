#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Start-up cost, run in the guest by bench/run.sh: wall time from exec to
# exit, CPU time (user and system) and peak RSS, of
#   dtrace -n 'BEGIN { exit(0) }'
#   dtrace -s bench/clauses30.d          (30 clauses on BEGIN)
#   dtrace -n 'BEGIN { trace(curpsinfo->pr_pid); exit(0) }'
#                                        (psinfo.d and the kernel's BTF,
#                                        its copy kept in /run/dtrace by
#                                        the first run; and again with
#                                        none kept, as a first run is)
#   bpftrace -e 'BEGIN { exit(); }'      (when bpftrace is installed)
# Runs are interleaved, REPS of each (default 21).  Prints markdown table
# rows: figure | ours | bpftrace | ratio | target.
set -eu

reps=${REPS:-21}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
bin=bench/runstat
dtrace=userland/dtrace

bench=startup
. bench/lib.sh
modprobe -d "$MODROOT" dtrace_core

bpf=
command -v bpftrace >/dev/null 2>&1 && bpf=$(command -v bpftrace)

# One run of each, not counted, so that the first counted one does not
# pay for reading the programs over 9p into the page cache (nor, for
# curpsinfo, for keeping the kernel's BTF in /run/dtrace: the row with
# none kept measures that).
$bin 1 $dtrace -n 'BEGIN { exit(0) }' >/dev/null || true
$bin 1 $dtrace -n 'BEGIN { trace(curpsinfo->pr_pid); exit(0) }' \
	>/dev/null || true
[ -z "$bpf" ] || RUNSTAT_TIMEOUT=120 $bin 1 "$bpf" -e 'BEGIN { exit(); }' \
	>/dev/null || true

i=0
while [ "$i" -lt "$reps" ]; do
	$bin 1 $dtrace -n 'BEGIN { exit(0) }' >>"$tmp/begin" ||
		touch "$tmp/begin.failed"
	$bin 1 $dtrace -s bench/clauses30.d >>"$tmp/c30" ||
		touch "$tmp/c30.failed"
	$bin 1 $dtrace -n 'BEGIN { trace(curpsinfo->pr_pid); exit(0) }' \
		>>"$tmp/lib" || touch "$tmp/lib.failed"
	# /tmp is writable by all: no copy of the BTF is kept or used there
	DTRACE_BTF_CACHE=/tmp $bin 1 $dtrace \
		-n 'BEGIN { trace(curpsinfo->pr_pid); exit(0) }' \
		>>"$tmp/libcold" || touch "$tmp/libcold.failed"
	# bpftrace pulls ~150 MB of LLVM over 9p, which can stall under
	# -icount: bound it rather than hang the benchmark.
	[ -z "$bpf" ] || [ -e "$tmp/bpf.failed" ] ||
		RUNSTAT_TIMEOUT=120 $bin 1 "$bpf" -e 'BEGIN { exit(); }' >>"$tmp/bpf" ||
		touch "$tmp/bpf.failed"
	i=$((i + 1))
done

# median of column $1 of file $2, and the spread (interquartile range
# over the median, in %); "n/a" when the command is missing or any of
# its runs failed
med() {
	if [ ! -s "$2" ] || [ -e "$2.failed" ]; then
		echo "n/a n/a"
		return
	fi
	cut -d' ' -f"$1" "$2" | sort -n | median_iqr '%d %.1f'
}

srow() {	# name ours-file col unit-divisor unit target
	set -- "$1" "$(med "$3" "$2")" "$(med "$3" "$tmp/bpf")" "$4" "$5" "$6"
	ours=${2% *} ospread=${2#* } theirs=${3% *}
	awk -v n="$1" -v o="$ours" -v s="$ospread" -v t="$theirs" \
	    -v d="$4" -v u="$5" -v g="$6" "$verdict_awk"'BEGIN {
		if (o == "n/a") ostr = "failed"
		else ostr = sprintf("%.2f %s (IQR %s%%)", o / d, u, s);
		if (t == "n/a" || o == "n/a") {
			tstr = t == "n/a" ? "n/a" : sprintf("%.2f %s", t / d, u)
			r = "n/a"
		}
		else { tstr = sprintf("%.2f %s", t / d, u);
		       r = sprintf("%.2f", o / t) }
		printf "| %s | %s | %s | | %s | %s |\n", n, ostr, tstr, r,
			verdict(g, o, r == "n/a" ? "n/a" : o / t) }'
}

srow "start-up, BEGIN { exit(0) }" "$tmp/begin" 1 1000000 ms "<=0.20"
srow "start-up, 30 clauses" "$tmp/c30" 1 1000000 ms "<=0.20"
srow "start-up CPU time, BEGIN { exit(0) }" "$tmp/begin" 3 1000000 ms "<=0.10"
srow "start-up CPU time, 30 clauses" "$tmp/c30" 3 1000000 ms "<=0.10"
srow "start-up CPU time, curpsinfo (D library, BTF)" "$tmp/lib" 3 1000000 ms "<=0.10"
srow "start-up CPU time, curpsinfo, no BTF kept" "$tmp/libcold" 3 1000000 ms "<=0.10"
srow "peak RSS, BEGIN { exit(0) }" "$tmp/begin" 2 1024 MiB "<1.00"
srow "peak RSS, 30 clauses" "$tmp/c30" 2 1024 MiB "<1.00"
