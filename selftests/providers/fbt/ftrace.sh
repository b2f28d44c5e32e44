#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: fbt entry probes through the core's ftrace_ops fire as kprobes do
# requires: dtrace_fbt
#
# ASSERTION: fbt::vfs_read:entry for dd reading 7 bytes from a file
# prints the same lines (the count of such reads, args[2], the file's
# name through args[0], caller, and stack()'s first five frames, which
# the ftrace path unwinds from ftrace_caller's partial registers) whether
# entry probes go through the core's ftrace_ops (module parameter
# entry_ftrace=1) or a kprobe each (entry_ftrace=0).  With ftrace, the
# kernel lists vfs_read among its enabled ftrace functions with our
# handler, and the probe's kprobe (which only resolves the address) as
# disabled; without, the kprobe is enabled.
set -eu
. selftests/lib/dt.sh

dt_setup
dt_modprobe dtrace_fbt || dt_fail "modprobe dtrace_fbt failed"
param=/sys/module/dtrace_fbt/parameters/entry_ftrace
[ -w "$param" ] || dt_fail "no writable module parameter entry_ftrace"
dt_mount_debug
tr=/sys/kernel/tracing
head -c 100 /dev/zero >"$DT_TMP/fbtdata"

# run ON: the lines with entry_ftrace=ON in $DT_TMP/out.ON; the kernel's
# kprobe and ftrace lists while the probe was enabled in kp.ON, ft.ON
run() {
	echo "$1" >"$param"
	printf '#!/bin/sh\ncat /sys/kernel/debug/kprobes/list >%s 2>&1\ncat %s >%s 2>&1\nexec dd if=%s of=/dev/null bs=7 count=5 2>/dev/null\n' \
		"$DT_TMP/kp.$1" "$tr/enabled_functions" "$DT_TMP/ft.$1" \
		"$DT_TMP/fbtdata" >"$DT_TMP/wrap"
	chmod +x "$DT_TMP/wrap"
	timeout 300 "$DTRACE" -q -n '
	fbt::vfs_read:entry /pid == $target && arg2 == 7/ {
		@[stringof(args[0]->f_path.dentry->d_name.name), args[2]] =
		    count();
		@c[caller] = count();
		@s[stack(5)] = count();
	}
	END { printa("entry %s %d %@d\n", @); printa("caller %a %@d\n", @c);
	      printa("stack %k %@d\n", @s); }' -c "$DT_TMP/wrap" \
		>"$DT_TMP/out.$1" 2>&1 ||
		dt_fail "entry_ftrace=$1: dtrace exited $?: $(cat "$DT_TMP/out.$1")"
}

run 1
run 0
grep -q '^entry fbtdata 7 5$' "$DT_TMP/out.1" ||
	dt_fail "entry_ftrace=1: no 5 entries with fbtdata, 7: $(cat "$DT_TMP/out.1")"
grep -q '^caller .*ksys_read.* 5$' "$DT_TMP/out.1" ||
	dt_fail "entry_ftrace=1: caller not in ksys_read: $(cat "$DT_TMP/out.1")"
sed -n '/^stack /,$p' "$DT_TMP/out.1" | grep -q 'do_syscall_64' ||
	dt_fail "entry_ftrace=1: stack(5) does not reach do_syscall_64: $(cat "$DT_TMP/out.1")"
[ "$(cat "$DT_TMP/out.1")" = "$(cat "$DT_TMP/out.0")" ] ||
	dt_fail "ftrace printed '$(cat "$DT_TMP/out.1")', kprobe '$(cat "$DT_TMP/out.0")'"

if [ -r "$DT_TMP/ft.1" ] && ! grep -q 'No such file' "$DT_TMP/ft.1"; then
	grep -q '^vfs_read .*dtrace_fentry_handler' "$DT_TMP/ft.1" ||
		dt_fail "vfs_read not on the core's ftrace_ops: $(cat "$DT_TMP/ft.1")"
	grep -q 'vfs_read.*DISABLED' "$DT_TMP/kp.1" ||
		dt_fail "entry_ftrace=1: vfs_read kprobe not disabled: $(cat "$DT_TMP/kp.1")"
	grep 'vfs_read' "$DT_TMP/kp.0" | grep -qv DISABLED ||
		dt_fail "entry_ftrace=0: no enabled vfs_read kprobe: $(cat "$DT_TMP/kp.0")"
else
	echo "# no tracefs: which hook served was not checked"
fi
exit 0
