#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: pid probe modules, functions and providers are named and matched as in DTrace
# requires: dtrace_fasttrap
#
# ASSERTION: the C library is found as libc.so.6, libc.so and libc (its
# soname and the soname without its version, or without any suffix),
# and its probes are named libc.so.6; of two aliases at one address the
# global name names the probe even when the description names the weak
# one (a weak go of a global _go fires as _go); a function with two
# versions of one name (fmemopen@GLIBC_2.2.5 and fmemopen@@GLIBC_2.22)
# is the default version, one probe; a provider glob (p*d$target)
# matches the pid provider of $target.
set -eu
. selftests/lib/dt.sh
. selftests/providers/fasttrap/fasttrap.inc

ft_setup
command -v cc >/dev/null || dt_skip "no C compiler"

for lib in libc.so.6 libc.so libc; do
	ft_run -c "$UT -n 1" -n "pid\$target:$lib:malloc:entry {
		printf(\"in %s %s\\n\", probemod, probefunc); exit(0); }"
	ft_expect '^in libc\.so\.6 malloc$'
done

cat >"$DT_TMP/alias.c" <<'EOC'
__attribute__((noinline)) int _go(int a)
{
	__asm__ __volatile__("");
	return a + 1;
}
int go(int a) __attribute__((weak, alias("_go")));
int main(void)
{
	return go(1) - 2;
}
EOC
cc -O1 -o "$DT_TMP/alias" "$DT_TMP/alias.c" || dt_fail "cc failed"
ft_run -c "$DT_TMP/alias" -n 'pid$target:a.out:go:entry {
	printf("func %s\n", probefunc); }'
ft_expect '^func _go$'

ft_run -c "$UT -n 1" -n 'pid$target:libc.so.6:fmemopen:entry,
	pid$target:libc.so.6:fmemopen:return { }
	pid$target:a.out:main:entry { exit(0); }'
timeout 120 "$DTRACE" -l -c "$UT -n 1" -n 'pid$target:libc.so.6:fmemopen:entry' \
	>"$DT_TMP/out" 2>&1 || dt_fail "dtrace -l: $(cat "$DT_TMP/out")"
[ "$(grep -c 'fmemopen *entry' "$DT_TMP/out")" -eq 1 ] ||
	dt_fail "not one fmemopen entry probe: $(cat "$DT_TMP/out")"

ft_run -c "$UT -n 5" -n 'p*d$target:a.out:ut_add:entry {
	@[probeprov] = count(); }
	END { printa("prov %s %@d\n", @); }'
ft_expect '^prov pid[0-9]+ 5$'
exit 0
