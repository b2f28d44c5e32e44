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
p=0 f=0 s=0 status=0
for rel in $default $newer; do
	echo "check-all: kernel $rel"
	KVER=$rel scripts/deps.sh
	# DTrace's conformance tests on the first kernel only (CI's time).
	conf=0
	[ "$rel" != "$default" ] || conf=1
	KVER=$rel DT_CONFORMANCE_CHECK=${DT_CONFORMANCE_CHECK:-$conf} \
		scripts/check.sh >".vm/check-$rel.log" 2>&1 || status=1
	cat ".vm/check-$rel.log"
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
