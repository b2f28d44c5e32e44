#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# "make check" after the dependencies: build for KVER, run the host unit
# tests (make -C userland check), the static checkers (scripts/lint.sh,
# one TAP line each) and the fuzzers (scripts/fuzz.sh,
# DT_FUZZ_SECONDS, default 60), boot Debian's kernel in QEMU and run
# selftests/run_tests.sh there, then boot it twice more for the kernel
# lockdown tests (each raises the lockdown for good, so each has a boot
# of its own), judge the guests' kernel logs, and end with one line
# "N passed, N failed, N skipped" over host and guest TAP.
# Exits non-zero if any test failed, the guest hung or crashed, or its
# dmesg shows a bug.  Results stay in .vm/results-KVER (logs/ per test).
#
# For a kernel built here (make check-debug, scripts/check-debug.sh):
# DT_KIMAGE is the image to boot, DT_KDIR and DT_KMODDIR its build tree
# and modules (scripts/build.sh); DT_CHECK_HOST=0 leaves out what does
# not depend on the kernel (host unit tests, lint, dkms, fuzzer);
# DT_GUEST_TIMEOUT is the guest's limit in seconds (default 3600) and
# DT_TIMEOUT_SCALE, if set, each test's (selftests/run_tests.sh);
# DT_KAPPEND, if set, is added to the guest kernel's command line.
# DT_SELFTESTS, if set, is the run_tests.sh patterns to run instead of
# every test (e.g. "modules/ providers/profile").
# DT_CONFORMANCE_PART, if set, is the share of the conformance list to
# run (scripts/conformance/run.sh); DT_CONFORMANCE_TREE and
# DT_CONFORMANCE_KVER, if set, run it with another tree's build for
# another kernel (check-all.sh's second lane runs a share of the list
# on the first lane's kernel), once that tree's build is done.
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
KVER=$(scripts/kver.sh)
export KVER
res=$top/.vm/results-$KVER
extra=0		# failures that are not a "not ok" line

summary() {
	tap=$(cat .vm/host.tap "$res/stdout" "$res"/lockdown-*/stdout \
		2>/dev/null || true)
	passed=$(echo "$tap" | grep -E '^ok ' | grep -civ '# skip' || true)
	skipped=$(echo "$tap" | grep -Ei '^ok .*# skip' -c || true)
	failed=$(echo "$tap" | grep -Ec '^not ok ' || true)
	echo "$((passed)) passed, $((failed + extra)) failed, $((skipped)) skipped"
	[ $((failed + extra)) -eq 0 ]
}

mkdir -p .vm
rm -rf "$res"
: >.vm/host.tap
echo "check: building for $KVER"
modroot=$top/.vm/modroot-$KVER
# .vm/built-KVER says a build is done, for a conformance run of another
# lane: "ok", or "failed".
rm -f ".vm/built-$KVER"
if ! scripts/build.sh; then
	echo failed >".vm/built-$KVER"
	echo "check: the build failed"
	extra=1
	summary
	exit 1
fi
echo ok >".vm/built-$KVER"

host=${DT_CHECK_HOST:-1}
if [ "$host" -eq 0 ]; then
	echo "check: DT_CHECK_HOST=0: no host unit tests, lint, dkms or fuzzer"
elif grep -q '^check:' userland/Makefile 2>/dev/null; then
	echo "check: host unit tests (make -C userland check)"
	st=0
	make -s -C userland check >.vm/host.tap 2>&1 || st=$?
	cat .vm/host.tap
	if [ "$st" -ne 0 ] && ! grep -q '^not ok ' .vm/host.tap; then
		echo "check: host unit tests exited $st with no failing test"
		extra=$((extra + 1))
	fi
else
	echo "check: userland/Makefile has no check target: no host unit tests"
fi

if [ "$host" -eq 1 ]; then
	echo "check: static checkers (scripts/lint.sh)"
	st=0
	scripts/lint.sh >.vm/lint.tap 2>&1 || st=$?
	cat .vm/lint.tap
	grep -E '^(not )?ok ' .vm/lint.tap >>.vm/host.tap || true
	if [ "$st" -ne 0 ] && ! grep -q '^not ok ' .vm/lint.tap; then
		echo "check: lint.sh exited $st with no failing checker"
		extra=$((extra + 1))
	fi
fi

if [ "$host" -eq 1 ] && [ "$(id -u)" -eq 0 ]; then
	echo "check: dkms add/build/install/remove (scripts/dkms-check.sh)"
	st=0
	scripts/dkms-check.sh >.vm/dkms.tap 2>&1 || st=$?
	cat .vm/dkms.tap
	grep -E '^(not )?ok ' .vm/dkms.tap >>.vm/host.tap || true
	if [ "$st" -ne 0 ] && ! grep -q '^not ok ' .vm/dkms.tap; then
		echo "check: dkms-check.sh exited $st with no failing test"
		extra=$((extra + 1))
	fi
fi

if [ "$host" -eq 1 ]; then
	echo "check: fuzzing the D compiler, the DIF engine and compiled D for ${DT_FUZZ_SECONDS:-60}s each (scripts/fuzz.sh)"
	scripts/fuzz.sh | tee -a .vm/host.tap || true
fi

# guest DIR SECS ARGS...: run ARGS (env settings, then run_tests.sh and
# its patterns) in a guest of the kernel under test, results in DIR; a
# test the TAP plan announced and the guest did not report, a failure
# that is no "not ok" line, and a bad kernel log each count in extra.
guest() {
	gres=$1
	glimit=$2
	shift 2
	st=0
	scripts/vm/run.sh --kver "$KVER" --timeout "$glimit" \
		--results "$gres" --no-dmesg-check \
		${DT_KIMAGE:+--kernel "$DT_KIMAGE" --moddir "$DT_KMODDIR"} \
		${DT_KAPPEND:+--append "$DT_KAPPEND"} -- \
		env MODROOT="$modroot" DT_LOGDIR=/run/results/logs \
		${DT_TIMEOUT_SCALE:+DT_TIMEOUT_SCALE="$DT_TIMEOUT_SCALE"} \
		"$@" || st=$?
	plan=$(sed -n 's/^1\.\.\([0-9]*\)$/\1/p' "$gres/stdout" | head -n 1)
	got=$(grep -Ec '^(not )?ok ' "$gres/stdout" || true)
	if [ -z "$plan" ]; then
		echo "check: the guest printed no TAP plan (exit $st)"
		extra=$((extra + 1))
	elif [ "$got" -lt "$plan" ]; then
		echo "check: the guest reported $got of $plan tests (exit $st)"
		extra=$((extra + plan - got))
	elif [ "$st" -ne 0 ] && [ "$st" -ne 4 ] && ! grep -q '^not ok ' "$gres/stdout"; then
		echo "check: run_tests.sh exited $st with no failing test"
		extra=$((extra + 1))
	fi
	if [ -e "$gres/dmesg" ] && ! scripts/vm/check-dmesg.sh "$gres"; then
		extra=$((extra + 1))
	fi
}

echo "check: selftests in a $KVER guest (QEMU, TCG)"
set -f		# DT_SELFTESTS is patterns: split, never expanded here
# shellcheck disable=SC2086 # DT_SELFTESTS is a list of patterns
guest "$res" "${DT_GUEST_TIMEOUT:-3600}" selftests/run_tests.sh ${DT_SELFTESTS:-}
set +f
# Each lockdown test raises the lockdown until reboot: a boot of its own
# (unless DT_SELFTESTS chose other tests).
if [ -z "${DT_SELFTESTS:-}" ]; then
	for mode in integrity confidentiality; do
		echo "check: kernel lockdown ($mode) in a guest of its own"
		guest "$res/lockdown-$mode" 600 DT_LOCKDOWN_RAISE="$mode" \
			selftests/run_tests.sh "runtime/lockdown_$mode"
	done
fi

# DTrace's own tests that passed when selftests/conformance/passing.txt
# was made: a regression run in a boot of its own, one TAP line each
# (DT_CONFORMANCE_CHECK=0 leaves it out; check-all.sh shares the list
# out between its lanes, to keep CI under its time limit).
ctree=${DT_CONFORMANCE_TREE:-$top}
ckver=${DT_CONFORMANCE_KVER:-$KVER}
if [ "${DT_CONFORMANCE_CHECK:-1}" = 1 ] && [ -z "${DT_SELFTESTS:-}" ] &&
	[ -s selftests/conformance/passing.txt ]; then
	echo "check: DTrace's tests listed in selftests/conformance/passing.txt" \
		"${DT_CONFORMANCE_PART:+(share $DT_CONFORMANCE_PART) }on $ckver"
	i=0
	while [ ! -s "$ctree/.vm/built-$ckver" ] && [ $i -lt 1800 ]; do
		sleep 2
		i=$((i + 2))
	done
	st=0
	if [ "$(cat "$ctree/.vm/built-$ckver" 2>/dev/null)" != ok ]; then
		echo "check: no finished build for $ckver in $ctree"
		st=1
	else
		(cd "$ctree" && KVER=$ckver DT_NO_BUILD=1 \
			scripts/conformance/run.sh --check) \
			>.vm/conformance.tap 2>&1 || st=$?
	fi
	cat .vm/conformance.tap
	grep -E '^(not )?ok ' .vm/conformance.tap >>.vm/host.tap || true
	if [ "$st" -ne 0 ] && ! grep -q '^not ok ' .vm/conformance.tap; then
		echo "check: the conformance run exited $st with no failing test"
		extra=$((extra + 1))
	fi
fi
summary
