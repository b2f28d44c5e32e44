/*
 * ASSERTION: a struct or array variable is written in place, member by
 * member and element by element, also through a pointer to it, in
 * global and clause-local storage; bit-fields are assigned by replacing
 * their bits, and a signed one reads back sign-extended.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet

struct rec {
	int id;
	unsigned int flags : 3;
	int level : 5;
	unsigned long wide : 35;
	char tag;
};

struct rec r;
int a[4];
this struct rec lr;

BEGIN
{
	r.id = 7;
	r.flags = 9;
	r.level = -3;
	r.level--;
	r.wide = 0x755555555;
	r.tag = 'x';
	a[1] = 10;
	p = &a[0];
	p[2] = 20;
	a[1] += p[2];
	this->lr.id = 5;
	this->lr.flags = 6;
	printf("%d %d %d %x %c\n", r.id, r.flags, r.level, r.wide, r.tag);
	printf("%d %d %d %d\n", a[0], a[1], a[2], sizeof(a));
	printf("%d %d %d\n", this->lr.id, this->lr.flags, sizeof(struct rec));
	exit(0);
}
