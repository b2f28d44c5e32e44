#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: the kernel's BTF kept between runs is made, used, and refused when unfit
# requires: dtrace_core
#
# ASSERTION: with DTRACE_BTF_CACHE naming a directory of root's, mode
# 0700, a program that uses kernel types leaves there one file,
# vmlinux-BUILDID.btf, mode 0600, equal to /sys/kernel/btf/vmlinux; the
# next run takes its types from it (it makes no bpf(2) call) and prints
# the same offset; a copy whose first page was changed is not used and
# is made again; a copy that is not root's is not used; a directory
# writable by others is not used at all.  Where no cache can be made (a
# path under a read-only mount) or in a mount namespace of its own with
# a fresh tmpfs (a container's /run), programs run as before, the
# latter making its own copy.  Skipped where the kernel lets the sysfs file be mapped (no copy is
# made there: the file itself is mapped).
set -eu
. selftests/lib/dt.sh

dt_setup
btf=/sys/kernel/btf/vmlinux
[ -r "$btf" ] || dt_skip "no $btf"
command -v strace >/dev/null || dt_skip "no strace"
command -v python3 >/dev/null || dt_skip "no python3"
if python3 -c 'import mmap, sys
f = open(sys.argv[1], "rb")
mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ)' "$btf" 2>/dev/null; then
	dt_skip "this kernel maps $btf"
fi
dt_modprobe dtrace_core || dt_fail "modprobe dtrace_core failed"

dir=$DT_TMP/cache
mkdir -m 0700 "$dir"
prog='BEGIN { printf("%d\n", offsetof(struct task_struct, pid)); exit(0); }'

# run NAME: the program with the cache in $dir, under strace; its
# output in $DT_TMP/NAME.out, the bpf(2) calls in $DT_TMP/NAME.bpf
run() {
	DTRACE_BTF_CACHE=$dir strace -f -qq -e trace=bpf \
		-o "$DT_TMP/$1.bpf" "$DTRACE" -q -n "$prog" >"$DT_TMP/$1.out" ||
		dt_fail "$1: dtrace failed"
	[ -s "$DT_TMP/$1.out" ] || dt_fail "$1: no offset printed"
}

copy() {
	set -- "$dir"/vmlinux-*.btf
	[ -f "$1" ] || return 1
	echo "$1"
}

run first
f=$(copy) || dt_fail "first: no vmlinux-BUILDID.btf in the cache"
case $f in
*/vmlinux-*[!0-9a-f]*.btf) dt_fail "first: $f is not named by a hex build id" ;;
esac
cmp -s "$f" "$btf" || dt_fail "first: the copy is not $btf"
[ "$(stat -c %a "$f")" = 600 ] || dt_fail "first: mode $(stat -c %a "$f")"
grep -q BPF_BTF_GET_NEXT_ID "$DT_TMP/first.bpf" ||
	dt_fail "first: the BTF was not taken by bpf(2)"

run second
! grep -q BPF_BTF_GET_NEXT_ID "$DT_TMP/second.bpf" ||
	dt_fail "second: bpf(2) used though the copy was there"
cmp -s "$DT_TMP/first.out" "$DT_TMP/second.out" ||
	dt_fail "second: offset $(cat "$DT_TMP/second.out"), first $(cat "$DT_TMP/first.out")"

printf 'XXXX' | dd of="$f" bs=1 seek=64 conv=notrunc 2>/dev/null
run damaged
grep -q BPF_BTF_GET_NEXT_ID "$DT_TMP/damaged.bpf" ||
	dt_fail "damaged: the changed copy was used"
cmp -s "$DT_TMP/first.out" "$DT_TMP/damaged.out" ||
	dt_fail "damaged: offset $(cat "$DT_TMP/damaged.out")"
cmp -s "$(copy)" "$btf" || dt_fail "damaged: the copy was not made again"

chown 65534 "$f"
run foreign
grep -q BPF_BTF_GET_NEXT_ID "$DT_TMP/foreign.bpf" ||
	dt_fail "foreign: a copy that is not root's was used"
chown 0 "$f"

# a cache that cannot be made: the program runs without one
DTRACE_BTF_CACHE=/proc/dtrace-no-such-dir "$DTRACE" -q -n "$prog" \
	>"$DT_TMP/none.out" || dt_fail "none: dtrace failed"
cmp -s "$DT_TMP/first.out" "$DT_TMP/none.out" ||
	dt_fail "none: offset $(cat "$DT_TMP/none.out")"

# a mount namespace of its own, its cache directory on a fresh tmpfs
if command -v unshare >/dev/null; then
	mkdir -m 0700 "$DT_TMP/ns"
	unshare -m sh -c 'mount -t tmpfs -o mode=0700 none "$1" &&
		DTRACE_BTF_CACHE=$1/c "$2" -q -n "$3" >"$4" &&
		ls "$1"/c/vmlinux-*.btf >/dev/null' sh "$DT_TMP/ns" \
		"$DTRACE" "$prog" "$DT_TMP/ns.out" ||
		dt_fail "namespace: dtrace failed or made no copy"
	cmp -s "$DT_TMP/first.out" "$DT_TMP/ns.out" ||
		dt_fail "namespace: offset $(cat "$DT_TMP/ns.out")"
	[ -z "$(ls -A "$DT_TMP/ns")" ] ||
		dt_fail "namespace: the copy leaked out of its mount namespace"
fi

rm -f "$dir"/vmlinux-*.btf
chmod 0777 "$dir"
run open
! copy >/dev/null || dt_fail "open: a copy was made in a directory all may write"
echo "PASS: copy made, used, remade when changed, refused when not root's, not kept where others may write; none and a namespace's own work"
