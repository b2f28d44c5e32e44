#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# "make lint": the static checkers, one TAP line each (findings as "# "
# lines under it, all of them in .vm/lint/NAME.log), then a summary line
# "N passed, N failed".  Every checker fails on any finding.
# docs/testing.md ("Lint") says what each checks and why each ignored
# rule is ignored.
#
#   - checkpatch   checkpatch.pl --strict over the kernel-side .c/.h
#   - kernel-doc   scripts/kernel-doc -none over the same files
#   - w1           the modules built with W=1 against KVER (scripts/kver.sh)
#   - sparse       sparse (C=2) over the same build
#   - shellcheck   every shell script in the tree
#   - sanitizers   the host unit tests under ASan and UBSan
#
# Usage: lint.sh [CHECKER...]   (default: all).  checkpatch.pl and
# kernel-doc come from Debian's linux-source-6.1, extracted once into
# DT_LINT_CACHE (default /var/cache/dtrace-lint, else .vm/lint-tools).
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
out=$top/.vm/lint
tarball=/usr/src/linux-source-6.1.tar.xz

# The kernel-side C: the core, the providers, the headers both sides
# share, and every out-of-tree module the tree builds.
kdirs="framework providers include examples selftests/modules
	selftests/providers/sdt/hellotwo bench/kmod"
# Out-of-tree modules built against dtrace's Module.symvers (as build.sh).
extmods="providers/sdt/examples examples/provider selftests/providers/sdt/hellotwo
	selftests/modules/svctest selftests/modules/failprov
	selftests/modules/globtest bench/kmod"

# checkpatch rules that do not apply here:
# - FILE_PATH_CHANGES, the MAINTAINERS entry for new files of a patch to
#   the kernel tree: this is not the kernel tree.
checkpatch_ignore=FILE_PATH_CHANGES
# FILE:TYPE pairs that are the exception a rule allows (STYLE.md):
# - compat.h is the one place that compares kernel versions, which an
#   out-of-tree module must do, with the kernel's own idiom
#   "LINUX_VERSION_CODE >= KERNEL_VERSION(...)" (section 4).
# - engine/types.h is the one header where the engine's host build names
#   the kernel's u8..s64 after <stdint.h>'s types (section 10), and
#   defines the kernel's __always_inline where glibc has none: it cannot
#   use the kernel's macro it stands in for, and a storage class with an
#   attribute cannot be put in parentheses.
# - provider.h's typedefs are the opaque integer ids section 2 allows.
# - sdt_modules.c reads ELF symbols: Elf_Sym is the kernel's type name.
checkpatch_except="include/dtrace/compat.h:LINUX_VERSION_CODE
	include/dtrace/compat.h:CONSTANT_COMPARISON
	framework/engine/types.h:PREFER_KERNEL_TYPES
	framework/engine/types.h:PREFER_DEFINED_ATTRIBUTE_MACRO
	framework/engine/types.h:COMPLEX_MACRO
	include/dtrace/provider.h:NEW_TYPEDEFS
	providers/sdt/sdt_modules.c:CAMELCASE"
# Rules of shellcheck that do not apply here:
# - SC2016 "expressions don't expand in single quotes": the tests write D
#   programs in single quotes, and D's $target, $1 or $$1 must reach
#   dtrace unexpanded.
# - SC2015 "A && B || C is not if-then-else": the tests assert with
#   "[ A ] && [ B ] || dt_fail ...", where C must run when A holds and B
#   does not, the case this rule warns about.
shellcheck_exclude=SC2016,SC2015

n=0
npass=0
nfail=0

# verdict NAME: one TAP line for checker NAME from
# $out/NAME.log (its findings, one or more lines each) and $out/NAME.rc.
verdict() {
	n=$((n + 1))
	log=$out/$1.log
	rc=$(cat "$out/$1.rc")
	if [ "$rc" -eq 0 ] && [ ! -s "$log" ]; then
		echo "ok $n lint: $1"
		npass=$((npass + 1))
		return
	fi
	count=$(grep -c . "$log" || true)
	echo "not ok $n lint: $1 (exit $rc, $count lines of findings)"
	nfail=$((nfail + 1))
	head -n 60 "$log" | sed 's/^/# /'
	[ "$count" -le 60 ] || echo "# ... the rest in $log"
}

# The kernel's checkers, from the source package, once per version.
tools() {
	ver=$(dpkg-query -W -f='${Version}' linux-source-6.1 2>/dev/null) || {
		echo "no linux-source-6.1 package (scripts/deps.sh)" >&2
		return 1
	}
	cache=${DT_LINT_CACHE:-}
	if [ -z "$cache" ]; then
		cache=/var/cache/dtrace-lint
		mkdir -p "$cache" 2>/dev/null && [ -w "$cache" ] ||
			cache=$top/.vm/lint-tools
	fi
	tooldir=$cache/$ver/scripts
	[ -x "$tooldir/checkpatch.pl" ] && return 0
	mkdir -p "$cache"
	rm -rf "$cache/$ver.tmp"
	mkdir -p "$cache/$ver.tmp"
	tar -xJf "$tarball" -C "$cache/$ver.tmp" --strip-components=1 \
		linux-source-6.1/scripts/checkpatch.pl \
		linux-source-6.1/scripts/spelling.txt \
		linux-source-6.1/scripts/const_structs.checkpatch \
		linux-source-6.1/scripts/kernel-doc
	rm -rf "${cache:?}/$ver"
	mv "$cache/$ver.tmp" "$cache/$ver"
}

# kfiles: the kernel-side files; fails if there are none.
kfiles() {
	# shellcheck disable=SC2086 # a list of directories
	git -C "$top" ls-files -co --exclude-standard -- $kdirs |
		grep -E '\.[ch]$' | grep -v '\.mod\.c$' | grep .
}

# checkpatch runs in $out/src, links to the tree's directories: in a git
# checkout it would leave its CamelCase cache (.checkpatch-camelcase.*)
# behind, and the paths it is given must stay relative, as its rules for
# include/uapi/ and the like match them.
lint_checkpatch() {
	tools
	files=$(kfiles) || { echo "no kernel-side files" >&2; return 1; }
	rm -rf "$out/src"
	mkdir -p "$out/src"
	for d in $kdirs; do
		d=${d%%/*}
		[ -e "$out/src/$d" ] || ln -s "$top/$d" "$out/src/$d"
	done
	# Two checkpatch.pl at once, on every other file each: it checks one
	# file after the other on one CPU, and is the slowest checker after
	# the build.
	pids=
	for part in 0 1; do
		pfiles=$(echo "$files" | awk -v p="$part" 'NR % 2 == p')
		: >"$out/checkpatch.$part.raw"
		: >"$out/checkpatch.$part.stderr"
		[ -n "$pfiles" ] || continue
		# shellcheck disable=SC2086 # one word per file
		(cd "$out/src" && exec "$tooldir/checkpatch.pl" --strict \
			--no-tree --terse --show-types --no-summary \
			--ignore "$checkpatch_ignore" -f $pfiles) \
			>"$out/checkpatch.$part.raw" \
			2>"$out/checkpatch.$part.stderr" &
		pids="$pids $part:$!"
	done
	bad=0
	for p in $pids; do
		st=0
		wait "${p#*:}" || st=$?
		raw=$out/checkpatch.${p%%:*}.raw
		# It exits 1 for findings too: only one without any fails.
		if [ "$st" -ne 0 ] &&
		   ! grep -qE ': (ERROR|WARNING|CHECK):' "$raw"; then
			cat "$raw" "$out/checkpatch.${p%%:*}.stderr" >&2
			bad=1
		fi
	done
	[ "$bad" -eq 0 ] || return 1
	sort -t: -k1,1 -k2,2n -s "$out/checkpatch.0.raw" \
		"$out/checkpatch.1.raw" >"$out/checkpatch.raw"
	grep -E '^[^:]+:[0-9]+: (ERROR|WARNING|CHECK):' "$out/checkpatch.raw" |
	while IFS= read -r line; do
		f=${line%%:*}
		rest=${line#*:}
		l=${rest%%:*}
		type=$(echo "$line" | cut -d: -f4)
		if echo "$checkpatch_except" | grep -qx "[[:space:]]*$f:$type"; then
			continue
		fi
		# NOKPROBE_SYMBOL() follows its function as EXPORT_SYMBOL()
		# does, which checkpatch only knows for the latter; so does
		# DTRACE_ENGINE_NOKPROBE(), the engine's NOKPROBE_SYMBOL()
		# that is empty in the host build (framework/engine/dif.h).
		if [ "$type" = LINE_SPACING ] &&
		   sed -n "${l}p" "$f" |
		   grep -qE '^(NOKPROBE_SYMBOL|DTRACE_ENGINE_NOKPROBE)\('; then
			continue
		fi
		# An X-macro list (#define NAME_LIST(X) X(...) X(...) ...)
		# is the one definition of a table: it expands to one X()
		# per entry, which no parentheses can enclose, and uses X
		# once per entry by design.
		if { [ "$type" = COMPLEX_MACRO ] ||
		     [ "$type" = MACRO_ARG_REUSE ]; } &&
		   sed -n "${l}p" "$f" |
		   grep -qE '^#define [A-Z0-9_]+_LIST\(X\)'; then
			continue
		fi
		echo "$line"
	done
}

lint_kernel_doc() {
	tools
	files=$(kfiles) || { echo "no kernel-side files" >&2; return 1; }
	# shellcheck disable=SC2086 # one word per file
	perl "$tooldir/kernel-doc" -none $files 2>&1
}

# One W=1 C=2 build of a copy of the tree (the checkout's own objects
# stay as they are), sparse's output kept apart by its CHECK wrapper.
build_checked() {
	[ -z "${built:-}" ] || return "$built"
	built=1
	kver=$(scripts/kver.sh)
	kdir=/usr/src/linux-headers-$kver
	copy=$out/tree
	rm -rf "$copy"
	mkdir -p "$copy"
	git ls-files -co --exclude-standard -z |
		cpio -0 -pdm --quiet "$copy" 2>/dev/null
	: >"$out/sparse.raw"
	cat >"$out/sparse-wrap" <<EOF
#!/bin/sh
exec sparse "\$@" 2>>"$out/sparse.raw"
EOF
	chmod +x "$out/sparse-wrap"
	{
		make -C "$kdir" M="$copy" W=1 C=2 CHECK="$out/sparse-wrap" \
			-j2 modules || return
		for d in $extmods; do
			make -C "$kdir" M="$copy/$d" W=1 C=2 \
				CHECK="$out/sparse-wrap" \
				DTRACE_INCLUDE="$copy/include" \
				KBUILD_EXTRA_SYMBOLS="$copy/Module.symvers" \
				modules || return
		done
	} >"$out/build.out" 2>&1
	built=0
}

lint_w1() {
	build_checked || { tail -n 30 "$out/build.out" >&2; return 1; }
	grep -E 'warning:|WARNING:|error:' "$out/build.out" |
		sed "s|$out/tree/||g" || true
}

lint_sparse() {
	build_checked || { tail -n 30 "$out/build.out" >&2; return 1; }
	grep -E 'warning:|error:' "$out/sparse.raw" |
		sed "s|$out/tree/||g" || true
}

lint_shellcheck() {
	git ls-files -co --exclude-standard | while read -r f; do
		case $f in
		*.sh|*.inc|.ci/run|scripts/vm/init) echo "$f" ;;
		*.*) ;;
		*) head -n 1 "$f" 2>/dev/null |
			grep -qE '^#!.*(/|env )(ba)?sh$' && echo "$f" ;;
		esac
	done >"$out/shellcheck.files"
	# shellcheck disable=SC2046 # one word per file
	shellcheck -x -e "$shellcheck_exclude" -f gcc \
		$(cat "$out/shellcheck.files") || true
}

# The host unit tests under ASan and UBSan, built in a copy of userland/
# (and the framework/engine/ and include/ it compiles) so that the
# checkout's own objects stay unsanitized.  All but the fake device
# tests/mockdev.so: it is preloaded into what dtrace runs as well (cpp
# for -C, the -c command), programs without the sanitizers' runtime,
# which an instrumented library crashes.  So it is built first, plain.
# The BTF checker's tests also run the corrupt-file generator the guest's
# fbt tests share (selftests/providers/fbt/btf_corrupt.py).
lint_sanitizers() {
	copy=$out/san
	rm -rf "$copy"
	mkdir -p "$copy"
	git ls-files -co --exclude-standard -z userland framework/engine include \
		selftests/providers/fbt/btf_corrupt.py |
		grep -zv '\.o$' | cpio -0 -pdm --quiet "$copy" 2>/dev/null
	make -C "$copy/userland" clean >/dev/null
	make -s -C "$copy/userland" tests/mockdev.so >"$out/san.out" 2>&1 || {
		cat "$out/san.out"
		return 1
	}
	san="-fsanitize=address,undefined -fno-omit-frame-pointer"
	st=0
	CFLAGS="-O1 -g $san -fno-sanitize-recover=all" LDFLAGS="$san" \
	ASAN_OPTIONS=halt_on_error=1:detect_leaks=1:verify_asan_link_order=0 \
	UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
		make -s -C "$copy/userland" -j2 check >>"$out/san.out" 2>&1 ||
		st=$?
	grep -E '^not ok |ERROR: (Address|Leak)Sanitizer|runtime error:|SUMMARY:' \
		"$out/san.out" || true
	[ "$st" -eq 0 ] || echo "make check exited $st (log: $out/san.out)"
}

mkdir -p "$out"
all="checkpatch kernel-doc w1 sparse shellcheck sanitizers"
# shellcheck disable=SC2086 # a list of words
[ $# -gt 0 ] || set -- $all
echo "1..$#"
for c in "$@"; do
	case $c in
	checkpatch|kernel-doc|w1|sparse|shellcheck|sanitizers) ;;
	*) echo "lint.sh: no checker $c (have: $all)" >&2; exit 2 ;;
	esac
	fn=$(echo "$c" | tr - _)
	rc=0
	"lint_$fn" >"$out/$c.log" 2>"$out/$c.err" || rc=$?
	[ "$rc" -eq 0 ] || sed 's/^/checker: /' "$out/$c.err" >>"$out/$c.log"
	echo "$rc" >"$out/$c.rc"
	verdict "$c"
done
echo "$npass passed, $nfail failed"
[ "$nfail" -eq 0 ]
