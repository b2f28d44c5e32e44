#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: a dtrace stopped by job control does not hold every later exec
# requires: dtrace_fasttrap
#
# ASSERTION: while a provider glob (later*:::) is enabled, dtrace's
# watcher process makes the probes of each program that execs.  A user
# who stops dtrace with ^Z (SIGTSTP to its job's process group) stops
# dtrace, not the watcher: a program started meanwhile runs at once,
# not after exec_hold_ms.  After SIGCONT and SIGINT dtrace ends as
# usual.  The job is started as a job-control shell does: a process
# group of its own in the caller's session (python3 here, so that the
# group is not orphaned and the stop signal is not discarded).
set -eu
. selftests/lib/dt.sh
. selftests/providers/fasttrap/fasttrap.inc

ft_setup
command -v python3 >/dev/null || dt_skip "no python3"
ft_keep_exec_hold
echo 60000 >"$HOLD_PARAM"

# job.py: "FAIL why" and exit 1 on failure, "ok" otherwise
cat >"$DT_TMP/job.py" <<'PY'
import os, signal, subprocess, sys, time

def fail(why):
    print("FAIL", why, flush=True)
    sys.exit(1)

def state(pid):
    with open("/proc/%d/stat" % pid) as f:
        return f.read().rsplit(")", 1)[1].split()[0]

dt = subprocess.Popen([sys.argv[1], "-q", "-Z", "-n",
                       'BEGIN { printf("go\\n"); } later*::: { }'],
                      stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                      preexec_fn=os.setpgrp)
if dt.stdout.readline().strip() != b"go":
    fail("dtrace did not start: %s" % dt.stdout.read())
os.killpg(dt.pid, signal.SIGTSTP)
end = time.monotonic() + 60
while state(dt.pid) != "T":
    if time.monotonic() > end:
        fail("dtrace was not stopped by SIGTSTP")
    time.sleep(0.1)
t = time.monotonic()
subprocess.run(["/bin/true"], check=True)
held = time.monotonic() - t
os.killpg(dt.pid, signal.SIGCONT)
dt.send_signal(signal.SIGINT)
try:
    rc = dt.wait(120)
except subprocess.TimeoutExpired:
    dt.kill()
    fail("dtrace did not end on SIGINT after SIGCONT")
if rc != 0:
    fail("dtrace exited %d: %s" % (rc, dt.stdout.read()))
if held > 30:
    fail("an exec waited %.1f s while dtrace was stopped" % held)
print("ok", flush=True)
PY
timeout 600 python3 "$DT_TMP/job.py" "$DTRACE" >"$DT_TMP/j" 2>&1 ||
	dt_fail "$(cat "$DT_TMP/j")"
grep -qx ok "$DT_TMP/j" || dt_fail "$(cat "$DT_TMP/j")"
exit 0
