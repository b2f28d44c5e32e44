/*
 * ASSERTION: A probe description of five fields is invalid.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

a:b:c:d:e
{
	exit(0);
}
