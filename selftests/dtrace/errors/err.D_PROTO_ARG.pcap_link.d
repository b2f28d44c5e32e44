/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ASSERTION: pcap( )'s second argument, the link type, is an int: a
 * string there is refused with D_PROTO_ARG.
 */
BEGIN
{
	pcap(0, "ip");
	exit(0);
}
