# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=sh
#
# Helpers for the shell selftests, which run as root in the test guest
# with cwd = the top of the build tree.  Source after "set -eu":
#	. selftests/lib/dt.sh
# run_tests.sh exports DT_TOP, DTRACE and MODROOT; the defaults below let
# a test also run by hand from the top of the tree.  POSIX sh.

DT_TOP=${DT_TOP:-$(pwd)}
DTRACE=${DTRACE:-$DT_TOP/userland/dtrace}
if [ -z "${MODROOT:-}" ] && [ -d "$DT_TOP/.vm/modroot-$(uname -r)" ]; then
	MODROOT=$DT_TOP/.vm/modroot-$(uname -r)
fi
MODROOT=${MODROOT:-}
export DT_TOP DTRACE MODROOT

# dt_fail MSG: fail the test, saying why.
dt_fail() {
	echo "FAIL: $*" >&2
	exit 1
}

# dt_skip REASON: the test cannot run here (the runner prints REASON).
dt_skip() {
	echo "SKIP: $*"
	exit 4
}

# dt_modprobe NAME: load module NAME (and what it depends on) from MODROOT.
dt_modprobe() {
	if [ -n "$MODROOT" ]; then
		modprobe -d "$MODROOT" "$1"
	else
		modprobe "$1"
	fi
}

# dt_mount_debug: mount debugfs and tracefs where they are not yet (the
# kernel's kprobe list, /sys/kernel/debug/kprobes/list, and its ftrace
# files, /sys/kernel/tracing); a mount that fails is left to the caller,
# which finds the file missing.
dt_mount_debug() {
	[ -e /sys/kernel/debug/kprobes ] ||
		mount -t debugfs debugfs /sys/kernel/debug 2>/dev/null || true
	[ -e /sys/kernel/tracing/enabled_functions ] ||
		mount -t tracefs tracefs /sys/kernel/tracing 2>/dev/null || true
}

# dt_have_module NAME: true if NAME can be loaded from MODROOT.
dt_have_module() {
	if [ -n "$MODROOT" ]; then
		modprobe -q -n -d "$MODROOT" "$1"
	else
		modprobe -q -n "$1"
	fi
}

# dt_rmmod NAME: unload module NAME.
dt_rmmod() {
	rmmod "$1"
}

# dt_loaded NAME: true if module NAME is loaded.
dt_loaded() {
	grep -q "^$1 " /proc/modules
}

# dt_loaded_list: the loaded dtrace modules, providers first, core last.
dt_loaded_list() {
	awk '$1 ~ /^dtrace_/ && $1 != "dtrace_core" { print $1 }' /proc/modules
	awk '$1 == "dtrace_core" { print $1 }' /proc/modules
}

# dt_modprobe_alone NAME: load provider module NAME; fail unless that
# loads dtrace_core and no other provider.
dt_modprobe_alone() {
	dt_modprobe "$1" || dt_fail "modprobe $1 failed"
	_others=$(dt_loaded_list | grep -v -x -e "$1" -e dtrace_core || true)
	[ -z "$_others" ] || dt_fail "modprobe $1 also loaded: $_others"
}

# dt_list_probes PROVIDER: "PROVIDER MODULE NAME" of each probe that
# "dtrace -l -P PROVIDER" lists, sorted (the list is in $DT_TMP/l).
dt_list_probes() {
	timeout 120 "$DTRACE" -l -P "$1" >"$DT_TMP/l" 2>"$DT_TMP/err" ||
		dt_fail "dtrace -l -P $1: $(cat "$DT_TMP/err")"
	awk 'NR > 1 { print $2, $3, $NF }' "$DT_TMP/l" | sort
}

# dt_rmmod_busy NAME: with a probe of module NAME enabled, rmmod fails
# and the module stays.
dt_rmmod_busy() {
	if _msg=$(rmmod "$1" 2>&1); then
		dt_fail "rmmod $1 succeeded while its probes are enabled"
	fi
	dt_loaded "$1" || dt_fail "rmmod failed ($_msg) but $1 is gone"
}

# dt_wait_bg SECS: wait for the consumer DT_BG to exit; fail unless it
# does, with status 0, within SECS seconds.
dt_wait_bg() {
	_st=0
	dt_wait_pid "$DT_BG" "$1" || _st=$?
	DT_BG=
	[ "$_st" -eq 0 ] || dt_fail "dtrace exited $_st: $(cat "$DT_TMP/err")"
}

# dt_reload NAME: with nothing of it enabled, module NAME unloads, loads
# again and unloads again.
dt_reload() {
	dt_check_idle "the consumer exited"
	rmmod "$1" || dt_fail "rmmod $1 failed once idle"
	dt_modprobe "$1" || dt_fail "modprobe $1 failed the second time"
	rmmod "$1" || dt_fail "second rmmod $1 failed"
}

# dt_unload_all: unload every dtrace module, providers before the core.
# A module still busy (a consumer just exiting) gets a few more tries.
dt_unload_all() {
	_try=0
	while [ -n "$(dt_loaded_list)" ]; do
		for _m in $(dt_loaded_list); do
			rmmod "$_m" 2>/dev/null || true
		done
		_try=$((_try + 1))
		if [ "$_try" -ge 20 ]; then
			echo "dt_unload_all: still loaded: $(dt_loaded_list | tr '\n' ' ')" >&2
			return 1
		fi
		[ -z "$(dt_loaded_list)" ] || sleep 0.5
	done
}

# dt_now: seconds since boot (monotonic).
dt_now() {
	cut -d. -f1 /proc/uptime
}

# dt_wait SECS CMD [ARG...]: poll CMD every 0.1 s until it succeeds;
# false if it still fails after SECS seconds.  Never wait a fixed time
# for something that can be polled; under TCG give generous SECS.
dt_wait() {
	_end=$(( $(dt_now) + $1 ))
	shift
	until "$@"; do
		[ "$(dt_now)" -lt "$_end" ] || return 1
		sleep 0.1
	done
}

# dt_lines FILE: number of lines in FILE (0 if it does not exist).
dt_lines() {
	if [ -e "$1" ]; then wc -l <"$1"; else echo 0; fi
}

# dt_has_lines FILE N: true once FILE has at least N lines.
dt_has_lines() {
	[ "$(dt_lines "$1")" -ge "$2" ]
}

# dt_wait_pid PID SECS: wait for background job PID to end and return
# its exit status; after SECS seconds kill it and return 124.
dt_wait_pid() {
	if dt_wait "$2" dt_gone "$1"; then
		wait "$1"
		return
	fi
	kill -KILL "$1" 2>/dev/null || true
	wait "$1" 2>/dev/null || true
	return 124
}

# dt_gone PID: true if process PID has exited (or is a zombie).
dt_gone() {
	! kill -0 "$1" 2>/dev/null ||
		[ "$(cut -d' ' -f3 "/proc/$1/stat" 2>/dev/null)" = Z ]
}

# dt_enabled PROVIDER: the ENABLED column of /proc/dtrace/providers.
dt_enabled() {
	awk -v p="$1" 'NR > 1 && $1 == p { print $3; found = 1 }
		       END { if (!found) print "none" }' /proc/dtrace/providers
}

# dt_idle: true once the core holds nothing for any consumer: no
# consumer open, no byte or allocation of one left (/proc/dtrace/memory)
# and no probe of any provider enabled.
dt_idle() {
	awk '$1 == "consumers" || $1 == "bytes" || $1 == "allocations" {
		if ($2 != 0) bad = 1 } END { exit bad }' /proc/dtrace/memory &&
	awk 'NR > 1 && $3 != 0 { bad = 1 } END { exit bad }' \
		/proc/dtrace/providers
}

# dt_check_idle WHAT: fail unless the core returns to idle (dt_idle)
# within 30 s; WHAT says after what, and the failure shows the state.
dt_check_idle() {
	dt_wait 30 dt_idle || {
		cat /proc/dtrace/memory /proc/dtrace/providers \
			/proc/dtrace/consumers >&2
		dt_fail "not idle after $1"
	}
}

# dt_trace PROG [OPTION...]: run PROG in the background (with dtrace's
# OPTIONs) with its output in $DT_TMP/out; return once its BEGIN clause
# has printed "go".
dt_trace() {
	_prog=$1
	shift
	"$DTRACE" -q "$@" -n "BEGIN { printf(\"go\\n\"); } $_prog" \
		>"$DT_TMP/out" 2>&1 &
	DT_BG=$!
	dt_wait 120 grep -q '^go' "$DT_TMP/out" ||
		dt_fail "consumer did not start: $(cat "$DT_TMP/out")"
}

# dt_trace_stop: interrupt the consumer and wait for it to print and exit.
dt_trace_stop() {
	kill -INT "$DT_BG"
	_st=0
	dt_wait_pid "$DT_BG" 120 || _st=$?
	DT_BG=
	[ "$_st" -eq 0 ] || dt_fail "consumer exited $_st: $(cat "$DT_TMP/out")"
}

# dt_check_stack FILE FUNC: FILE holds a line "... caller SYM" and then
# a stack(); fail unless caller and the first frame are both in FUNC
# ("module`function") and no frame of dtrace or of the probe machinery
# shows.
dt_check_stack() {
	grep -Eq " ?caller $2\+0x[0-9a-f]+\$" "$1" ||
		dt_fail "caller not in $2: $(cat "$1")"
	_first=$(awk '/caller / { c = 1; next } c && /`/ { print $1; exit }' "$1")
	case $_first in
	"$2"+0x*) ;;
	*) dt_fail "first frame '$_first', not $2: $(cat "$1")" ;;
	esac
	! grep -Eq 'kprobe|dtrace_|ftrace' "$1" ||
		dt_fail "tracing frames in the stack: $(cat "$1")"
}

# dt_setup: start a test: DT_TMP is a fresh scratch directory, and on
# exit dt_cleanup kills the background consumer DT_BG (set it to the pid
# of one), closes fd 3 (where tests hold /dev/dtrace open), unloads the
# modules named in DT_MODS (traced drivers a test loaded) and every
# dtrace module, and removes DT_TMP.  Tests leave nothing behind.
dt_setup() {
	DT_TMP=$(mktemp -d)
	DT_BG=
	DT_MODS=
	trap dt_cleanup EXIT
}

dt_cleanup() {
	[ -z "$DT_BG" ] || kill -KILL "$DT_BG" 2>/dev/null || true
	exec 3<&-
	for _m in $DT_MODS; do
		! dt_loaded "$_m" || dt_wait 30 rmmod "$_m" 2>/dev/null || true
	done
	dt_unload_all || true
	rm -rf "$DT_TMP"
}
