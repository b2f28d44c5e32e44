/*
 * ASSERTION: Storing 0 into an associative array element or a self->
 * variable whose value is a struct or union frees it, as it does for an
 * integer: with room for two elements of the struct, ten keys stored
 * and freed in turn leave room for one more, and the elements not
 * freed keep their values.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet
#pragma D option dynvarsize=128

struct pair {
	long left;
	long right;
};

union either {
	long l;
	int i;
};

this struct pair p;
this union either e;

BEGIN
{
	this->p.left = 3;
	this->p.right = 4;
	this->e.l = 9;
	s[0] = this->p;
	s[1] = this->p; s[1] = 0;
	s[2] = this->p; s[2] = 0;
	s[3] = this->p; s[3] = 0;
	s[4] = this->p; s[4] = 0;
	s[5] = this->p; s[5] = 0;
	s[6] = this->p; s[6] = 0;
	s[7] = this->p; s[7] = 0;
	s[8] = this->p; s[8] = 0;
	s[9] = this->p; s[9] = 0;
	u[1] = this->e; u[1] = 0;
	u[2] = this->e; u[2] = 0;
	u[3] = this->e;
	self->t = this->p;
	self->t = 0;
	self->t = this->p;
	this->p.left = 5;
	s[10] = this->p;
}

BEGIN
{
	printf("%d %d %d %d %d\n", s[0].left, s[0].right, s[10].left,
	       u[3].i, self->t.right);
}

BEGIN
{
	exit(0);
}
