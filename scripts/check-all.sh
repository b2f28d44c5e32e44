#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# "make check-all-kernels": scripts/check.sh for each kernel generation
# dtrace supports, as Debian packages them: the release linux-image-amd64
# depends on (6.1 on Debian 12), and the newest 6.12 release whose image
# and headers the archive has.  Each is installed with scripts/deps.sh;
# the releases are looked up, never written down, since Debian moves
# them.  Ends with one line summing every run: "N passed, N failed,
# N skipped".
#
# The two kernels run at the same time, each in its own lane: a guest
# has one QEMU thread (scripts/vm/run.sh says why), so two guests fill
# the machine's two cores.  The first kernel's lane is this tree and
# runs the host tests, lint, dkms and the fuzzer as well; the second
# runs its guests only, in a copy of the tree under .vm/lane-KVER (the
# kernel modules are built in the tree, so one tree cannot build for two
# kernels at once).  DTrace's conformance list runs on the first kernel,
# shared out so that both lanes end at about the same time: a third of
# it in the first lane, after its selftests, and two thirds in the
# second, with this tree's build, after the second kernel's selftests
# (the first lane's host checks take about as long as that).  Each
# lane's output goes to .vm/check-KVER.log, printed when both are done.
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"

# The releases from the package lists; a fresh machine has none yet.
lookup() {
	default=$(apt-cache depends linux-image-amd64 2>/dev/null |
		sed -n 's/^ *Depends: linux-image-\(.*-amd64\)$/\1/p' | head -n 1)
	newer=$(apt-cache search --names-only \
		'^linux-headers-6\.12\.[0-9.]*\+deb12-amd64$' 2>/dev/null |
		sed 's/^linux-headers-\([^ ]*\) .*/\1/' | sort -V |
		while read -r rel; do
			apt-cache show "linux-image-$rel" >/dev/null 2>&1 &&
				echo "$rel"
		done | tail -n 1)
}
lookup
if { [ -z "$default" ] || [ -z "$newer" ]; } && [ "$(id -u)" -eq 0 ]; then
	apt-get update >/dev/null
	lookup
fi

mkdir -p .vm
for rel in $default $newer; do
	KVER=$rel scripts/deps.sh
done

# lane REL HOST SHARE: scripts/check.sh for kernel REL in the current
# tree, with the host checks if HOST is 1 and the share SHARE of the
# conformance list on the first kernel; its exit status goes to
# .vm/check-REL.status.
lane() {
	st=0
	KVER=$1 DT_CHECK_HOST=$2 DT_CONFORMANCE_CHECK=$conf \
		DT_CONFORMANCE_PART=$3 DT_CONFORMANCE_TREE="$top" \
		DT_CONFORMANCE_KVER=$default \
		scripts/check.sh >"$top/.vm/check-$1.log" 2>&1 || st=$?
	echo "$st" >"$top/.vm/check-$1.status"
}
conf=${DT_CONFORMANCE_CHECK:-1}
# Both shares with the first kernel's lane when there is no second.
share1=1/3 share2=2,3/3
[ -n "$newer" ] && [ "$newer" != "$default" ] || share1=1/1

# The copies first: the first lane builds in this tree at once.
first=1
for rel in $default $newer; do
	[ "$first" -eq 0 ] || { first=0; continue; }
	copy=.vm/lane-$rel
	rm -rf "$copy"
	mkdir -p "$copy"
	tar -C "$top" --exclude=./.vm -cf - . | tar -C "$copy" -xf -
done
rm -f .vm/built-*
first=1
for rel in $default $newer; do
	echo "check-all: kernel $rel"
	rm -f ".vm/check-$rel.status"
	if [ "$first" -eq 1 ]; then
		lane "$rel" "${DT_CHECK_HOST:-1}" "$share1" &
		first=0
	else
		(cd ".vm/lane-$rel" && lane "$rel" 0 "$share2") &
	fi
done
wait

p=0 f=0 s=0 status=0
for rel in $default $newer; do
	cat ".vm/check-$rel.log"
	[ "$(cat ".vm/check-$rel.status" 2>/dev/null)" = 0 ] || status=1
	# shellcheck disable=SC2046 # three numbers
	set -- $(tail -n 1 ".vm/check-$rel.log" |
		sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed, \([0-9]*\) skipped$/\1 \2 \3/p')
	if [ $# -ne 3 ]; then
		echo "check-all: $rel: no summary line"
		set -- 0 1 0
	fi
	echo "check-all: $rel: $1 passed, $2 failed, $3 skipped"
	p=$((p + $1)) f=$((f + $2)) s=$((s + $3))
done
[ -n "$default$newer" ] || { echo "check-all: no kernel found"; f=1; }
echo "$p passed, $f failed, $s skipped"
[ "$status" -eq 0 ] && [ "$f" -eq 0 ]
