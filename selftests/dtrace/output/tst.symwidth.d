/*
 * ASSERTION: sym(), func() and mod() print their text after two spaces,
 * left-aligned in 50 columns, in quiet mode as in the default one (an
 * address no symbol covers prints as its hex value).
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet

BEGIN
{
	func(0);
	printf("|\n");
	mod(0);
	printf("|\n");
	sym(0);
	printf("|\n");
	exit(0);
}
