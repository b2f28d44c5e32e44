/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ASSERTION: pcap( ) takes exactly two arguments, the sk_buff and the
 * link type: one alone is refused with D_PROTO_LEN.
 */
BEGIN
{
	pcap(0);
	exit(0);
}
