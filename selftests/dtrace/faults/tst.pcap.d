/*
 * ASSERTION: pcap( ) of a NULL sk_buff records no packet and prints
 * nothing, however often a clause calls it (every PCAP_* link type is
 * known); pcap( ) of an address that is no sk_buff is a
 * DTRACEFLT_BADADDR fault on that address, reported to dtrace:::ERROR,
 * not an oops.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet

BEGIN
{
	pcap(0, PCAP_IP);
	pcap(NULL, PCAP_ETHER);
	pcap(0, PCAP_NULL);
	pcap(0, PCAP_PPP);
	pcap(0, PCAP_WIFI);
	printf("nothing captured\n");
}

BEGIN
{
	pcap(16, PCAP_IP);
}

ERROR
{
	printf("fault %d at %d\n", arg4, arg5);
	exit(0);
}
