#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: fds[] gives the fileinfo_t of the current process's file descriptors
# requires: dtrace_syscall
#
# ASSERTION: in write(2) of "dd if=/dev/zero of=FILE bs=100 count=2",
# fds[arg0] is FILE: fi_name its name, fi_dirname its directory,
# fi_pathname its path (as d_path() gives it: "tmpfs:/..." when the
# file system is not the root's), fi_fs "tmpfs", fi_oflags open for writing
# (O_WRONLY), fi_offset 0 at the first write and 100 at the second;
# fds[0] is /dev/zero (fi_name "zero", read-only); fds[200], not open,
# and fds[-1] have fi_name "<none>" and fi_offset -1.
set -eu
. selftests/lib/dt.sh

dt_setup
dt_modprobe dtrace_syscall || dt_fail "modprobe dtrace_syscall failed"
f=$DT_TMP/fds.out
st=0
timeout 150 "$DTRACE" -q -o "$DT_TMP/out" \
	-c "dd if=/dev/zero of=$f bs=100 count=2" -n '
syscall::write:entry
/pid == $target && arg0 != 2/
{
	printf("%s|%s|%s|%s|%d|%d\n", fds[arg0].fi_name, fds[arg0].fi_dirname,
	    fds[arg0].fi_pathname, fds[arg0].fi_fs, fds[arg0].fi_oflags & 3,
	    fds[arg0].fi_offset);
	printf("%s|%s|%d\n", fds[0].fi_name, fds[0].fi_pathname,
	    fds[0].fi_oflags & 3);
	printf("%s|%d|%s|%d\n", fds[200].fi_name, fds[200].fi_offset,
	    fds[-1].fi_name, fds[-1].fi_offset);
}' >"$DT_TMP/work" 2>"$DT_TMP/err" || st=$?
[ "$st" -eq 0 ] || dt_fail "dtrace exited $st: $(cat "$DT_TMP/err")"
# dpath FILE FS: what d_path() says of FILE, in a file system of type FS.
dpath() {
	_m=$(stat -c %m "$1")
	if [ "$_m" = / ]; then
		echo "$1"
	else
		echo "$2:${1#"$_m"}"
	fi
}
p=$(dpath "$f" tmpfs)
z=$(dpath /dev/zero devtmpfs)
cat >"$DT_TMP/want" <<EOT
fds.out|${p%/fds.out}|$p|tmpfs|1|0
zero|$z|0
<none>|-1|<none>|-1
fds.out|${p%/fds.out}|$p|tmpfs|1|100
zero|$z|0
<none>|-1|<none>|-1
EOT
grep . "$DT_TMP/out" >"$DT_TMP/got" || true
cmp -s "$DT_TMP/want" "$DT_TMP/got" || {
	diff "$DT_TMP/want" "$DT_TMP/got" >&2 || true
	dt_fail "fds[] differs"
}
exit 0
