/*
 * ASSERTION: Thread-local associative arrays keep one element per key.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet


BEGIN
{
	self->a["x"] = 1;
	self->a["y"] = 2;
	printf("%d %d %d\n", self->a["x"], self->a["y"], self->a["z"]);
	exit(0);
}
