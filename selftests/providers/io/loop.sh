#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: io:::start and done for direct writes and reads of a loop device, with its name and B_WRITE / B_READ
# requires: dtrace_io
#
# ASSERTION: dd writing four 4 KiB blocks to a loop device (on a tmpfs
# file) with O_DIRECT fires io:::start for the device with
# dev_statname "loopN", dev_pathname "/dev/loopN", dev_name "loop"
# (the driver's module; "loopN" where loop is built in, as in the debug
# kernel: docs/providers/io.md), dev_major and dev_minor its numbers (as stat says), b_edev the same
# device, b_flags with B_WRITE and without B_READ, B_DONE or B_PAGEIO,
# b_bcount bytes adding up to 16384 and fi_name "<none>" (no file:
# the data is dd's own memory).  Each start is followed by a done of
# the same b_blkno with B_DONE, b_error 0 and b_resid 0.  Reading the
# blocks back the same way fires start with B_READ and not B_WRITE.
# blkdiscard of 64 KiB fires wait-start then wait-done once each, in
# blkdiscard, for the device, B_WRITE, some bytes, no file; wait-done
# with B_DONE and b_error 0.
set -eu
. selftests/lib/dt.sh

dt_setup
dt_modprobe dtrace_io || dt_fail "modprobe dtrace_io failed"
modprobe loop 2>/dev/null || true
command -v losetup >/dev/null || dt_skip "no losetup"
truncate -s 8M "$DT_TMP/disk"
dev=$(losetup -f --show "$DT_TMP/disk" 2>"$DT_TMP/err") ||
	dt_skip "no loop device: $(cat "$DT_TMP/err")"
# shellcheck disable=SC2064 # the device is known now
trap "losetup -d $dev; dt_cleanup" EXIT
name=${dev#/dev/}
major=$(printf '%d' "0x$(stat -c %t "$dev")")
minor=$(printf '%d' "0x$(stat -c %T "$dev")")
# dev_name: the driver's module, or the disk's name for a built-in one
driver=loop
grep -q '^loop ' /proc/modules || driver=$name

# trace DD-ARGS: run dd on the device under io:::start and done.
trace() {
	rm -f "$DT_TMP/out"	# -o appends
	st=0
	timeout 150 "$DTRACE" -q -o "$DT_TMP/out" -c "dd $* bs=4096 count=4" -n '
io:::start, io:::done
/args[1]->dev_statname == "'"$name"'"/
{
	printf("%d %s %d %d %d %d %d %d %d %d %d %s %s %s %d %d %s\n",
	    timestamp, probename, args[0]->b_blkno, args[0]->b_bcount,
	    (args[0]->b_flags & B_WRITE) != 0, (args[0]->b_flags & B_READ) != 0,
	    (args[0]->b_flags & B_DONE) != 0,
	    (args[0]->b_flags & B_PAGEIO) != 0,
	    args[0]->b_error, args[0]->b_resid,
	    args[0]->b_edev == (args[1]->dev_major << 20 | args[1]->dev_minor),
	    args[1]->dev_statname, args[1]->dev_pathname, args[1]->dev_name,
	    args[1]->dev_major, args[1]->dev_minor, args[2]->fi_name);
}' >"$DT_TMP/work" 2>"$DT_TMP/err" || st=$?
	[ "$st" -eq 0 ] || dt_fail "dtrace exited $st: $(cat "$DT_TMP/err")"
	# in time order (each CPU's buffer comes in turn), less the time
	grep . "$DT_TMP/out" | sort -s -n -k1,1 | cut -d' ' -f2- \
		>"$DT_TMP/ev" || true
}

# check WRITE READ: every start and done is of the device, with the
# flags WRITE and READ; each start has its done; 16384 bytes started.
check() {
	awk -v w="$1" -v r="$2" -v dev="$name $dev $driver $major $minor" '
	function bad(why) { print "line " NR ": " why ": " $0; fail = 1 }
	{
		if ($4 != w || $5 != r) bad("not B_WRITE " w ", B_READ " r)
		if ($7 != 0) bad("B_PAGEIO")
		if ($10 != 1) bad("b_edev is not the device")
		if ($11 " " $12 " " $13 " " $14 " " $15 != dev)
			bad("devinfo_t is not " dev)
		if ($16 != "<none>") bad("a file")
	}
	$1 == "start" {
		if ($6 != 0) bad("B_DONE at start")
		started[$2]++
		bytes += $3
	}
	$1 == "done" {
		if ($6 != 1 || $8 != 0 || $9 != 0)
			bad("not B_DONE, or b_error or b_resid")
		if (!started[$2]--) bad("done of no start")
	}
	END {
		for (b in started)
			if (started[b]) { print "no done for block " b; fail = 1 }
		if (bytes != 16384) { print bytes + 0 " bytes started"; fail = 1 }
		exit fail
	}' "$DT_TMP/ev" >"$DT_TMP/why" || {
		cat "$DT_TMP/ev" >&2
		dt_fail "$(cat "$DT_TMP/why")"
	}
}

trace if=/dev/zero "of=$dev" oflag=direct
check 1 0
trace "if=$dev" of=/dev/null iflag=direct
check 0 1

# blkdiscard waits for its discard in submit_bio_wait()
command -v blkdiscard >/dev/null || exit 0
rm -f "$DT_TMP/out"
st=0
timeout 150 "$DTRACE" -q -o "$DT_TMP/out" -c "blkdiscard -o 0 -l 65536 $dev" -n '
io:::wait-start, io:::wait-done
/args[1]->dev_statname == "'"$name"'"/
{
	printf("%d %s %d %d %d %d %d %s %s\n", timestamp, probename,
	    pid == $target, (args[0]->b_flags & B_WRITE) != 0,
	    (args[0]->b_flags & B_DONE) != 0, args[0]->b_error,
	    args[0]->b_bcount > 0, args[1]->dev_statname, args[2]->fi_name);
}' >"$DT_TMP/work" 2>"$DT_TMP/err" || st=$?
[ "$st" -eq 0 ] || dt_fail "dtrace exited $st: $(cat "$DT_TMP/err")"
got=$(grep . "$DT_TMP/out" | sort -s -n -k1,1 | cut -d' ' -f2-)
[ "$got" = "wait-start 1 1 0 0 1 $name <none>
wait-done 1 1 1 0 1 $name <none>" ] || dt_fail "blkdiscard: $got"
exit 0
