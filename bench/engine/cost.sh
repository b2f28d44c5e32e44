#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Instructions of one clause firing in the DIF engine, on the host:
# builds bench/engine/engine_cost and runs it under callgrind N and 2N
# times; prints (Ir(2N) - Ir(N)) / N.  docs/performance.md ("The
# engine's cost per clause") has the method and the figures.
#
# Usage: cost.sh ['D clause']   (default: engine_cost.c's CLAUSE)
# With ENGINE_COST_LOOP=1 in the environment no program runs in its
# straight form (engine/dif.h): the decode loop's cost, to compare.
set -eu

dir=$(cd "$(dirname "$0")" && pwd)
n=20000
make -s -C "$dir" engine_cost
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

# Ir of ITERS firings (and the program's start-up, which cancels out).
ir() {
	valgrind --tool=callgrind --callgrind-out-file="$out/cg" \
		"$dir/engine_cost" "$@" >/dev/null 2>"$out/log"
	sed -n 's/^totals: *//p; s/^summary: *//p' "$out/cg" | head -n 1
}

a=$(ir "$n" "$@")
b=$(ir $((2 * n)) "$@")
echo "$(( (b - a) / n )) instructions per firing"
