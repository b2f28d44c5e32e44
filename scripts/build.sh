#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Build everything the guest needs for kernel release KVER (default:
# scripts/kver.sh): the modules against /usr/src/linux-headers-KVER,
# userland/dtrace, the C selftests; then install the modules into
# .vm/modroot-KVER for "modprobe -d".  Module objects left from a build
# for another release are cleaned first (stamp: .vm/built-for).  A kernel
# that is not Debian's (make check-debug) sets DT_KDIR, its build tree,
# and DT_KMODDIR, its installed modules (default: the headers in
# /usr/src/linux-headers-KVER and /lib/modules/KVER).
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
kver=$(scripts/kver.sh)
kdir=${DT_KDIR:-/usr/src/linux-headers-$kver}
kmoddir=${DT_KMODDIR:-/lib/modules/$kver}
modroot=$top/.vm/modroot-$kver
[ -e "$kdir/Module.symvers" ] ||
	{ echo "build.sh: no headers for $kver in $kdir" >&2; exit 1; }
mkdir -p .vm

# Out-of-tree modules, built the way a third party builds against
# dtrace: the example driver and provider, test and benchmark fixtures.
extmods="providers/sdt/examples examples/provider selftests/providers/sdt/hellotwo
	selftests/modules/svctest selftests/modules/failprov
	selftests/modules/globtest bench/kmod"

# Not "make M=. clean": kbuild's clean deletes every *.ko* below M,
# and so the modroots of the other releases in .vm/ (and a debug kernel
# cached there).  Only the module directories are cleaned.
if [ "$(cat .vm/built-for 2>/dev/null)" != "$kver $kdir" ]; then
	echo "build.sh: cleaning module objects (last build was not for $kver in $kdir)" >&2
	find framework providers examples selftests/modules \
		selftests/providers/sdt/hellotwo bench/kmod -type f \
		\( -name '*.o' -o -name '*.ko' -o -name '*.mod' -o -name '*.mod.c' \
		-o -name '.*.cmd' -o -name 'modules.order' \
		-o -name 'Module.symvers' \) -delete
	rm -f Module.symvers modules.order .Module.symvers.cmd .modules.order.cmd
fi
# Stamped before building: objects of an interrupted build are this
# release's too, and the next build for another release cleans them.
echo "$kver $kdir" >.vm/built-for
make -s KDIR="$kdir" KVER="$kver" all
make -s -C selftests

# A fresh modroot, with the kernel's own lists so that depmod and
# "modprobe -d" know what is built in.  Debian's headers carry no signing
# key: do not try to sign (unsigned modules load, tainting the kernel E).
rm -rf "$modroot"
mkdir -p "$modroot/lib/modules/$kver"
for f in modules.builtin modules.builtin.modinfo modules.order; do
	if [ -e "$kmoddir/$f" ]; then
		cp "$kmoddir/$f" "$modroot/lib/modules/$kver/"
	else
		: >"$modroot/lib/modules/$kver/$f"
	fi
done
make -s KDIR="$kdir" KVER="$kver" INSTALL_MOD_PATH="$modroot" \
	CONFIG_MODULE_SIG_ALL= modules_install
find "$modroot" -name 'dtrace_core.ko*' | grep -q . ||
	{ echo "build.sh: modules_install left no dtrace_core in $modroot" >&2; exit 1; }
for d in $extmods; do
	make -s -C "$kdir" M="$top/$d" DTRACE_INCLUDE="$top/include" \
		KBUILD_EXTRA_SYMBOLS="$top/Module.symvers" modules
	make -s -C "$kdir" M="$top/$d" INSTALL_MOD_PATH="$modroot" \
		INSTALL_MOD_DIR=extra/examples CONFIG_MODULE_SIG_ALL= \
		modules_install
done
depmod -b "$modroot" "$kver"
