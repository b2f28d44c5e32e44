#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: fbt entry clauses counted in the core's ftrace handler count what the general path does
#
# ASSERTION: an fbt entry probe served by the core's ftrace_ops is
# fired by dtrace_fentry_handler() itself (probe_ctx.c): `@ = count()`
# counted there with the site's probe and no look-up, a later clause
# through the general path of its kind (arguments, caller from the
# registers ftrace saved).  On fbt::vfs_read:entry, a clause
# `{ @a = count(); }` counts exactly the firings that `/1/ { @b =
# count(); }` after it counts, and a clause after both reads arg2 and
# caller as a kprobe would: dd's 5 reads of 7 bytes, from ksys_read.
# The same with entry_ftrace=1 and 0 (a kprobe each) and with
# dtrace_core.aggfast=1 and 0.
set -eu
. selftests/lib/dt.sh

dt_setup
dt_modprobe dtrace_fbt || dt_fail "modprobe dtrace_fbt failed"
param=/sys/module/dtrace_fbt/parameters/entry_ftrace
fast=/sys/module/dtrace_core/parameters/aggfast
[ -w "$param" ] || dt_fail "no writable module parameter entry_ftrace"
[ -w "$fast" ] || dt_fail "no writable module parameter aggfast"
head -c 100 /dev/zero >"$DT_TMP/fbtdata"

# run FT AF: entry_ftrace=FT, aggfast=AF; its lines in $DT_TMP/out.FT.AF
run() {
	echo "$1" >"$param"
	echo "$2" >"$fast"
	out=$DT_TMP/out.$1.$2
	timeout 300 "$DTRACE" -q -n '
	fbt::vfs_read:entry { @a = count(); }
	fbt::vfs_read:entry /1/ { @b = count(); }
	fbt::vfs_read:entry /pid == $target && arg2 == 7/ {
		@c[arg2, caller] = count();
	}
	END { printa("a %@d\n", @a); printa("b %@d\n", @b);
	      printa("c %d %a %@d\n", @c); }' \
		-c "dd if=$DT_TMP/fbtdata of=/dev/null bs=7 count=5" \
		>"$out" 2>&1 ||
		dt_fail "entry_ftrace=$1 aggfast=$2: dtrace exited $?: $(cat "$out")"
	a=$(sed -n 's/^a //p' "$out")
	b=$(sed -n 's/^b //p' "$out")
	if [ -z "$a" ] || [ "$a" != "$b" ]; then
		dt_fail "entry_ftrace=$1 aggfast=$2: @a '$a', @b '$b': $(cat "$out")"
	fi
	grep -q '^c 7 .*ksys_read.* 5$' "$out" ||
		dt_fail "entry_ftrace=$1 aggfast=$2: no 5 reads of 7 from ksys_read: $(cat "$out")"
	grep '^c ' "$out" >"$out.c"
}

for ft in 1 0; do
	for af in 1 0; do
		run "$ft" "$af"
	done
done
for f in 1.0 0.1 0.0; do
	cmp -s "$DT_TMP/out.1.1.c" "$DT_TMP/out.$f.c" ||
		dt_fail "entry_ftrace.aggfast 1.1 read '$(cat "$DT_TMP/out.1.1.c")', $f '$(cat "$DT_TMP/out.$f.c")'"
done
echo "# @a = @b, and the same reads, through ftrace and kprobes, aggfast on and off"
exit 0
