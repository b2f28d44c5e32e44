/*
 * ASSERTION: A probe description that matches no probe is a compile error.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

nosuch:::probe
{
	exit(0);
}
