#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: fbt entry arguments from registers and the stack, and 0 past the function's own
# requires: dtrace_fbt
#
# ASSERTION: the core reads an entry probe's arguments from the saved
# registers by the calling convention (dtrace_probe_entry()): six in
# registers, the rest on the stack above the return address, and 0 for
# those past the function's own.  vfs_read() takes four: reading a file
# 7 bytes at a time, fbt::vfs_read:entry sees arg2 = 7 and arg4..arg9 =
# 0.  do_mmap() takes eight (6.1) or nine (6.12, vm_flags before pgoff):
# mapping 3 pages at page offset 3 of a file, fbt::do_mmap:entry sees
# len 12288 in arg2 and pgoff 3 then the populate pointer (a kernel
# address, on the stack: its top byte 0xff, with 4 or 5 page levels) in
# arg5 and arg6 (6.1) or in arg6 and arg7 (6.12); arg9 is past both
# and reads 0.  Both entry paths, fbt's
# ftrace_ops (entry_ftrace=1) and a kprobe each (entry_ftrace=0).
set -eu
. selftests/lib/dt.sh

command -v python3 >/dev/null 2>&1 || dt_skip "no python3 to call mmap()"
dt_setup
dt_modprobe dtrace_fbt || dt_fail "modprobe dtrace_fbt failed"
head -c 24576 /dev/zero >"$DT_TMP/data"
# the path: entry_ftrace, read when a probe is enabled
param=/sys/module/dtrace_fbt/parameters/entry_ftrace

for path in 1 0; do
	echo "$path" >"$param"
	timeout 300 "$DTRACE" -q -n '
	fbt::vfs_read:entry /pid == $target && arg2 == 7/ {
		@r[arg4 | arg5 | arg6 | arg7 | arg8 | arg9] = count();
	}
	fbt::do_mmap:entry /pid == $target && arg2 == 12288/ {
		@m[arg5 == 3 && ((arg6 >> 56) & 0xff) == 0xff ? "6.1" :
		   arg6 == 3 && ((arg7 >> 56) & 0xff) == 0xff ? "6.12" :
		   "bad", arg9] = count();
	}
	END { printa("read %d %@d\n", @r); printa("mmap %s %d %@d\n", @m); }' \
		-c "python3 -c 'import mmap, os
f = open(\"$DT_TMP/data\", \"rb\")
mmap.mmap(f.fileno(), 12288, prot=mmap.PROT_READ, offset=3 * 4096)
fd = os.open(\"$DT_TMP/data\", os.O_RDONLY)
while os.read(fd, 7):
    pass'" >"$DT_TMP/out.$path" 2>&1 ||
		dt_fail "entry_ftrace=$path: dtrace exited $?: $(cat "$DT_TMP/out.$path")"
	grep -q '^read 0 [0-9]' "$DT_TMP/out.$path" ||
		dt_fail "entry_ftrace=$path: vfs_read arg4..arg9 not 0: $(cat "$DT_TMP/out.$path")"
	! grep -q '^read [1-9-]' "$DT_TMP/out.$path" ||
		dt_fail "entry_ftrace=$path: vfs_read arg4..arg9 not 0: $(cat "$DT_TMP/out.$path")"
	grep -Eq '^mmap 6\.12? 0 [1-9]' "$DT_TMP/out.$path" ||
		dt_fail "entry_ftrace=$path: do_mmap's stack arguments: $(cat "$DT_TMP/out.$path")"
done
echo 1 >"$param"
exit 0
