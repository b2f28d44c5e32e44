/*
 * ASSERTION: Several #pragma D option lines with sizes and rates are accepted.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet
#pragma D option bufsize=64k
#pragma D option switchrate=10hz

BEGIN
{
	printf("ok\n");
	exit(0);
}
