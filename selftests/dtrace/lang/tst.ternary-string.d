/*
 * ASSERTION: The ?: operator chooses between strings.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet


BEGIN
{
	printf("%s %s\n", pid > 0 ? "pos" : "neg", pid < 0 ? "pos" : "neg");
	exit(0);
}
