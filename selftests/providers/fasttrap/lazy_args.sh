#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: USDT and pid arguments read when a clause needs them: after a directly counted clause, in a predicate, in later clauses
# requires: dtrace_fasttrap
#
# ASSERTION: a program built with dtrace -h and -G fires lazy$target:::vals
# (int i, uint32_t u, long l, uint64_t q, int neg, const char *s) ten
# times with i = 0..9, u = 4000000000 + i, l = -2^40 - i, q = 2^64 - 256
# + i, neg = -1 - i, s = "lazy", and calls lazy_add(-i, i * 2^33).  On
# each probe the first clause is `@ = count()` (counted without reading
# an argument) and the clauses after it read the arguments: a predicate
# on neg (true ten times), then every argument against what i says
# (32-bit unsigned not sign-extended, 64-bit and 32-bit negatives
# sign-extended, arg6..arg9 0), args[4] typed int (sum -55), the
# string; pid$target:a.out:lazy_add:entry's arg0 and arg1 sum to -45
# and 45 * 2^33.  A clause that reads arguments, with only a directly
# counted clause before it on another probe in the same program, sees
# that probe's arguments, not the last firing's.
set -eu
. selftests/lib/dt.sh
. selftests/providers/fasttrap/fasttrap.inc

ft_setup
command -v cc >/dev/null || dt_skip "no C compiler"
cd "$DT_TMP"
cat >p.d <<'D'
provider lazy {
	probe vals(int i, uint32_t u, long l, uint64_t q, int neg,
		   const char *s);
	probe other(long v);
};
D
cat >app.c <<'C'
#include <stdint.h>
#include <stdlib.h>
#include "p.h"

__attribute__((noinline)) long lazy_add(long a, long b)
{
	__asm__ __volatile__("" ::: "memory");
	return a + b;
}

int main(int argc, char **argv)
{
	int i, n = argc > 1 ? atoi(argv[1]) : 10;
	long s = 0;

	for (i = 0; i < n; i++) {
		LAZY_VALS(i, 4000000000u + i, -(1L << 40) - i,
			  (uint64_t)-256 + i, -1 - i, "lazy");
		LAZY_OTHER(7L);
		s += lazy_add(-i, (long)i << 33);
	}
	return s == 1;
}
C
"$DTRACE" -h -s p.d || dt_fail "dtrace -h failed"
cc -O2 -c app.c || dt_fail "cc -c failed"
"$DTRACE" -G -s p.d app.o || dt_fail "dtrace -G failed"
cc -o app app.o p.o || dt_fail "link failed"
cd "$DT_TOP"

ft_run -c "$DT_TMP/app 10" -n '
	lazy$target:::vals { @n = count(); }
	lazy$target:::vals /arg4 < 0/ { @p = count(); }
	lazy$target:::vals {
		@ok = sum(arg1 == 4000000000 + arg0 &&
		    arg2 == -1099511627776 - arg0 &&
		    arg3 == 0xffffffffffffff00 + arg0 &&
		    arg4 == -1 - arg0 &&
		    arg6 == 0 && arg7 == 0 && arg8 == 0 && arg9 == 0);
		@i = sum(arg0); @a4 = sum(args[4]); @s[copyinstr(arg5)] = count();
	}
	lazy$target:::other { @o = count(); }
	lazy$target:::other { @ov = sum(arg0); @oz = sum(arg1 | arg4 | arg9); }
	pid$target:a.out:lazy_add:entry { @e = count(); }
	pid$target:a.out:lazy_add:entry { @ea = sum(arg0); @eb = sum(arg1); }
	END { printa("n %@d\n", @n); printa("p %@d\n", @p);
		printa("ok %@d\n", @ok); printa("i %@d\n", @i);
		printa("a4 %@d\n", @a4); printa("s %s %@d\n", @s);
		printa("o %@d\n", @o); printa("ov %@d\n", @ov);
		printa("oz %@d\n", @oz); printa("e %@d\n", @e);
		printa("ea %@d\n", @ea); printa("eb %@d\n", @eb); }'
ft_expect '^n 10$'
ft_expect '^p 10$'
ft_expect '^ok 10$'
ft_expect '^i 45$'
ft_expect '^a4 -55$'
ft_expect '^s lazy 10$'
ft_expect '^o 10$'
ft_expect '^ov 70$'
ft_expect '^oz 0$'
ft_expect '^e 10$'
ft_expect '^ea -45$'
ft_expect '^eb 386547056640$'
exit 0
