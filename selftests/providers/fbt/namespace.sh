#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: fbt reads the kernel's BTF in the init namespace, whatever the consumer's /sys
# requires: dtrace_fbt
#
# ASSERTION: a dtrace in a new mount namespace with an empty tmpfs over
# /sys (a container without sysfs) traces fbt::vfs_read:entry for the
# reads of its target: fbt reads /sys/kernel/btf/vmlinux under the init
# task's root, not the consumer's.  A dtrace in the initial namespace
# then traces it too: nothing of the first run is held against it.
set -eu
. selftests/lib/dt.sh

dt_setup
dt_modprobe dtrace_fbt || dt_fail "modprobe dtrace_fbt failed"
head -c 100 /dev/zero >"$DT_TMP/fbtdata"
prog='fbt::vfs_read:entry /pid == $target/ { @ = count(); }
	END { printa("reads %@d\n", @); }'
cmd="dd if=$DT_TMP/fbtdata of=/dev/null bs=10 count=3"

# unshare(1) makes the new namespace's mounts private: the tmpfs hides
# /sys from this shell only.
unshare -m sh -c 'mount -t tmpfs none /sys && ! [ -e /sys/kernel ] &&
	exec timeout 300 "$0" -q -n "$1" -c "$2"' \
	"$DTRACE" "$prog" "$cmd" >"$DT_TMP/out" 2>&1 ||
	dt_fail "dtrace without /sys exited $?: $(cat "$DT_TMP/out")"
grep -Eq '^reads [1-9][0-9]*$' "$DT_TMP/out" ||
	dt_fail "no reads seen without /sys: $(cat "$DT_TMP/out")"

timeout 300 "$DTRACE" -q -n "$prog" -c "$cmd" >"$DT_TMP/out" 2>&1 ||
	dt_fail "dtrace in the initial namespace exited $?: $(cat "$DT_TMP/out")"
grep -Eq '^reads [1-9][0-9]*$' "$DT_TMP/out" ||
	dt_fail "no reads seen in the initial namespace: $(cat "$DT_TMP/out")"
exit 0
