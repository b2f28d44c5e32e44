#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: pid and USDT probes in a program and a library run from overlayfs
# requires: dtrace_fasttrap
#
# ASSERTION: utarget and the libc.so.6 it loads (LD_LIBRARY_PATH) are
# copied into a tmpfs directory, the lower layer of an overlayfs mount
# (upper and work dirs on tmpfs), and run from the mount.  dtrace -p
# traces the pid entry probe of ut_add in the program, the pid entry
# probe of getppid in the library and the USDT probe utest:::tick: each
# fires 20 times, once per round of utarget -n 20.  The same holds for
# a target that runs in a mount namespace of its own (unshare -m) where
# alone the overlay it runs from is mounted.
set -eu
. selftests/lib/dt.sh
. selftests/providers/fasttrap/fasttrap.inc

MOUNTS=
pid=

# shellcheck disable=SC2317 # runs from the EXIT trap
overlay_cleanup() {
	[ -z "$pid" ] || kill -KILL "$pid" 2>/dev/null || true
	[ -z "$pid" ] || wait "$pid" 2>/dev/null || true
	for _m in $MOUNTS; do
		umount "$_m" 2>/dev/null || umount -l "$_m" || true
	done
	dt_cleanup
}

# mkoverlay DIR: the options of an overlay whose lower layer is $LOWER,
# with upper and work directories made in DIR.
mkoverlay() {
	mkdir -p "$1/upper" "$1/work" "$1/merged"
	echo "lowerdir=$LOWER,upperdir=$1/upper,workdir=$1/work"
}

# trace PID: dtrace -p PID until utarget (waiting for $DT_TMP/go) exits;
# each probe must have fired 20 times.
trace() {
	timeout 120 "$DTRACE" -q -p "$1" -n 'BEGIN { printf("go\n"); }
		pid$target:a.out:ut_add:entry { @a = count(); }
		pid$target:libc.so.6:getppid:entry { @l = count(); }
		utest$target:::tick { @u = count(); }
		END { printa("a %@d\n", @a); printa("l %@d\n", @l);
			printa("u %@d\n", @u); }' >"$DT_TMP/out" 2>&1 &
	DT_BG=$!
	dt_wait 120 grep -q '^go' "$DT_TMP/out" ||
		dt_fail "no go: $(cat "$DT_TMP/out")"
	touch "$DT_TMP/go"
	st=0
	dt_wait_pid "$DT_BG" 120 || st=$?
	DT_BG=
	[ "$st" -eq 0 ] || dt_fail "dtrace exited $st: $(cat "$DT_TMP/out")"
	ft_expect '^a 20$'
	ft_expect '^l 20$'
	ft_expect '^u 20$'
	rm -f "$DT_TMP/go"
}

# from_overlay PID: fail unless PID maps utarget and libc from DT_TMP.
from_overlay() {
	for _f in utarget libc.so.6; do
		grep -q "$DT_TMP/[^ ]*/$_f\$" "/proc/$1/maps" ||
			dt_fail "$_f not mapped from the overlay: $(cat "/proc/$1/maps")"
	done
}

ft_setup
trap overlay_cleanup EXIT
grep -qw overlay /proc/filesystems || modprobe overlay 2>/dev/null || true
grep -qw overlay /proc/filesystems || dt_skip "no overlayfs"
libc=$(ldd "$UT" | awk '$1 == "libc.so.6" { print $3 }')
[ -f "$libc" ] || dt_fail "no libc.so.6 for utarget: $(ldd "$UT")"
LOWER=$DT_TMP/lower
mkdir "$LOWER"
cp "$UT" "$libc" "$LOWER/"

# in dtrace's own mount namespace
M=$DT_TMP/a/merged
mount -t overlay overlay -o "$(mkoverlay "$DT_TMP/a")" "$M"
MOUNTS=$M
LD_LIBRARY_PATH=$M "$M/utarget" -n 20 -w "$DT_TMP/go" >"$DT_TMP/target" &
pid=$!
ft_wait_exec "$pid"
from_overlay "$pid"
trace "$pid"
wait "$pid" || dt_fail "target failed: $(cat "$DT_TMP/target")"

# in a mount namespace of its own, where alone its overlay is mounted
M=$DT_TMP/b/merged
opts=$(mkoverlay "$DT_TMP/b")
unshare -m --propagation private sh -c "mount -t overlay overlay -o $opts $M &&
	LD_LIBRARY_PATH=$M exec $M/utarget -n 20 -w $DT_TMP/go" \
	>"$DT_TMP/target" 2>&1 &
pid=$!
ft_wait_exec "$pid"
! grep -q " $M " /proc/self/mountinfo || dt_fail "$M is mounted here too"
from_overlay "$pid"
trace "$pid"
wait "$pid" || dt_fail "target failed: $(cat "$DT_TMP/target")"
exit 0
