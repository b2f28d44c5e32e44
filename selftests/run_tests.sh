#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Run the selftests and print one TAP 13 stream, one line per test:
# "ok N path", "not ok N path" (its output follows as "# " lines) or
# "ok N path # SKIP reason".  Runs as root in the test guest with cwd =
# the top of the build tree; docs/testing.md has the whole story.
#
#   1. selftests/*/**/*.sh (executable; not lib/, not suite runners named
#      run.sh): exit 0 pass, 4 skip, else fail.  They start with no
#      dtrace module loaded and must leave none loaded.
#   2. with every dtrace module of MODROOT loaded: the C programs that
#      "make -C selftests list" names (same exit codes), then the D tests
#      tst.*.d / err.*.d (run_dtest in this file says when they pass).
#
# Each test gets selftests/settings' timeout, or a shell test its own
# "# timeout: SECONDS" line's (times DT_TIMEOUT_SCALE, 3 under TCG); a test that loads or unloads modules it did not clean up,
# or after which the kernel logs a bug or taints itself, fails.
#
# Usage: selftests/run_tests.sh [PATTERN...]  (glob on the test path;
#        a test runs if its path contains a match of any PATTERN)
# Environment: MODROOT (default .vm/modroot-$(uname -r)), DTRACE (default
# userland/dtrace), DT_LOGDIR (keep every test's output there),
# DT_TIMEOUT (seconds, instead of selftests/settings), DT_TIMEOUT_SCALE.
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
export DT_TOP=$top
. selftests/lib/dt.sh
. selftests/lib/dmesg.sh
export DTRACE MODROOT

limit=${DT_TIMEOUT:-$(sed -n 's/^timeout=//p' selftests/settings)}
scale=${DT_TIMEOUT_SCALE:-}
if [ -z "$scale" ]; then
	scale=1
	grep -q 'QEMU TCG' /proc/cpuinfo && scale=3
fi
limit=$((limit * scale))
base_limit=$limit

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
logdir=${DT_LOGDIR:-}
[ -z "$logdir" ] || mkdir -p "$logdir"

# --- which tests -------------------------------------------------------

selected() {
	local p
	[ $# -gt 1 ] || return 0
	for p in "${@:2}"; do
		# shellcheck disable=SC2053
		[[ $1 == *$p* ]] && return 0
	done
	return 1
}

shell_tests=()
prog_tests=()
d_tests=()
while read -r t; do
	selected "$t" "$@" && shell_tests+=("$t")
done < <(find selftests -mindepth 2 ! -path 'selftests/lib/*' -type f \
	 -name '*.sh' ! -name run.sh -perm -u+x | LC_ALL=C sort)
while read -r t; do
	selected "$t" "$@" && prog_tests+=("$t")
done < <(make -s -C selftests list)
while read -r t; do
	selected "$t" "$@" && d_tests+=("$t")
done < <(find selftests ! -path 'selftests/lib/*' -type f \
	 \( -name 'tst.*.d' -o -name 'err.*.d' \) | LC_ALL=C sort)

# Phase 2 ends with one more line: all modules unload afterwards.
unload_test="selftests/run_tests.sh: modules unload after the tests"
total=$(( ${#shell_tests[@]} + ${#prog_tests[@]} + ${#d_tests[@]} ))
[ $(( ${#prog_tests[@]} + ${#d_tests[@]} )) -eq 0 ] || total=$((total + 1))
echo "TAP version 13"
echo "1..$total"

n=0
npass=0
nfail=0
nskip=0

# --- reporting ---------------------------------------------------------

# report VERDICT PATH [REASON]; the test's output is in $work/log.
report() {
	local lines num
	case $1 in
	pass)
		npass=$((npass + 1))
		echo "ok $n $2"
		;;
	skip)
		nskip=$((nskip + 1))
		echo "ok $n $2 # SKIP $3"
		;;
	fail)
		nfail=$((nfail + 1))
		echo "not ok $n $2"
		# Long output: its end says most; DT_LOGDIR keeps all of it.
		lines=$(wc -l <"$work/log")
		[ "$lines" -le 200 ] ||
			echo "# ... $((lines - 200)) lines before these omitted"
		tail -n 200 "$work/log" | sed 's/^/# /'
		;;
	esac
	if [ -n "$logdir" ]; then
		printf -v num %03d "$n"
		cp "$work/log" "$logdir/$num-${2//\//_}.log"
	fi
}

# The reason a skipping test gave: its last "SKIP" line.
skip_reason() {
	local r
	r=$(sed -n 's/^.*SKIP:\{0,1\} *//p' "$work/log" | tail -n 1)
	echo "${r:-no reason given}"
}

# --- running one test ----------------------------------------------------

# test_timeout PATH: the time limit of test PATH in seconds, as scaled:
# its own "# timeout: SECONDS" line (a test that loops over many dtrace
# runs) or selftests/settings'.
test_timeout() {
	local own
	own=$(sed -n '/^# timeout: *[0-9][0-9]*$/{s/^# timeout: *//p;q;}' "$1")
	echo $((${own:-$((base_limit / scale))} * scale))
}

# run_timed DIR CMD...: run CMD in DIR under the time limit, in its own
# process group, stdin from /dev/null; anything it leaves running is
# killed.  Sets rc (124 on time-out).
run_timed() {
	local dir=$1 pid
	shift
	rc=0
	(cd "$dir" && exec timeout -k 10 "$limit" "$@") \
		</dev/null >"$work/stdout" 2>"$work/stderr" &
	pid=$!
	wait "$pid" || rc=$?
	# timeout(1) leads its own process group: end what is left of it.
	kill -KILL -- "-$pid" 2>/dev/null || true
	[ "$rc" -ne 137 ] || rc=124
}

# Kernel trouble since the marker of test $n: dmesg lines and new taint.
kernel_trouble() {
	local lines t
	lines=$(dmesg | dt_dmesg_bad_since "dtrace-selftest: begin $n ") || true
	if [ -n "$lines" ]; then
		echo "kernel log since the test started:"
		echo "$lines"
	fi
	read -r t </proc/sys/kernel/tainted
	if bad=$(dt_taint_bad $(( t & ~taint_before ))); then
		echo "kernel newly tainted: $bad"
	fi
}

# The dtrace modules loaded now, one line, sorted (by the shell alone:
# this runs after every test).
loaded() {
	local m rest i j mods=()
	while read -r m rest; do
		[[ $m != dtrace_* ]] || mods+=("$m")
	done </proc/modules
	for ((i = 1; i < ${#mods[@]}; i++)); do
		m=${mods[i]}
		for ((j = i; j > 0; j--)); do
			[[ ${mods[j - 1]} > $m ]] || break
			mods[j]=${mods[j - 1]}
		done
		mods[j]=$m
	done
	[ ${#mods[@]} -eq 0 ] || printf '%s ' "${mods[@]}"
}

# run_test KIND PATH: run one test, judge it, check the kernel and the
# modules it leaves, print its line.  Phase 2 tests expect $want loaded.
run_test() {
	local kind=$1 path=$2 verdict trouble now reason=
	n=$((n + 1))
	echo "dtrace-selftest: begin $n $path" >/dev/kmsg
	read -r taint_before </proc/sys/kernel/tainted
	: >"$work/log"
	if [ -n "$load_error" ]; then
		echo "$load_error" >"$work/log"
		report fail "$path"
		return
	fi
	case $kind in
	sh|prog)
		if reason=$(unmet_requires "$path"); then
			echo "SKIP: $reason" >"$work/log"
			report skip "$path" "$reason"
			return
		fi
		limit=$(test_timeout "$path")
		own=$limit
		run_timed "$top" "$top/$path"
		limit=$base_limit
		cat "$work/stdout" "$work/stderr" >"$work/log"
		case $rc in
		0) verdict=pass ;;
		4) verdict=skip reason=$(skip_reason) ;;
		124) verdict=fail; echo "timed out after ${own}s" >>"$work/log" ;;
		*) verdict=fail; echo "exit status $rc" >>"$work/log" ;;
		esac
		;;
	d)
		run_dtest "$path" && verdict=pass || verdict=fail
		;;
	esac

	trouble=$(kernel_trouble)
	if [ -n "$trouble" ]; then
		echo "$trouble" >>"$work/log"
		verdict=fail
	fi
	now=$(loaded)
	if [ "$now" != "$want" ]; then
		{
			echo "test left dtrace modules changed: '$now', expected '$want'"
			restore_modules
		} >>"$work/log" 2>&1
		verdict=fail
	fi
	report "$verdict" "$path" "$reason"
}

# Bring the loaded modules back to $want.
restore_modules() {
	dt_unload_all || true
	[ -z "$want" ] || load_all || true
}

# unmet_requires PATH: print what a "# requires:" line asks for that is
# not here (a dtrace module not in MODROOT, a CONFIG_ not set).
unmet_requires() {
	local req r cfg
	cfg=/boot/config-$(uname -r)
	req=$(sed -n '/^[#/* ]*requires: */{s///p;q;}' "$1")
	for r in ${req//,/ }; do
		case $r in
		CONFIG_*)
			[ -r "$cfg" ] || continue
			grep -Eq "^$r=(y|m)" "$cfg" || { echo "needs $r"; return 0; }
			;;
		dtrace_*)
			have_module "$r" || { echo "needs module $r"; return 0; }
			;;
		esac
	done
	return 1
}

# run_dtest PATH: tst.NAME.d passes if "dtrace -s" exits 0 (or the
# status in tst.NAME.d.exit) and its stdout equals tst.NAME.d.out when
# that exists.  err.NAME.d passes if it exits 1 with stderr starting
# "dtrace: "; for err.D_TAG.NAME.d "-x errtags" must also name [D_TAG].
run_dtest() {
	local path=$1 dir base want=0 ok=0 tag
	dir=$(dirname "$path")
	base=$(basename "$path")
	run_timed "$dir" "$DTRACE" -s "$base"
	case $base in
	tst.*)
		[ ! -f "$path.exit" ] || want=$(tr -d ' \n' <"$path.exit")
		[ "$rc" -eq "$want" ] ||
			{ echo "exit status $rc, expected $want"; ok=1; }
		if [ -f "$path.out" ] && ! cmp -s "$path.out" "$work/stdout"; then
			echo "stdout differs from $base.out (- expected, + got):"
			diff -u "$path.out" "$work/stdout" | tail -n +3
			ok=1
		fi
		;;
	err.*)
		[ "$rc" -eq 1 ] || { echo "exit status $rc, expected 1"; ok=1; }
		if [ ! -s "$work/stderr" ] || [ "$(head -c 8 "$work/stderr")" != "dtrace: " ]; then
			echo "stderr does not start with 'dtrace: '"
			ok=1
		fi
		tag=$(echo "$base" | sed -n 's/^err\.\(D_[A-Z0-9_]*\)\..*/\1/p')
		if [ -n "$tag" ] && [ "$ok" -eq 0 ]; then
			(cd "$dir" && timeout "$limit" "$DTRACE" -x errtags -s "$base") \
				</dev/null >/dev/null 2>"$work/tagerr" || true
			grep -qF "[$tag]" "$work/tagerr" ||
				{ echo "-x errtags does not report [$tag]:"; cat "$work/tagerr"; ok=1; }
		fi
		;;
	esac >"$work/log"
	[ "$rc" -ne 124 ] || echo "timed out after ${limit}s" >>"$work/log"
	if [ "$ok" -ne 0 ]; then
		echo "stderr:" >>"$work/log"
		cat "$work/stderr" >>"$work/log"
	fi
	return "$ok"
}

# The dtrace modules MODROOT has, sorted: looked up once for the run.
root_modules=()
if [ -n "$MODROOT" ] && [ -d "$MODROOT" ]; then
	while read -r m; do
		root_modules+=("$m")
	done < <(find "$MODROOT" -name 'dtrace_*.ko*' -exec basename {} \; |
		 sed 's/\.ko.*//' | LC_ALL=C sort)
fi

# have_module NAME: true if dtrace module NAME can be loaded (one of
# root_modules; with no MODROOT, one that modprobe finds).
have_module() {
	local m
	[ -n "$MODROOT" ] || { dt_have_module "$1"; return; }
	for m in "${root_modules[@]}"; do
		[ "$m" != "$1" ] || return 0
	done
	return 1
}

# Load every dtrace module MODROOT has (the core comes as a dependency).
load_all() {
	local m
	for m in "${root_modules[@]}"; do
		dt_loaded "$m" || dt_modprobe "$m" || return 1
	done
}

# --- the run -------------------------------------------------------------

load_error=
want=
if [ -n "$(loaded)" ]; then
	echo "# unloading dtrace modules loaded before the run: $(loaded)"
	dt_unload_all || load_error="dtrace modules loaded before the run cannot be unloaded"
fi
for t in "${shell_tests[@]}"; do
	run_test sh "$t"
done

if [ $(( ${#prog_tests[@]} + ${#d_tests[@]} )) -gt 0 ]; then
	if [ -z "$MODROOT" ] || [ ! -d "$MODROOT" ]; then
		load_error="no MODROOT with the dtrace modules (${MODROOT:-unset})"
	elif ! err=$(load_all 2>&1); then
		load_error="loading the dtrace modules from $MODROOT failed: $err"
	fi
	want=$(loaded)
	for t in "${prog_tests[@]}"; do
		run_test prog "$t"
	done
	for t in "${d_tests[@]}"; do
		run_test d "$t"
	done
	want=
	n=$((n + 1))
	if dt_unload_all >"$work/log" 2>&1; then
		report pass "$unload_test"
	else
		report fail "$unload_test"
	fi
fi

echo "# $npass passed, $nfail failed, $nskip skipped"
[ "$nfail" -eq 0 ] || exit 1
[ "$total" -eq 0 ] || [ "$nskip" -ne "$total" ] || exit 4
exit 0
