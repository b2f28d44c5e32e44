#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Build, boot the guest once with -icount (one vCPU, guest time = one ns
# per instruction, so figures repeat across boots) and run the benchmark
# scripts there; the table goes to bench/results/LATEST.md and stdout.
# "make bench" runs this.  docs/performance.md explains the method.
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
KVER=$(scripts/kver.sh)
export KVER
# bpftrace, for the side-by-side column (only the benchmarks need it).
if ! command -v bpftrace >/dev/null 2>&1 && [ "$(id -u)" -eq 0 ]; then
	DEBIAN_FRONTEND=noninteractive apt-get install -y \
		--no-install-recommends bpftrace >/dev/null ||
		echo "bench: bpftrace could not be installed; its column is n/a" >&2
fi
scripts/build.sh
cc -O2 -Wall -Wextra -o bench/runstat bench/runstat.c
cc -O2 -Wall -Wextra -o bench/spin bench/spin.c
cc -O2 -Wall -Wextra -o bench/ufunc bench/ufunc.c

res=$top/.vm/bench-$KVER
out=bench/results/LATEST.md
mkdir -p bench/results
scripts/vm/run.sh --kver "$KVER" --icount --timeout 3600 --quiet \
	--results "$res" -- \
	env MODROOT="$top/.vm/modroot-$KVER" sh -c 'bench/startup.sh && bench/aggcost.sh && bench/records.sh && bench/syscall.sh && bench/scaling.sh && bench/fbt.sh && bench/sdt.sh && bench/pid.sh'
{
	echo "# Benchmarks, $(date -u +%Y-%m-%d), kernel $KVER, QEMU TCG -icount"
	echo
	cat "$res/stdout"
} >"$out"
cat "$out"
