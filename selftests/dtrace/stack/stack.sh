#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: stack(), ustack() and printf("%k") print symbolised frames
# requires: dtrace_profile, dtrace_syscall
#
# ASSERTION: stack() in a profile probe prints one kernel frame a line
# after a newline: 14 spaces, then module`symbol+0xoff (module "vmlinux"
# for the kernel image) or module`symbol or a hex address; with -x
# stackframes=2 at most 2 frames.  ustack() of the -c target, a busy
# shell, prints its frames the same way with the object's file name
# ("dash`..."), and printf("%k", stack()) prints what stack() does.
# The shell is sampled once it runs its own code: after its "kill -0 0"
# (a kill(2) that sends nothing, which the dynamic loader never makes;
# a fixed delay is no such point on a loaded TCG host, where the loader
# can still be running seconds later); of three samples, one must show
# a frame of the shell or of libc.
set -eu
. selftests/lib/dt.sh

dt_setup
dt_modprobe dtrace_profile || dt_fail "modprobe dtrace_profile failed"
dt_modprobe dtrace_syscall || dt_fail "modprobe dtrace_syscall failed"

frame='^ {14}(([A-Za-z0-9_.-]+`[A-Za-z0-9_.$]+(\+0x[0-9a-f]+)?)|0x[0-9a-f]+|[A-Za-z0-9_.-]+`0x[0-9a-f]+)$'

st=0
timeout 180 "$DTRACE" -q -x stackframes=2 \
	-n 'profile-97 { stack(); exit(0); }' \
	>"$DT_TMP/out" 2>"$DT_TMP/err" || st=$?
[ "$st" -eq 0 ] || dt_fail "stack(): exit $st: $(cat "$DT_TMP/err")"
# quiet: "\n", the frames, "\n"
[ "$(head -n 1 "$DT_TMP/out")" = "" ] || dt_fail "stack(): no leading newline"
n=$(grep -Ec "$frame" "$DT_TMP/out" || true)
[ "$n" -ge 1 ] && [ "$n" -le 2 ] ||
	dt_fail "stack(): $n frames: $(cat "$DT_TMP/out")"
grep -Eq '^ {14}vmlinux`' "$DT_TMP/out" ||
	dt_fail "stack(): no vmlinux frame: $(cat "$DT_TMP/out")"

st=0
timeout 180 "$DTRACE" -q -c 'sh -c "kill -0 0; while :; do :; done"' \
	-n 'syscall::kill:entry /pid == $target/ { ready = 1; }' \
	-n 'profile-97 /ready && pid == $target && arg1 != 0/ { ustack(); printf("%k", stack(3)); n++; }' \
	-n 'profile-97 /n >= 3/ { exit(0); }' \
	>"$DT_TMP/out" 2>"$DT_TMP/err" || st=$?
[ "$st" -eq 0 ] || dt_fail "ustack(): exit $st: $(cat "$DT_TMP/err")"
grep -Eq '^ {14}(dash|bash|libc\.so\.6)`' "$DT_TMP/out" ||
	dt_fail "ustack(): no frame of the shell: $(cat "$DT_TMP/out")"
if grep -Ev "$frame" "$DT_TMP/out" | grep -q .; then
	dt_fail "ustack()/%k: lines that are no frame: $(grep -Ev "$frame" "$DT_TMP/out")"
fi
exit 0
