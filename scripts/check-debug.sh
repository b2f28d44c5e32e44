#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# "make check-debug": every selftest on a debug kernel, Debian's 6.1
# source built with lockdep, KASAN, atomic-sleep and preempt checks and
# kmemleak (scripts/debug-kernel.sh: built once per machine, more than
# an hour the first time).  The modules are built against it, the guest
# boots it (scripts/vm/run.sh --kernel/--moddir), and the run is judged
# as "make check" judges it (scripts/check.sh), plus a kmemleak scan at
# the end (scripts/vm/init) that fails on leaks through dtrace's modules.
# Host-only checks are left to "make check".  Ends with "N passed, N
# failed, N skipped"; results in .vm/results-RELEASE.
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
dir=$(scripts/debug-kernel.sh)
rel=$(cat "$dir/release")
echo "check-debug: kernel $rel from $dir"

# KASAN, lockdep and kmemleak make the guest several times slower than
# Debian's kernel under TCG: more time per test and for the whole run
# (about a minute a shell test and 25 s a D test on a shared 2-core
# machine: some five hours for every selftest).
# kasan_multi_shot: KASAN reports every finding, not only a boot's first.
KVER=$rel \
DT_KDIR=$dir/build \
DT_KMODDIR=$dir/mods/lib/modules/$rel \
DT_KIMAGE=$dir/bzImage \
DT_CHECK_HOST=0 \
DT_CONFORMANCE_CHECK=0 \
DT_GUEST_TIMEOUT=${DT_GUEST_TIMEOUT:-21600} \
DT_TIMEOUT_SCALE=${DT_TIMEOUT_SCALE:-12} \
DT_KAPPEND=${DT_KAPPEND:-kasan_multi_shot} \
	exec scripts/check.sh
