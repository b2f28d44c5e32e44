#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: fbt entry probes see the arguments, typed; return probes the value
# requires: dtrace_fbt
#
# ASSERTION: dd reading a 100-byte file 7 bytes at a time, 5 times,
# makes fbt::vfs_read:entry fire with arg2 = 7 exactly 5 times for the
# target, with args[0] the file (its dentry's name read through the BTF
# types) and args[2] typed size_t; fbt::vfs_read:return sees arg1 = 7
# 5 times, and args[1] has the type ssize_t; arg0 of a return probe is
# -1 (DTrace's "offset not known"), and a function returning void has
# no args[1] (D_ARGS_IDX at compile time).
set -eu
. selftests/lib/dt.sh

dt_setup
dt_modprobe dtrace_fbt || dt_fail "modprobe dtrace_fbt failed"
head -c 100 /dev/zero >"$DT_TMP/fbtdata"
timeout 300 "$DTRACE" -q -n '
	fbt::vfs_read:entry /pid == $target && arg2 == 7/ {
		@e[stringof(args[0]->f_path.dentry->d_name.name), args[2]] =
		    count();
	}
	fbt::vfs_read:return /pid == $target && arg1 == 7/ {
		@r[args[1]] = count();
		@o[(long)arg0] = count();
	}
	END { printa("entry %s %d %@d\n", @e); printa("return %d %@d\n", @r);
	    printa("offset %d %@d\n", @o); }' \
	-c "dd if=$DT_TMP/fbtdata of=/dev/null bs=7 count=5" \
	>"$DT_TMP/out" 2>&1 || dt_fail "dtrace exited $?: $(cat "$DT_TMP/out")"
grep -q '^entry fbtdata 7 5$' "$DT_TMP/out" ||
	dt_fail "no 5 entries with fbtdata, 7: $(cat "$DT_TMP/out")"
grep -q '^return 7 5$' "$DT_TMP/out" ||
	dt_fail "no 5 returns of 7: $(cat "$DT_TMP/out")"
grep -q '^offset -1 5$' "$DT_TMP/out" ||
	dt_fail "return arg0 not -1: $(cat "$DT_TMP/out")"
timeout 120 "$DTRACE" -lv -n fbt::vfs_read:entry >"$DT_TMP/lv" 2>&1
grep -q 'args\[2\]: size_t$' "$DT_TMP/lv" ||
	dt_fail "vfs_read:entry args[2] type: $(grep 'args\[' "$DT_TMP/lv")"
grep -q 'args\[0\]: struct file \*$' "$DT_TMP/lv" ||
	dt_fail "vfs_read:entry args[0] type: $(grep 'args\[' "$DT_TMP/lv")"
timeout 120 "$DTRACE" -lv -n fbt::vfs_read:return >"$DT_TMP/lv" 2>&1
grep -q 'args\[1\]: ssize_t$' "$DT_TMP/lv" ||
	dt_fail "vfs_read:return args[1] type: $(grep 'args\[' "$DT_TMP/lv")"
st=0
timeout 120 "$DTRACE" -e -xerrtags -n \
	'fbt:vmlinux:oops_enter:return { trace(args[1]); }' \
	>"$DT_TMP/void" 2>&1 || st=$?
if [ "$st" != 1 ] ||
	! grep -q 'D_ARGS_IDX.*index 1 is out of range' "$DT_TMP/void"; then
	dt_fail "args[1] of a void function's return (exit $st): $(cat "$DT_TMP/void")"
fi
exit 0
