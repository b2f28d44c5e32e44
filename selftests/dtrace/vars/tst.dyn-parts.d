/*
 * ASSERTION: A store into a member or array element of a thread-local
 * variable or an associative array element makes the variable when it is
 * missing, zero-filled but for the part stored, and the value lasts into
 * later clauses; a missing one reads as zeroes, also on another thread.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet

struct in {
	short p;
	int q[3];
};

struct s {
	int a;
	long b;
	struct in i;
};

self struct s x;
self struct s sa[int];
struct s ga[string, int];
self int arr[4];

BEGIN
{
	printf("unset %d %d %d\n", self->x.a, self->sa[7].i.q[2], ga["z", 1].b);
	self->x.a = 3;
	self->x.b += 5;
	self->x.b++;
	self->x.i.q[1] = 9;
	self->x.i.p = -2;
	self->sa[7].i.q[2] = 11;
	self->sa[8].a = 12;
	k = 0;
	ga["k", k++].a = 21;
	ga["k", 0].b = 22;
	self->arr[2] = 5;
	self->arr[3] = self->arr[2] + 1;
}

BEGIN
{
	printf("x %d %d %d %d %d\n", self->x.a, self->x.b, self->x.i.q[1],
	    self->x.i.p, self->x.i.q[0]);
	printf("sa %d %d %d\n", self->sa[7].i.q[2], self->sa[8].a,
	    self->sa[7].a);
	printf("ga %d %d %d %d\n", ga["k", 0].a, ga["k", 0].b, ga["k", 1].a, k);
	printf("arr %d %d %d\n", self->arr[0], self->arr[2], self->arr[3]);
}

tick-10ms
/self->x.a == 0/
{
	printf("other thread %d %d %d\n", self->x.a, self->sa[7].i.q[2],
	    ga["k", 0].b);
	exit(0);
}

ERROR
{
	printf("error\n");
	exit(1);
}
