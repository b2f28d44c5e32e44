#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# "make check-dkms": install dtrace's kernel modules the way a
# distribution would, with Debian's dkms, for every kernel whose headers
# are installed: dkms add, then for each kernel dkms build and install,
# a check that the modules are where modprobe looks and that
# modprobe resolves each provider to dtrace_core first, dkms uninstall;
# then dkms remove.  TAP; needs root (installs dkms if missing).
# Leaves nothing installed.
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
ver=$(sed -n 's/^PACKAGE_VERSION="\(.*\)"$/\1/p' dkms.conf)
mods="dtrace_core dtrace_profile dtrace_syscall dtrace_proc dtrace_tcp
	dtrace_sdt dtrace_fbt dtrace_fasttrap dtrace_sched dtrace_io
	dtrace_ip dtrace_udp dtrace_lockstat dtrace_vminfo dtrace_sysinfo dtrace_mib"
src=/usr/src/dtrace-$ver
n=0
failed=0

echo "TAP version 13"
ok() {
	n=$((n + 1))
	if [ "$1" -eq 0 ]; then
		echo "ok $n $2"
	else
		echo "not ok $n $2"
		failed=$((failed + 1))
	fi
}

if ! command -v dkms >/dev/null 2>&1; then
	DEBIAN_FRONTEND=noninteractive apt-get install -y \
		--no-install-recommends dkms >/dev/null 2>&1 ||
		{ echo "1..0 # SKIP dkms cannot be installed"; exit 0; }
fi

# dkms state is the machine's: one run at a time (two checkouts' make
# check on one machine would otherwise remove each other's tree).
mkdir -p /run/lock
exec 9>/run/lock/dtrace-dkms-check.lock
flock 9

cleanup() {
	dkms remove "dtrace/$ver" --all >/dev/null 2>&1 || true
	rm -rf "$src"
}
cleanup
trap cleanup EXIT

# The module sources as a release would ship them.
mkdir -p "$src"
find Kbuild dkms.conf framework providers include \
	\( -name '*.c' -o -name '*.h' -o -name Kbuild -o -name dkms.conf \) \
	-type f ! -name '*.mod.c' | tar -cf - -T - | tar -C "$src" -xf -
st=0
dkms add "dtrace/$ver" >"$top/.vm/dkms.log" 2>&1 || st=$?
ok "$st" "dkms add dtrace/$ver"

for sym in /usr/src/linux-headers-*/Module.symvers; do
	[ -e "$sym" ] || continue
	kver=${sym#/usr/src/linux-headers-}
	kver=${kver%/Module.symvers}
	[ -e "/lib/modules/$kver/build" ] || continue
	st=0
	dkms build "dtrace/$ver" -k "$kver" >>"$top/.vm/dkms.log" 2>&1 || st=$?
	ok "$st" "dkms build for $kver"
	log=$(find /var/lib/dkms/dtrace/"$ver"/"$kver"/*/log/make.log \
		/var/lib/dkms/dtrace/"$ver"/build/make.log 2>/dev/null | head -n 1)
	if [ "$st" -ne 0 ]; then
		[ -z "$log" ] || tail -n 30 "$log" | sed 's/^/# /'
		continue
	fi
	if [ -z "$log" ]; then
		ok 1 "$kver: the build is warning-free (no make.log found)"
	elif grep -E 'warning:|error:' "$log" | sed 's/^/# /' | grep .; then
		ok 1 "$kver: the build is warning-free"
	else
		ok 0 "$kver: the build is warning-free"
	fi
	st=0
	dkms install "dtrace/$ver" -k "$kver" --force >>"$top/.vm/dkms.log" 2>&1 ||
		st=$?
	ok "$st" "dkms install for $kver"
	missing=
	for m in $mods; do
		modinfo -k "$kver" -n "$m" >/dev/null 2>&1 || missing="$missing $m"
	done
	[ -z "$missing" ]
	ok $? "$kver: modprobe finds every module${missing:+ (missing:$missing)}"
	bad=
	for m in $mods; do
		[ "$m" = dtrace_core ] && continue
		modprobe -S "$kver" --show-depends "$m" 2>/dev/null |
			head -n 1 | grep -q '/dtrace_core\.ko' || bad="$bad $m"
	done
	[ -z "$bad" ]
	ok $? "$kver: modprobe loads dtrace_core first for each provider${bad:+ (not:$bad)}"
	st=0
	dkms uninstall "dtrace/$ver" -k "$kver" >>"$top/.vm/dkms.log" 2>&1 ||
		st=$?
	gone=0
	modinfo -k "$kver" -n dtrace_core >/dev/null 2>&1 && gone=1
	ok $((st + gone)) "dkms uninstall for $kver leaves no module"
done
st=0
dkms remove "dtrace/$ver" --all >>"$top/.vm/dkms.log" 2>&1 || st=$?
ok "$st" "dkms remove dtrace/$ver"
echo "1..$n"
echo "# $((n - failed)) passed, $failed failed"
[ "$failed" -eq 0 ]
