/*
 * ASSERTION: lltostr prints signed decimal, or unsigned in another base.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet

BEGIN
{
	printf("%s %s %s\n", lltostr(-42), lltostr(255, 16), lltostr(-1, 16));
	exit(0);
}
