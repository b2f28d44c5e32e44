#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: stack() in fbt probes starts where the probe fired
# requires: dtrace_fbt
#
# ASSERTION: for a read(2) by the target, stack() at fbt::vfs_read:entry
# starts in vfs_read itself, then its caller ksys_read, which is what
# caller names; at fbt::vfs_read:return (vfs_read has returned) it
# starts at the return site in ksys_read, which caller names too.  Both
# go on to the system call entry with no kprobe, ftrace or dtrace frame
# and no frame twice in a row; stackdepth counts the frames stack()
# prints, and stack(1) and stack(2) are the first one and two of them.
set -eu
. selftests/lib/dt.sh

dt_setup
dt_modprobe dtrace_fbt || dt_fail "modprobe dtrace_fbt failed"
timeout 300 "$DTRACE" -q -n '
	fbt::vfs_read:entry,fbt::vfs_read:return /pid == $target/ {
		printf("%s caller %a depth %d\n", probename, caller,
		       stackdepth);
		printf("all");
		stack();
		printf("one");
		stack(1);
		printf("two");
		stack(2);
		printf("done\n");
	}
	fbt::vfs_read:return /pid == $target/ {
		exit(0);
	}' -c "dd if=/proc/version of=/dev/null bs=16 count=1" \
	>"$DT_TMP/out" 2>&1 || dt_fail "dtrace exited $?: $(cat "$DT_TMP/out")"

awk '
function fail(msg) { print msg; bad = 1 }
/ caller / { probe = $1; caller = $3; depth = $5; na = n1 = n2 = 0; next }
/^all$/ { sect = "a"; next }
/^one$/ { sect = "1"; next }
/^two$/ { sect = "2"; next }
/`/ {
	if (sect == "a") all[++na] = $1
	else if (sect == "1") one[++n1] = $1
	else two[++n2] = $1
	next
}
/^done$/ {
	seen[probe] = 1
	if (probe == "entry") {
		if (all[1] !~ /^vmlinux`vfs_read(\+0x[0-9a-f]+)?$/)
			fail("entry: first frame " all[1] ", not vfs_read")
		if (all[2] !~ /^vmlinux`ksys_read\+0x/)
			fail("entry: second frame " all[2] ", not ksys_read")
		if (caller != all[2])
			fail("entry: caller " caller " is not frame 2 " all[2])
	} else {
		if (all[1] !~ /^vmlinux`ksys_read\+0x/)
			fail("return: first frame " all[1] ", not ksys_read")
		if (caller != all[1])
			fail("return: caller " caller " is not frame 1 " all[1])
	}
	if (depth != na)
		fail(probe ": stackdepth " depth ", stack() has " na)
	if (n1 != 1 || one[1] != all[1])
		fail(probe ": stack(1) is not the first frame")
	if (n2 != 2 || two[1] != all[1] || two[2] != all[2])
		fail(probe ": stack(2) is not the first two frames")
	sys = 0
	for (i = 1; i <= na; i++) {
		if (all[i] ~ /kprobe|ftrace|dtrace_/)
			fail(probe ": tracing frame " all[i])
		if (i > 1 && all[i] == all[i - 1])
			fail(probe ": frame " all[i] " twice")
		if (all[i] ~ /do_syscall_64/)
			sys = 1
	}
	if (!sys)
		fail(probe ": no do_syscall_64 frame")
}
END {
	if (!seen["entry"] || !seen["return"])
		fail("entry and return not both seen")
	exit bad
}' "$DT_TMP/out" >"$DT_TMP/why" ||
	dt_fail "$(cat "$DT_TMP/why"): $(cat "$DT_TMP/out")"
exit 0
