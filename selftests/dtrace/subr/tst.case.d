/*
 * ASSERTION: toupper and tolower convert ASCII letters only.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet

BEGIN
{
	printf("%s %s\n", toupper("aBc1"), tolower("aBc1"));
	exit(0);
}
