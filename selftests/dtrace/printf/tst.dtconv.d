/*
 * ASSERTION: printf()'s DTrace conversions: %S escapes what is not
 * printable (a string constant keeps "\\" as the two characters it
 * writes, as in DTrace, so %S shows both escaped), %p prints an address
 * in hex without 0x, %e %f %g %G
 * print integers as doubles, h/hh/l/ll resize the value as C does, %c
 * prints a character, %Y a walltimestamp as a date (the test machine's
 * clock is UTC), %% a percent sign.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet

BEGIN
{
	printf("[%S] [%S]\n", "a\tb\n", "q\"\\");
	printf("[%p] [%p] [%-8p|]\n", 0, 4096, 255);
	printf("[%f] [%.2e] [%g] [%G] [%8.3f]\n", 42, 42, 42, 1000000000, -7);
	printf("[%hhd] [%hd] [%ld] [%lx] [%llu] [%hhx]\n", 300, 70000, -5, -1,
	    -1, 511);
	printf("[%c%c%c] [%5c] [%-3c|]\n", 68, 84, 114, 65, 66);
	printf("[%Y]\n", 1795359845000000000);
	printf("[%%]\n");
	exit(0);
}
