/*
 * ASSERTION: basename and dirname handle trailing slashes, the root and the empty string.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet

BEGIN
{
	printf("%s %s %s %s %s %s\n", basename("/usr/lib/"), basename("/"), basename(""), dirname("/usr/lib/"), dirname("/foo"), dirname("foo"));
	exit(0);
}
