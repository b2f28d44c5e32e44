/*
 * ASSERTION: tracemem() prints a newline, a header of the 16 column
 * offsets and "0123456789abcdef", then each 16 bytes: the offset in hex,
 * a colon, the bytes in hex and as ASCII ('.' for what is not
 * printable).
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet

BEGIN
{
	tracemem(probename, 8);
	printf("end\n");
	exit(0);
}
