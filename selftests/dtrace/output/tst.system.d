/*
 * ASSERTION: system() (destructive) formats its command like printf()
 * and runs it with /bin/sh; its output lands between the output of the
 * statements before and after it.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet
#pragma D option destructive

BEGIN
{
	printf("before\n");
	system("echo system %d", 42);
	printf("after\n");
	exit(0);
}
