/*
 * ASSERTION: print() of a struct prints its type, then each member on
 * its own line indented by four spaces as "TYPE NAME = VALUE", integers
 * in hex, then a closing brace.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet

struct pt {
	int x;
	short y;
	char name[8];
};

BEGIN
{
	this->p = (struct pt *)alloca(sizeof (struct pt));
	this->p->x = 42;
	this->p->y = -1;
	this->p->name[0] = 'a';
	this->p->name[1] = 'b';
	print(*this->p);
	printf("\n");
	exit(0);
}
