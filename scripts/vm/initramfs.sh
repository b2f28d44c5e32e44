#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Build the guest's initramfs for kernel release KVER: busybox-static,
# scripts/vm/init as /init, and the modules virtio-9p needs (found with
# their dependencies in /lib/modules/KVER/modules.dep, decompressed so
# busybox insmod can load them, listed in load order in /modules.list).
# Usage: initramfs.sh KVER OUTPUT.cpio.gz [MODDIR]   (rebuilt only when
# stale; MODDIR is the kernel's module tree, default /lib/modules/KVER)
set -eu

kver=$1
out=$2
here=$(cd "$(dirname "$0")" && pwd)
mdir=${3:-/lib/modules/$kver}
want="virtio_pci 9pnet_virtio 9p"

if [ -s "$out" ] && [ -z "$(find "$here/init" "$0" "$mdir/modules.dep" \
		/bin/busybox -newer "$out" 2>/dev/null)" ]; then
	exit 0
fi

[ -e "$mdir/modules.dep" ] || { echo "initramfs.sh: no $mdir/modules.dep" >&2; exit 1; }
[ -x /bin/busybox ] || { echo "initramfs.sh: no /bin/busybox (busybox-static)" >&2; exit 1; }

stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
mkdir -p "$stage/bin" "$stage/lib/modules" "$stage/proc" "$stage/sys" \
	 "$stage/dev" "$stage/host" "$stage/results" "$stage/tmp"
cp /bin/busybox "$stage/bin/busybox"
cp "$here/init" "$stage/init"
chmod 0755 "$stage/init"

# Depth-first over modules.dep: every dependency before its user, each
# module once.  A wanted module that is built in needs nothing.
awk -v want="$want" -v builtin="$mdir/modules.builtin" '
function base(p) { sub(/.*\//, "", p); sub(/\.ko(\.[a-z]+)?$/, "", p);
		   gsub(/-/, "_", p); return p }
function visit(m,	n, i, d) {
	if (m in done) return
	done[m] = 1
	n = split(deps[m], d, " ")
	for (i = n; i >= 1; i--) visit(d[i])
	print m
}
FILENAME == builtin { bi[base($1)] = 1; next }
{ p = $1; sub(/:$/, "", p); path[base(p)] = p; deps[p] = "" ;
  for (i = 2; i <= NF; i++) deps[p] = deps[p] " " $i }
END {
	n = split(want, w, " ")
	for (i = 1; i <= n; i++) {
		if (w[i] in path) visit(path[w[i]])
		else if (!(w[i] in bi)) {
			print "initramfs.sh: module " w[i] " not found" > "/dev/stderr"
			exit 1
		}
	}
}' "$mdir/modules.builtin" "$mdir/modules.dep" >"$stage/order"

: >"$stage/modules.list"
while read -r rel; do
	name=$(basename "$rel")
	case $name in
	*.ko.xz)  xz -dc "$mdir/$rel" >"$stage/lib/modules/${name%.xz}" ;;
	*.ko.zst) zstd -qdc "$mdir/$rel" >"$stage/lib/modules/${name%.zst}" ;;
	*.ko.gz)  gzip -dc "$mdir/$rel" >"$stage/lib/modules/${name%.gz}" ;;
	*.ko)     cp "$mdir/$rel" "$stage/lib/modules/$name" ;;
	*) echo "initramfs.sh: odd module name $rel" >&2; exit 1 ;;
	esac
	name=${name%.xz}; name=${name%.zst}; name=${name%.gz}
	echo "$name" >>"$stage/modules.list"
done <"$stage/order"
rm "$stage/order"

mkdir -p "$(dirname "$out")"
(cd "$stage" && find . | LC_ALL=C sort | cpio -o -H newc --quiet) |
	gzip -1 >"$out.tmp.$$"
mv "$out.tmp.$$" "$out"
