/*
 * ASSERTION: Thread-local variables of different threads are apart: the BEGIN thread sets self->mine, and a tick firing on another thread (or in interrupt context) reads 0 there.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet

BEGIN
{
	self->mine = 1;
}

tick-10ms
/self->mine == 0/
{
	printf("other thread: %d\n", self->mine);
	exit(0);
}
