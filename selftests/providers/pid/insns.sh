#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: pid$target:a.out:FUNC: makes a probe on every instruction of FUNC
# requires: dtrace_fasttrap
#
# ASSERTION: pid$target:a.out:ut_leaf: (an empty name) lists entry,
# return and one probe per instruction of ut_leaf, named by its offset
# in hex, the offsets being those objdump disassembles inside the
# symbol; each fires once per call (utarget -n 7: 7 times); a name glob
# (pid$target:a.out:ut_leaf:[0-9]) makes the offsets it matches; an
# offset inside an instruction is refused with [D_PROC_ALIGN].  The
# instructions of libc's getppid() (a syscall instruction among them,
# which uprobes cannot step over) leave the program running: its three
# calls fire entry three times and it prints its sum; the syscall
# instruction asked for by its offset is refused with [D_PROC_BADINSN].
set -eu
. selftests/lib/dt.sh
. selftests/providers/fasttrap/fasttrap.inc

ft_setup
command -v objdump >/dev/null || dt_skip "no objdump"
# shellcheck disable=SC2046 # address and size
set -- $(nm -S "$UT" | awk '$4 == "ut_leaf" { print $1, $2 }')
[ $# -eq 2 ] || dt_fail "no ut_leaf in nm -S"
start=$((0x$1))
end=$((0x$1 + 0x$2))
objdump -d --no-show-raw-insn "$UT" |
	awk -v s="$start" -v e="$end" '
	/^ *[0-9a-f]+:/ { a = strtonum("0x" substr($1, 1, length($1) - 1));
		if (a >= s && a < e) printf("%x\n", a - s) }' >"$DT_TMP/want"
n=$(wc -l <"$DT_TMP/want")
[ "$n" -ge 2 ] || dt_fail "ut_leaf has $n instructions"

timeout 120 "$DTRACE" -l -c "$UT -n 1" -n 'pid$target:a.out:ut_leaf:' \
	>"$DT_TMP/list" 2>&1 || dt_fail "dtrace -l: $(cat "$DT_TMP/list")"
awk '$4 == "ut_leaf" && $5 != "entry" && $5 != "return" { print $5 }' \
	"$DT_TMP/list" | sort >"$DT_TMP/got"
sort "$DT_TMP/want" | cmp -s - "$DT_TMP/got" ||
	dt_fail "offsets $(tr '\n' ' ' <"$DT_TMP/got"), objdump's $(tr '\n' ' ' <"$DT_TMP/want")"
{ grep -q "ut_leaf *entry" "$DT_TMP/list" && grep -q "ut_leaf *return" "$DT_TMP/list"; } ||
	dt_fail "no entry or return: $(cat "$DT_TMP/list")"

ft_run -c "$UT -n 7" -n 'pid$target:a.out:ut_leaf: { @[probename] = count(); }
	END { printa("at %s %@d\n", @); }'
for off in $(cat "$DT_TMP/want") entry return; do
	ft_expect "^at $off 7\$"
done

ft_run -c "$UT -n 3" -n 'pid$target:a.out:ut_leaf:[0-9] { @[probename] = count(); }
	END { printa("at %s %@d\n", @); }'
ft_expect '^at 0 3$'
if grep -q 'entry\|return' "$DT_TMP/out"; then
	dt_fail "[0-9] made entry or return: $(cat "$DT_TMP/out")"
fi

ft_run -c "$UT -n 3" -n 'pid$target:libc.so.6:getppid: { @[probename] = count(); }
	END { printa("at %s %@d\n", @); }'
ft_expect '^sum 9 enabled 0$'
ft_expect '^at entry 3$'
sysoff=$(objdump -d --no-show-raw-insn /lib/x86_64-linux-gnu/libc.so.6 |
	awk '/<getppid(@@[A-Z_.0-9]+)?>:$/ { f = 1; next }
	     f && /^ *[0-9a-f]+:/ { a = strtonum("0x" substr($1, 1, length($1) - 1));
		if (!s) s = a; if ($2 == "syscall") { printf("%x\n", a - s); exit } }
	     f && /^$/ { exit }')
[ -n "$sysoff" ] || dt_fail "no syscall instruction in libc's getppid"
if timeout 120 "$DTRACE" -q -xerrtags -c "$UT -n 1" \
	-n "pid\$target:libc.so.6:getppid:$sysoff { exit(0); }" >"$DT_TMP/out" 2>&1; then
	dt_fail "the syscall instruction was accepted: $(cat "$DT_TMP/out")"
fi
ft_expect '\[D_PROC_BADINSN\]'

# an offset inside the first instruction longer than a byte
mid=$(awk 'NR > 1 { if (strtonum("0x" $1) - p > 1) { printf("%x\n", p + 1); exit } }
	{ p = strtonum("0x" $1) }' "$DT_TMP/want")
[ -n "$mid" ] || dt_fail "no instruction of ut_leaf is longer than a byte"
if timeout 120 "$DTRACE" -q -xerrtags -c "$UT -n 1" \
	-n "pid\$target:a.out:ut_leaf:$mid { exit(0); }" >"$DT_TMP/out" 2>&1; then
	dt_fail "offset $mid inside an instruction was accepted: $(cat "$DT_TMP/out")"
fi
ft_expect '\[D_PROC_ALIGN\]'
exit 0
