#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: a module unloaded as soon as its probes are disabled loads again, traceable
# requires: dtrace_fbt
# timeout: 600
#
# ASSERTION: crc7's function has no ftrace call site, so fbt's kprobe on
# it is a breakpoint that the kernel soon turns into a jump (an
# optimized kprobe).  A consumer traces fbt:crc7::entry and ::return
# long enough for that, ends, and crc7 is unloaded at once, then loaded
# again (most often at the same address) and traced again, DT_RELOAD_ITERS
# times (default 5): every round enables both probes and counts the
# calls.  The kernel drops an unregistered optimized kprobe from its
# free queue when the module under it goes first, and a kprobe placed
# later at that address fails with a WARNING (kernel/kprobes.c,
# reuse_unused_kprobe); fbt must not let the module go that early.
set -eu
. selftests/lib/dt.sh

dt_setup
iters=${DT_RELOAD_ITERS:-5}
modprobe -q -n crc7 2>/dev/null || dt_skip "no crc7 module for this kernel"
! dt_loaded crc7 || dt_skip "crc7 is in use here"
dt_modprobe dtrace_fbt || dt_fail "modprobe dtrace_fbt failed"
DT_MODS=crc7

for i in $(seq "$iters"); do
	modprobe crc7 || dt_fail "round $i: modprobe crc7 failed"
	dt_trace 'fbt:crc7::entry, fbt:crc7::return { @[probename] = count(); }'
	n=$(dt_enabled fbt)
	[ "$n" = 2 ] || dt_fail "round $i: $n fbt probes enabled, not 2"
	# Long enough for the kprobe optimizer (a few jiffies) to run.
	sleep 1
	# Unload crc7 the moment fbt lets it go: delete_module(2) in a
	# loop (rmmod(8) starts too slowly here to race anything).
	python3 -c '
import ctypes, os, sys, time
libc = ctypes.CDLL(None, use_errno=True)
end = time.time() + 60
open(sys.argv[1], "w").close()
while libc.syscall(176, b"crc7", os.O_NONBLOCK) != 0:
    if time.time() > end:
        sys.exit(1)
' "$DT_TMP/looping" &
	unloader=$!
	dt_wait 60 test -e "$DT_TMP/looping" || dt_fail "the unloader did not start"
	dt_trace_stop
	rm -f "$DT_TMP/looping"
	wait $unloader ||
		dt_fail "round $i: crc7 not unloaded within 60 s of the consumer's end"
done
dt_check_idle "the last round"
