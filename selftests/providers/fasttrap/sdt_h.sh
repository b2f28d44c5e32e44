#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: programs built with systemtap's <sys/sdt.h> (DTRACE_PROBEn, STAP_PROBEn, semaphores) have USDT probes
# requires: dtrace_fasttrap
#
# ASSERTION: a program using <sys/sdt.h> alone, no dtrace -h or -G,
# built at -O0 (arguments on the stack) and -O2 (in registers and as
# constants), fires sdtprog$target:::three, two, twelve and gated ten
# times each for "sdtprog 10": three's arg0 sums to 45, arg1 is the
# string "sdt", arg2 (a long) sums to 7 * 45; two's arg0, a short -i,
# sums to -45 (sign-extended), args[0] too, and arg1, an unsigned char
# 200, to 2000; twelve's arg9 is 10 (of twelve arguments the first ten
# are seen).  Its probes have semaphores (_SDT_HAS_SEMAPHORES): gated's
# is set while it is traced, so the program takes its branch ten times
# ("on 10"); run untraced it never does ("on 0").
set -eu
. selftests/lib/dt.sh
. selftests/providers/fasttrap/fasttrap.inc

ft_setup
ft_need_sdt
cd "$DT_TMP"
cat >sdtprog.c <<'C'
#define _SDT_HAS_SEMAPHORES 1
#include <stdio.h>
#include <stdlib.h>
#include <sys/sdt.h>

#define SEMAPHORE(name) \
	__extension__ unsigned short sdtprog_##name##_semaphore \
	__attribute__((unused)) __attribute__((section(".probes")))
SEMAPHORE(three);
SEMAPHORE(two);
SEMAPHORE(gated);
SEMAPHORE(twelve);

static volatile long g = 7;
static const char *word = "sdt";

int main(int argc, char **argv)
{
	int i, n = argc > 1 ? atoi(argv[1]) : 10, on = 0;

	for (i = 0; i < n; i++) {
		DTRACE_PROBE3(sdtprog, three, i, word, g * i);
		STAP_PROBE2(sdtprog, two, (short)-i, (unsigned char)200);
		if (sdtprog_gated_semaphore) {
			on++;
			STAP_PROBE1(sdtprog, gated, i);
		}
		DTRACE_PROBE12(sdtprog, twelve, 1, 2, 3, 4, 5, 6, 7, 8, 9, i,
			       11, 12);
	}
	printf("on %d\n", on);
	return 0;
}
C
cc -O0 -o sdtprog0 sdtprog.c || dt_fail "cc -O0 failed"
cc -O2 -o sdtprog2 sdtprog.c || dt_fail "cc -O2 failed"
cd "$DT_TOP"

for prog in sdtprog0 sdtprog2; do
	ft_run -c "$DT_TMP/$prog 10" -n '
		sdtprog$target:::three { @n3 = count(); @a0 = sum(arg0);
			@w[copyinstr(arg1)] = count(); @a2 = sum(arg2); }
		sdtprog$target:::two { @t0 = sum(arg0); @x0 = sum(args[0]);
			@t1 = sum(arg1); }
		sdtprog$target:::twelve { @tw[arg9] = count(); }
		sdtprog$target:::gated { @g = count(); }
		END { printa("three %@d\n", @n3); printa("a0 %@d\n", @a0);
			printa("w %s %@d\n", @w); printa("a2 %@d\n", @a2);
			printa("t0 %@d\n", @t0); printa("x0 %@d\n", @x0);
			printa("t1 %@d\n", @t1); printa("tw %d %@d\n", @tw);
			printa("g %@d\n", @g); }'
	ft_expect '^on 10$'
	ft_expect '^three 10$'
	ft_expect '^a0 45$'
	ft_expect '^w sdt 10$'
	ft_expect '^a2 315$'
	ft_expect '^t0 -45$'
	ft_expect '^x0 -45$'
	ft_expect '^t1 2000$'
	ft_expect '^tw 9 1$'
	ft_expect '^g 10$'
	"$DT_TMP/$prog" 3 >"$DT_TMP/out"
	ft_expect '^on 0$'
done
exit 0
