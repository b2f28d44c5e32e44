#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: io:::start names the file a page cache write-back is for (ext4 on a loop device)
# requires: dtrace_io
#
# ASSERTION: on an ext4 file system on a loop device, writing 64 KiB
# to a new file "dtio.data" through the page cache and fsync()ing it
# fires io:::start for the loop device with B_WRITE and B_PAGEIO,
# args[2]->fi_name "dtio.data", fi_fs "ext4", fi_offset within the
# file's 64 KiB, fi_pathname "<unknown>"; the starts for that file
# carry the 64 KiB.
set -eu
. selftests/lib/dt.sh

dt_setup
dt_modprobe dtrace_io || dt_fail "modprobe dtrace_io failed"
modprobe loop 2>/dev/null || true
modprobe ext4 2>/dev/null || true
command -v losetup >/dev/null || dt_skip "no losetup"
command -v mkfs.ext4 >/dev/null || dt_skip "no mkfs.ext4"
truncate -s 32M "$DT_TMP/disk"
mkfs.ext4 -q -F "$DT_TMP/disk" >"$DT_TMP/err" 2>&1 ||
	dt_fail "mkfs.ext4: $(cat "$DT_TMP/err")"
dev=$(losetup -f --show "$DT_TMP/disk" 2>"$DT_TMP/err") ||
	dt_skip "no loop device: $(cat "$DT_TMP/err")"
mkdir "$DT_TMP/mnt"
mount -t ext4 "$dev" "$DT_TMP/mnt" 2>"$DT_TMP/err" || {
	losetup -d "$dev"
	dt_skip "cannot mount ext4: $(cat "$DT_TMP/err")"
}
# shellcheck disable=SC2064 # the mount and device are known now
trap "umount $DT_TMP/mnt; losetup -d $dev; dt_cleanup" EXIT
name=${dev#/dev/}

st=0
timeout 150 "$DTRACE" -q -o "$DT_TMP/out" \
	-c "dd if=/dev/zero of=$DT_TMP/mnt/dtio.data bs=65536 count=1 conv=fsync" -n '
io:::start
/args[1]->dev_statname == "'"$name"'" && args[2]->fi_name == "dtio.data"/
{
	printf("%d %d %d %s %s %d %d\n", args[0]->b_bcount,
	    (args[0]->b_flags & B_WRITE) != 0,
	    (args[0]->b_flags & B_PAGEIO) != 0, args[2]->fi_fs,
	    args[2]->fi_pathname, args[2]->fi_offset,
	    args[2]->fi_offset + args[0]->b_bcount);
}' >"$DT_TMP/work" 2>"$DT_TMP/err" || st=$?
[ "$st" -eq 0 ] || dt_fail "dtrace exited $st: $(cat "$DT_TMP/err")"
awk '
	function bad(why) { print "line " NR ": " why ": " $0; fail = 1 }
	NF == 0 { next }
	{
		if ($2 != 1 || $3 != 1) bad("not B_WRITE and B_PAGEIO")
		if ($4 != "ext4" || $5 != "<unknown>") bad("fi_fs, fi_pathname")
		if ($6 < 0 || $7 > 65536) bad("not within the file")
		bytes += $1
	}
	END {
		if (bytes != 65536) { print bytes + 0 " bytes of dtio.data"; fail = 1 }
		exit fail
	}' "$DT_TMP/out" >"$DT_TMP/why" || {
	cat "$DT_TMP/out" >&2
	dt_fail "$(cat "$DT_TMP/why")"
}
exit 0
