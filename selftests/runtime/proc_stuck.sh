#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: a consumer stuck in an ioctl blocks no other consumer nor /proc/dtrace
# requires: CONFIG_USERFAULTFD
#
# ASSERTION: progs/ufenable holds /dev/dtrace open and waits inside
# DTRACEIOC_ENABLE, its state->lock held, on a userfaultfd page that
# nobody serves.  A reader of /proc/dtrace/consumers then waits for that
# consumer alone.  While both wait, within bounded times: a second
# consumer opens /dev/dtrace, runs BEGIN and exits; /proc/dtrace/memory
# and providers read; a reader of /proc/dtrace/ecbs, waiting for the
# stuck consumer too, ends on SIGKILL.  Once ufenable is killed the
# first reader ends with the file's header, and the core is idle.  The
# steps run in the background, so that one that hangs fails the test
# instead of hanging it.
set -eu
. selftests/lib/dt.sh

UF=$DT_TOP/selftests/progs/ufenable
FAILED=
TARGET=
PIDS=

# shellcheck disable=SC2317 # runs from the EXIT trap
stuck_cleanup() {
	# the target first: whatever hangs waits for it
	for _p in $TARGET $PIDS; do
		kill -KILL "$_p" 2>/dev/null || true
	done
	dt_cleanup
}

# start NAME CMD...: run CMD in the background as step NAME, its pid
# in LAST.
start() {
	_name=$1
	shift
	"$@" >"$DT_TMP/$_name.out" 2>&1 &
	LAST=$!
	PIDS="$PIDS $LAST"
}

# waits PID: true once PID has ended or sleeps in D state (a mutex).
# shellcheck disable=SC2317 # runs from dt_wait
waits() {
	dt_gone "$1" || [ "$(cut -d' ' -f3 "/proc/$1/stat")" = D ]
}

# all_gone PID...: true once every PID has ended.
# shellcheck disable=SC2317 # runs from dt_wait
all_gone() {
	for _p; do
		dt_gone "$_p" || return 1
	done
}

# check NAME PID: note step NAME if it is still running or failed.
check() {
	if ! dt_gone "$2"; then
		FAILED="$FAILED $1(still running)"
	elif ! wait "$2"; then
		FAILED="$FAILED $1(failed: $(cat "$DT_TMP/$1.out"))"
	fi
}

dt_setup
trap stuck_cleanup EXIT
[ -x "$UF" ] || dt_skip "selftests/progs/ufenable is not built"
dt_modprobe dtrace_core || dt_fail "modprobe dtrace_core failed"

"$UF" >"$DT_TMP/target" 2>&1 &
TARGET=$!
dt_wait 60 grep -q '^ready' "$DT_TMP/target" ||
	dt_fail "target not ready: $(cat "$DT_TMP/target")"
dt_wait 60 grep -q userfault "/proc/$TARGET/wchan" ||
	dt_fail "target not stuck: $(cat "/proc/$TARGET/wchan") $(cat "$DT_TMP/target")"

start reader cat /proc/dtrace/consumers
reader=$LAST
dt_wait 60 waits "$reader" ||
	dt_fail "the reader neither ended nor waits: $(cat "/proc/$reader/wchan")"

start open "$DTRACE" -q -n 'BEGIN { printf("second\n"); exit(0); }'
open=$LAST
start memory cat /proc/dtrace/memory
memory=$LAST
start providers cat /proc/dtrace/providers
providers=$LAST
start killed cat /proc/dtrace/ecbs
killed=$LAST
dt_wait 60 waits "$killed" || true
kill -KILL "$killed"
dt_wait 90 all_gone "$open" "$memory" "$providers" "$killed" || true
check open "$open"
check memory "$memory"
check providers "$providers"
dt_gone "$killed" ||
	FAILED="$FAILED killed(a reader waiting for the stuck consumer ignores SIGKILL)"
grep -q '^second$' "$DT_TMP/open.out" ||
	FAILED="$FAILED open(no BEGIN output: $(cat "$DT_TMP/open.out"))"

kill -KILL "$TARGET"
wait "$TARGET" 2>/dev/null || true
TARGET=
dt_wait 60 dt_gone "$reader" || true
check reader "$reader"
grep -q '^ *ID  *PID ' "$DT_TMP/reader.out" ||
	FAILED="$FAILED reader(no header: $(cat "$DT_TMP/reader.out"))"
[ -z "$FAILED" ] || dt_fail "with a consumer stuck in an ioctl:$FAILED"
dt_check_idle "the stuck consumer was killed"
dt_unload_all || dt_fail "modules left loaded"
exit 0
