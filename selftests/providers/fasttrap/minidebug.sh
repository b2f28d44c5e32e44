#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: a stripped binary's functions are found through its .gnu_debugdata (MiniDebugInfo)
# requires: dtrace_fasttrap
#
# ASSERTION: utarget stripped of every symbol table has no ut_add to
# probe; the same stripped binary with a .gnu_debugdata section (an
# xz-compressed ELF file holding the function symbols, as Fedora ships
# them) fires pid$target:a.out:ut_add:entry 15 times for -n 15, and its
# ustack() names utarget`ut_leaf.
set -eu
. selftests/lib/dt.sh
. selftests/providers/fasttrap/fasttrap.inc

ft_setup
for t in nm objcopy strip xz; do
	command -v $t >/dev/null || dt_skip "no $t"
done
cd "$DT_TMP"
nm -D --format=posix --defined-only "$UT" | awk '{ print $1 }' | sort >dynsyms
nm --format=posix --defined-only "$UT" | awk '$2 ~ /^[TtWw]$/ { print $1 }' |
	sort >funcs
comm -13 dynsyms funcs >keep
objcopy --only-keep-debug "$UT" mini
objcopy -S --remove-section .gdb_index --remove-section .comment \
	--keep-symbols=keep mini mini.elf
xz -f mini.elf
cp "$UT" utarget
strip --strip-all utarget
cp utarget utarget.plain
objcopy --add-section .gnu_debugdata=mini.elf.xz utarget
cd "$DT_TOP"

! timeout 120 "$DTRACE" -q -c "$DT_TMP/utarget.plain -n 1" \
	-n 'pid$target:a.out:ut_add:entry' >"$DT_TMP/out" 2>&1 ||
	dt_fail "a fully stripped binary had ut_add: $(cat "$DT_TMP/out")"
ft_expect 'does not match any probes'
ft_run -c "$DT_TMP/utarget -n 15" -n 'int done;
	pid$target:a.out:ut_add:entry { @ = count(); }
	pid$target:a.out:ut_leaf:entry /!done/ { ustack(1); done = 1; }
	END { printa("calls %@d\n", @); }'
ft_expect '^calls 15$'
ft_expect '^ *utarget`ut_leaf$'
exit 0
