/*
 * ASSERTION: stackdepth and ustackdepth count frames: BEGIN fires in the ioctl of the dtrace process, so both stacks have frames.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet

BEGIN
{
	printf("%d %d\n", stackdepth > 0, ustackdepth > 0);
	exit(0);
}
