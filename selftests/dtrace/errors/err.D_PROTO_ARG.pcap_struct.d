/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ASSERTION: pcap( )'s first argument is the address of the packet's
 * struct sk_buff: a struct itself is refused with D_PROTO_ARG, the
 * prototype's type (void *) and the argument's named.
 */
struct pkt {
	int len;
} p;

BEGIN
{
	pcap(p, PCAP_IP);
	exit(0);
}
