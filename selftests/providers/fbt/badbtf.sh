#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: corrupt BTF over /sys/kernel/btf/vmlinux is refused with a clear error, and not remembered
# requires: dtrace_fbt
#
# ASSERTION: for each corruption btf_corrupt.py makes of the real
# vmlinux BTF (truncated, a string section without its final NUL, a
# name offset out of range, an unknown kind, a type id out of range, a
# FUNC whose type is not a FUNC_PROTO), bind-mounted over
# /sys/kernel/btf/vmlinux where fbt reads it (the init task's root, and
# this shell's /sys where that differs): dtrace -n fbt::vfs_read:entry
# fails saying the kernel's BTF is invalid, /proc/dtrace/trace gives the
# reason, and the kernel neither oopses nor warns (the runner checks
# dmesg).  Once the real file is back, the same dtrace traces: no
# failure was cached.
set -eu
. selftests/lib/dt.sh

dt_setup
command -v python3 >/dev/null || dt_skip "no python3"
btf=/sys/kernel/btf/vmlinux
[ -r "$btf" ] || dt_skip "no $btf"
targets=$btf
[ "$(stat -L -c %d:%i /proc/1/root/.)" = "$(stat -L -c %d:%i /)" ] ||
	targets="$targets /proc/1/root$btf"
for t in $targets; do
	[ -e "$t" ] || dt_skip "no $t"
done
python3 selftests/providers/fbt/btf_corrupt.py "$btf" "$DT_TMP" \
	>"$DT_TMP/cases" || dt_fail "btf_corrupt.py failed"

# -c: mount(8) would resolve /proc/1/root/... to this root's path.
mounted=
unmount() {
	for t in $mounted; do
		umount -c "$t"
	done
	mounted=
}
trap 'unmount; dt_cleanup' EXIT

dt_modprobe dtrace_fbt || dt_fail "modprobe dtrace_fbt failed"
prog='fbt::vfs_read:entry { exit(0); }'
while read -r c; do
	for t in $targets; do
		mount -c --bind "$DT_TMP/$c.btf" "$t" ||
			dt_fail "$c: cannot bind-mount over $t"
		mounted="$mounted $t"
	done
	rc=0
	timeout 120 "$DTRACE" -q -n "$prog" >"$DT_TMP/out" 2>&1 || rc=$?
	unmount
	[ "$rc" -eq 1 ] ||
		dt_fail "$c: dtrace exited $rc: $(cat "$DT_TMP/out")"
	grep -q "BTF is invalid" "$DT_TMP/out" ||
		dt_fail "$c: not the BTF error: $(cat "$DT_TMP/out")"
	tail -n 5 /proc/dtrace/trace | grep -q "BTF of vmlinux is invalid: ." ||
		dt_fail "$c: no reason in /proc/dtrace/trace: $(tail -n 5 /proc/dtrace/trace)"
done <"$DT_TMP/cases"
[ "$(wc -l <"$DT_TMP/cases")" -eq 6 ] || dt_fail "cases: $(cat "$DT_TMP/cases")"

timeout 300 "$DTRACE" -q -n "$prog" -c "cat $DT_TMP/cases" \
	>"$DT_TMP/out" 2>&1 ||
	dt_fail "with the real BTF back, dtrace exited $?: $(cat "$DT_TMP/out")"
exit 0
