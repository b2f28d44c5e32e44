/*
 * ASSERTION: In a script, a probe description with neither a predicate
 * nor a body is a syntax error (only dtrace -n BEGIN may be one alone).
 *
 * SPDX-License-Identifier: GPL-2.0
 */

BEGIN

BEGIN
{
	exit(0);
}
