#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Build, boot the guest once with -icount (one vCPU, guest time = one ns
# per instruction while it runs, so figures repeat across boots; $VM_ICOUNT
# replaces the options, default shift=0,sleep=on) and run the benchmark
# scripts there; the table goes to bench/results/LATEST.md and stdout.
# "make bench" runs this.  docs/performance.md explains the method.
#
# Usage: bench/run.sh [NAME...]: only the rows of bench/NAME.sh (startup,
# aggcost, records, syscall, scaling, fbt, sdt, pid), in that order;
# all of them without a NAME.  REPS, MODES, NCLAUSES, NKEYS, NPREDS,
# SPIN_N and NOBPF, when set, are passed to the scripts in the guest
# (bench/scaling.sh says what they do).
set -eu

all="startup aggcost records syscall scaling fbt sdt pid"
names=${*:-$all}
for b in $names; do
	case " $all " in
	*" $b "*) ;;
	*) echo "bench/run.sh: no benchmark $b (one of: $all)" >&2; exit 2 ;;
	esac
done

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
# DT_NO_BUILD=1: the modroot as the last build left it (a guest of that
# build may be running: building would replace its modules under it)
[ -n "${DT_NO_BUILD:-}" ] || scripts/build.sh
cc -O2 -Wall -Wextra -o bench/runstat bench/runstat.c
cc -O2 -Wall -Wextra -o bench/spin bench/spin.c
cc -O2 -Wall -Wextra -o bench/ufunc bench/ufunc.c
# bench/usdt's probe, made as a program of a user's is (docs/usdt.md)
userland/dtrace -h -s bench/usdt.d -o bench/usdt_probes.h
cc -O2 -Wall -Wextra -c -o bench/usdt.o bench/usdt.c
userland/dtrace -G -s bench/usdt.d -o bench/usdt_prov.o bench/usdt.o
cc -o bench/usdt bench/usdt.o bench/usdt_prov.o

res=$top/.vm/bench-$KVER
out=bench/results/LATEST.md
# a run of chosen rows leaves the whole table's last result alone
[ "$names" = "$all" ] || out=$res.md
mkdir -p bench/results
# the guest's environment: these of ours, set or not (empty is not unset)
set --
for v in REPS MODES NCLAUSES NKEYS NPREDS SPIN_N NOBPF; do
	eval "[ -z \"\${$v+x}\" ] || set -- \"\$@\" \"$v=\$$v\""
done
# sleep=on: an idle guest's clock runs at real time rather than jumping
# to its next timer (docs/performance.md, "Method", says why)
VM_ICOUNT=${VM_ICOUNT:-shift=0,sleep=on} \
scripts/vm/run.sh --kver "$KVER" --icount --timeout 3600 --quiet \
	--results "$res" -- \
	env MODROOT="$top/.vm/modroot-$KVER" NAMES="$names" "$@" sh -c '
		echo "| figure | ours | bpftrace | floor | ours / bpftrace (each less the floor) | target |"
		echo "|---|---|---|---|---|---|"
		for b in $NAMES; do bench/$b.sh || exit; done'
{
	echo "# Benchmarks, $(date -u +%Y-%m-%d), kernel $KVER, QEMU TCG -icount"
	echo
	cat "$res/stdout"
} >"$out"
cat "$out"
