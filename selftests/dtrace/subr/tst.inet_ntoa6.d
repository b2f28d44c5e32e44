/*
 * ASSERTION: inet_ntoa6() prints an IPv4-mapped or IPv4-compatible
 * address as its dotted quad, as DTrace does, and in RFC 5952 form
 * when its second argument (strict) is non-zero, as inet_ntop(AF_INET6)
 * does.  cleanpath("") is "".
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet

BEGIN
{
	this->m = (uint8_t *)alloca(16);
	this->m[10] = 0xff;
	this->m[11] = 0xff;
	this->m[12] = 127;
	this->m[15] = 1;
	this->c = (uint8_t *)alloca(16);
	this->c[12] = 10;
	this->c[15] = 1;
	printf("%s %s %s\n", inet_ntoa6((struct in6_addr *)this->m),
	    inet_ntoa6((struct in6_addr *)this->m, 1),
	    inet_ntop(AF_INET6, this->m));
	printf("%s %s\n", inet_ntoa6((struct in6_addr *)this->c, 0),
	    inet_ntoa6((struct in6_addr *)this->c, 7));
	printf("[%s]\n", cleanpath(""));
	exit(0);
}
