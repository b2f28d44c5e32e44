#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: a traced process stuck on its own memory blocks nothing of dtrace
# requires: dtrace_fasttrap
#
# ASSERTION: ufstuck, running as nobody with vm.unprivileged_userfaultfd
# at 1, fires the USDT probe ufstuck:::stuck with a pointer into a page
# whose userfaultfd nobody serves, calls uf_stuck() with it, then blocks
# reading the page.  Traced with dtrace -p, with copyinstr() of the
# pointer in both, the USDT probe and the pid entry probe fire.  While
# the target is stuck (in handle_userfault), within bounded times:
# dtrace exits on SIGINT, a second consumer lists probes (dtrace -l),
# and dtrace_profile loads and unloads (dtrace_register()).  Once the
# target is killed every module unloads.  Each step runs in the
# background, so that a step that hangs fails the test instead of
# hanging it; killing the target releases it.
set -eu
. selftests/lib/dt.sh
. selftests/providers/fasttrap/fasttrap.inc

UF=$DT_TOP/selftests/progs/ufstuck
SYSCTL=/proc/sys/vm/unprivileged_userfaultfd
FAILED=
TARGET=
STEPS=

# start NAME CMD...: run CMD in the background as step NAME.
start() {
	_name=$1
	shift
	"$@" >"$DT_TMP/$_name.out" 2>&1 &
	eval "PID_$_name=$!"
	STEPS="$STEPS $_name"
}

# steps_done: true once every step started has ended.
# shellcheck disable=SC2317 # runs from dt_wait_until
steps_done() {
	for _s in $STEPS; do
		eval "dt_gone \$PID_$_s" || return 1
	done
}

# steps_check: note each step that failed or is still running.
steps_check() {
	for _s in $STEPS; do
		_pid=
		eval "_pid=\$PID_$_s"
		if ! dt_gone "$_pid"; then
			FAILED="$FAILED $_s(still running)"
		elif ! wait "$_pid"; then
			FAILED="$FAILED $_s(failed: $(cat "$DT_TMP/$_s.out"))"
		fi
	done
}

# shellcheck disable=SC2317 # runs from the EXIT trap
stuck_cleanup() {
	[ -z "$TARGET" ] || kill -KILL "$TARGET" 2>/dev/null || true
	[ -z "${OLD_UFFD:-}" ] || echo "$OLD_UFFD" >"$SYSCTL"
	dt_cleanup
}

ft_setup
trap stuck_cleanup EXIT
[ -x "$UF" ] || dt_skip "selftests/progs/ufstuck is not built"
[ -w "$SYSCTL" ] || dt_skip "no $SYSCTL (CONFIG_USERFAULTFD)"
OLD_UFFD=$(cat "$SYSCTL")
echo 1 >"$SYSCTL"
chmod 755 "$DT_TMP"

"$UF" -w "$DT_TMP/go" >"$DT_TMP/target" 2>&1 &
TARGET=$!
dt_wait 60 grep -q '^ready' "$DT_TMP/target" ||
	dt_fail "target not ready: $(cat "$DT_TMP/target")"
"$DTRACE" -q -p "$TARGET" -n 'BEGIN { printf("go\n"); }
	ufstuck$target:::stuck { printf("stuck %d\n", arg1); }
	ufstuck$target:::stuck { printf("%s\n", copyinstr(arg0)); }
	pid$target:a.out:uf_stuck:entry { printf("entry\n"); }
	pid$target:a.out:uf_stuck:entry { printf("%s\n", copyinstr(arg0)); }' \
	>"$DT_TMP/out" 2>&1 &
DT_BG=$!
dt_wait 120 grep -q '^go' "$DT_TMP/out" || dt_fail "no go: $(cat "$DT_TMP/out")"
touch "$DT_TMP/go"
dt_wait 60 grep -q userfault "/proc/$TARGET/wchan" ||
	dt_fail "target not stuck: $(cat "/proc/$TARGET/wchan")"
dt_wait 30 grep -q '^entry$' "$DT_TMP/out" ||
	FAILED="$FAILED fire(no entry probe: $(cat "$DT_TMP/out"))"
grep -q '^stuck 7$' "$DT_TMP/out" ||
	FAILED="$FAILED fire(no USDT probe: $(cat "$DT_TMP/out"))"

# All at once: a hang of one must not hide the others, nor take long.
kill -INT "$DT_BG"
# shellcheck disable=SC2034 # read through eval by steps_check
PID_sigint=$DT_BG
STEPS=sigint
ln -s out "$DT_TMP/sigint.out"
start list "$DTRACE" -l -n 'dtrace:::BEGIN'
start profile sh -c '. selftests/lib/dt.sh && dt_modprobe dtrace_profile &&
	dt_rmmod dtrace_profile'
dt_wait 60 steps_done || true
steps_check
DT_BG=

kill -KILL "$TARGET"
wait "$TARGET" 2>/dev/null || true
TARGET=
[ -z "$FAILED" ] || dt_fail "with the target stuck:$FAILED"
dt_wait 60 ft_no_sites || dt_fail "user probes left: $(cat /proc/dtrace/fasttrap)"
dt_unload_all || dt_fail "modules left loaded"
exit 0
