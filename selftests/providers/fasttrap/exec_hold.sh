#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: a process held after its exec for a watcher of /dev/dtrace_fasttrap is always let go
# requires: dtrace_fasttrap
#
# ASSERTION: an open of /dev/dtrace_fasttrap that watches execs
# (DTRACEIOC_FTP_WATCH) reads the pid of a program that execs, and the
# program is held (still there long after it would have exited) until
# the watcher closes the device.  A watcher that never releases what it
# read holds a program only until exec_hold_ms has passed; one held can
# be killed with SIGKILL.  An open that does not watch gets EINVAL
# from read() and DTRACEIOC_FTP_RELEASE.  The watcher (python) execs
# nothing itself: while it holds, every exec waits for it.
set -eu
. selftests/lib/dt.sh
. selftests/providers/fasttrap/fasttrap.inc

ft_setup
command -v python3 >/dev/null || dt_skip "no python3"
ft_keep_exec_hold

# watch.py: the three cases; "FAIL why" and exit 1 on failure
cat >"$DT_TMP/watch.py" <<'PY'
import fcntl, os, select, signal, struct, sys, time
WATCH, RELEASE = 0xd403, 0xd404
PARAM = "/sys/module/dtrace_fasttrap/parameters/exec_hold_ms"

def fail(why):
    print("FAIL", why, flush=True)
    sys.exit(1)

def param(ms):
    with open(PARAM, "w") as f:
        f.write("%d\n" % ms)

def reads(fd, pid, secs):
    """Read queued pids until @pid is among them."""
    end = time.monotonic() + secs
    while time.monotonic() < end:
        r, _, _ = select.select([fd], [], [], 1)
        if r and pid in [p for (p,) in
                         struct.iter_unpack("i", os.read(fd, 256))]:
            return
    fail("pid %d never read" % pid)

def gone(pid, secs):
    end = time.monotonic() + secs
    while time.monotonic() < end:
        if os.waitpid(pid, os.WNOHANG)[0] == pid:
            return True
        time.sleep(0.1)
    return False

def spawn():
    return os.spawnv(os.P_NOWAIT, "/bin/true", ["true"])

fd = os.open("/dev/dtrace_fasttrap", os.O_RDWR)
for op in (lambda: os.read(fd, 4), lambda: fcntl.ioctl(fd, RELEASE)):
    try:
        op()
        fail("read()/RELEASE worked before WATCH")
    except OSError as e:
        if e.errno != 22:
            fail("read()/RELEASE before WATCH: %s" % e)

# held until the watcher closes the device
param(600000)
fcntl.ioctl(fd, WATCH)
pid = spawn()
reads(fd, pid, 60)
if gone(pid, 3):
    fail("pid %d was not held" % pid)
os.close(fd)
if not gone(pid, 60):
    fail("pid %d still held after the watcher closed" % pid)

# never released: held for exec_hold_ms only
param(2000)
fd = os.open("/dev/dtrace_fasttrap", os.O_RDWR)
fcntl.ioctl(fd, WATCH)
pid = spawn()
reads(fd, pid, 60)
if not gone(pid, 120):
    fail("pid %d held past exec_hold_ms" % pid)

# held for long: SIGKILL ends it
param(600000)
pid = spawn()
reads(fd, pid, 60)
if gone(pid, 1):
    fail("pid %d was not held" % pid)
os.kill(pid, signal.SIGKILL)
if not gone(pid, 60):
    fail("pid %d held after SIGKILL" % pid)
os.close(fd)
print("ok", flush=True)
PY
timeout 600 python3 "$DT_TMP/watch.py" >"$DT_TMP/w" 2>&1 ||
	dt_fail "$(cat "$DT_TMP/w")"
grep -qx ok "$DT_TMP/w" || dt_fail "$(cat "$DT_TMP/w")"
exit 0
