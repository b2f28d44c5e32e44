/*
 * ASSERTION: String and character constants take the C escapes.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet

BEGIN
{
	printf("a\tb\\c\"d\x41\101%c%c\n", '\n', 'z');
	exit(0);
}
