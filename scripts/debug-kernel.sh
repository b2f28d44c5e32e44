#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Build, once per machine, the debug kernel of "make check-debug": Debian's
# linux-source-6.1 configured from x86_64_defconfig + kvm_guest.config +
# scripts/debug-kernel.config (lockdep, KASAN, atomic-sleep and preempt
# checks, kmemleak), and print the directory that holds it:
#   DIR/bzImage   the image to boot (scripts/vm/run.sh --kernel)
#   DIR/release   its uname -r
#   DIR/build     the build tree, the KDIR modules build against
#   DIR/mods      INSTALL_MOD_PATH of its modules (run.sh --moddir
#                 DIR/mods/lib/modules/RELEASE)
# DIR is CACHE/VERSION-HASH: the source package's version and a hash of
# the config fragment, so a new Debian source or a changed fragment
# builds a new kernel and nothing else does.  CACHE is
# $DT_DEBUG_KERNEL_CACHE, else /var/cache/dtrace-debug-kernel when it can
# be written, else .vm/debug-kernel.  The build runs at nice 19 with
# DT_DEBUG_KERNEL_JOBS (default 2) jobs: more than an hour on 2 cores.
# Every time, cached or not, the kernel's .config is checked against the
# fragment and selftests/config: a missing option fails loudly.
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
frag=$top/scripts/debug-kernel.config
want=$top/selftests/config
tarball=/usr/src/linux-source-6.1.tar.xz
jobs=${DT_DEBUG_KERNEL_JOBS:-2}

die() { echo "debug-kernel.sh: $*" >&2; exit 1; }

[ -r "$tarball" ] || die "no $tarball (apt-get install linux-source-6.1)"
ver=$(dpkg-query -W -f='${Version}' linux-source-6.1 2>/dev/null) ||
	die "linux-source-6.1 is not installed as a package"
hash=$(sha256sum "$frag" | cut -c 1-12)

cache=${DT_DEBUG_KERNEL_CACHE:-}
if [ -z "$cache" ]; then
	cache=/var/cache/dtrace-debug-kernel
	mkdir -p "$cache" 2>/dev/null && [ -w "$cache" ] ||
		cache=$top/.vm/debug-kernel
fi
mkdir -p "$cache"
dir=$cache/$ver-$hash
src=$cache/src-$ver

# check_config CONFIG: every line of the fragment as it asked (y/m/value,
# or "is not set"), every selftests/config option present (=m is met by
# =y too).  Prints each miss; fails if there was one.
check_config() {
	awk -v frag="$frag" -v want="$want" '
	FILENAME == ARGV[3] {
		if ($0 ~ /^CONFIG_[A-Za-z0-9_]+=/) {
			i = index($0, "="); have[substr($0, 1, i - 1)] = substr($0, i + 1)
		}
		next
	}
	/^CONFIG_[A-Za-z0-9_]+=/ {
		i = index($0, "="); ask[++n] = substr($0, 1, i - 1)
		val[n] = substr($0, i + 1); from[n] = FILENAME; next
	}
	/^# CONFIG_[A-Za-z0-9_]+ is not set$/ {
		ask[++n] = $2; val[n] = ""; from[n] = FILENAME; next
	}
	END {
		bad = 0
		for (i = 1; i <= n; i++) {
			o = ask[i]; h = (o in have) ? have[o] : ""
			if (val[i] == "")
				ok = h == ""
			else if (from[i] == want && val[i] == "m")
				ok = h == "y" || h == "m"
			else
				ok = h == val[i]
			if (!ok) {
				printf "debug-kernel.sh: %s asks %s=%s, the kernel has %s\n", \
					from[i], o, val[i] == "" ? "n" : val[i], \
					h == "" ? "it not set" : o "=" h
				bad = 1
			}
		}
		exit bad
	}' "$frag" "$want" "$1" >&2
}

# One builder at a time per cache; a second waits for the first.
exec 9>"$cache/lock"
flock 9

if [ -e "$dir/ok" ]; then
	check_config "$dir/build/.config" ||
		die "the cached kernel in $dir misses options (see above)"
	echo "$dir"
	exit 0
fi

if [ ! -e "$src/Makefile" ]; then
	echo "debug-kernel.sh: extracting $tarball ($ver) into $src" >&2
	rm -rf "$src" "$src.tmp"
	mkdir -p "$src.tmp"
	tar -xJf "$tarball" -C "$src.tmp" --strip-components=1
	mv "$src.tmp" "$src"
fi

# An interrupted build resumes: the configuration is made in .config.new
# and replaces .config only if it differs, so an unchanged one keeps its
# time stamp and kbuild recompiles only what is missing or out of date
# (an object whose compile was cut short has no .cmd file and is
# remade).  Rewriting .config each time would make syncconfig run again.
echo "debug-kernel.sh: configuring $dir" >&2
b=$dir/build
new=$b/.config.new
mkdir -p "$b"
KCONFIG_CONFIG=$new nice -n 19 make -s -C "$src" O="$b" \
	x86_64_defconfig kvm_guest.config >&2
KCONFIG_CONFIG=$new nice -n 19 "$src/scripts/kconfig/merge_config.sh" -m \
	-O "$b" "$new" "$frag" >/dev/null
KCONFIG_CONFIG=$new nice -n 19 make -s -C "$src" O="$b" olddefconfig >&2
check_config "$new" ||
	die "the config fragment did not hold (see above): fix scripts/debug-kernel.config"
if cmp -s "$new" "$b/.config"; then
	rm -f "$new"
	[ ! -e "$dir/build.log" ] ||
		echo "debug-kernel.sh: resuming the build in $b" >&2
else
	mv "$new" "$b/.config"
fi

echo "debug-kernel.sh: building (nice 19, -j$jobs; an hour or more)," \
     "log in $dir/build.log" >&2
echo "debug-kernel.sh: build started $(date -u)" >>"$dir/build.log"
if ! nice -n 19 make -C "$src" O="$b" -j"$jobs" bzImage modules \
		>>"$dir/build.log" 2>&1; then
	tail -n 40 "$dir/build.log" >&2
	die "the kernel build failed (log: $dir/build.log)"
fi
make -s -C "$src" O="$b" INSTALL_MOD_PATH="$dir/mods" INSTALL_MOD_STRIP=1 \
	modules_install >&2
cp "$b/arch/x86/boot/bzImage" "$dir/bzImage"
make -s -C "$src" O="$b" kernelrelease >"$dir/release"
touch "$dir/ok"
echo "debug-kernel.sh: built $(cat "$dir/release") in $dir" >&2
echo "$dir"
