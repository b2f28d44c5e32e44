/*
 * ASSERTION: strjoin concatenates, empty strings included.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet

BEGIN
{
	printf("[%s] [%s]\n", strjoin("ab", "cd"), strjoin("", ""));
	exit(0);
}
