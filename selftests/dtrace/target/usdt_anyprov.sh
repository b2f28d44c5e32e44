#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: a description with no provider lists the USDT probes of the -c or -p target
# requires: dtrace_fasttrap dtrace_proc
#
# ASSERTION: an empty provider field with a module or function matches
# every provider, the USDT providers of $target included: dtrace -l -c
# utarget -m utarget, -m 'utar*' and -f work list
# utest<pid>:utarget:work:tick, and so does dtrace -l -p PID -m utarget
# of a running utarget; none of them makes pid probes (no line of
# provider pid<pid>).  A bare name (BEGIN) makes no probe of $target, so
# the -c target still execs once tracing runs (proc:::exec-success of
# $target fires).
set -eu
. selftests/lib/dt.sh
. selftests/providers/fasttrap/fasttrap.inc

ft_setup
dt_modprobe dtrace_proc || dt_fail "modprobe dtrace_proc failed"

list() {
	timeout 120 "$DTRACE" -l "$@" >"$DT_TMP/out" 2>&1 ||
		dt_fail "dtrace -l $*: $(cat "$DT_TMP/out")"
	ft_expect ' utest[0-9]+ +utarget +work +tick$'
	! grep -Eq ' pid[0-9]+ ' "$DT_TMP/out" ||
		dt_fail "dtrace -l $* made pid probes: $(cat "$DT_TMP/out")"
}

list -c "$UT -n 1" -m utarget
list -c "$UT -n 1" -m 'utar*'
list -c "$UT -n 1" -f work

ft_run -c "$UT -n 1" -n 'BEGIN { }
	proc:::exec-success /pid == $target/ { printf("exec\n"); }'
ft_expect '^exec$'

"$UT" -n 1 -w "$DT_TMP/go" >/dev/null &
DT_BG=$!
list -p "$DT_BG" -m utarget
touch "$DT_TMP/go"
dt_wait_pid "$DT_BG" 60 || true
exit 0
