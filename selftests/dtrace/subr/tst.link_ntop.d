/*
 * ASSERTION: link_ntop() prints an Ethernet (6 bytes) or InfiniBand
 * (20 bytes) address as colon-separated hex pairs; another hardware
 * type faults ILLOP.  mutex_type_adaptive() is 1, mutex_type_spin() 0.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet

BEGIN
{
	this->a = (uint8_t *)alloca(20);
	this->a[0] = 0x02;
	this->a[1] = 0x08;
	this->a[2] = 0x20;
	this->a[3] = 0xac;
	this->a[4] = 0x04;
	this->a[5] = 0x0e;
	this->a[19] = 0xff;
	printf("%s\n", link_ntop(ARPHRD_ETHER, this->a));
	printf("%s\n", link_ntop(ARPHRD_INFINIBAND, this->a));
	printf("%d %d\n", mutex_type_adaptive(NULL), mutex_type_spin(NULL));
}

BEGIN
{
	/* a fault discards its clause's records: a clause of its own */
	printf("%s\n", link_ntop(7, (uint8_t *)alloca(20)));
}

ERROR
{
	printf("fault %d %s\n", arg4, arg4 == DTRACEFLT_ILLOP ? "ILLOP" : "?");
	exit(0);
}
