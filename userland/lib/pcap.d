/*
 * SPDX-License-Identifier: GPL-2.0
 *
 * The link types pcap(skb, proto) takes as its second argument, as
 * DTrace names them: what the packet's bytes start with.  Their values
 * are the pcap file format's LINKTYPE_ numbers, written as they are
 * into the pcapfile's header (userland/libdtrace/dt_pcap.c).  PCAP_IP
 * is raw IP, IPv4 or IPv6: the file's packets start at the IP header.
 * Compiled for the programs that use it (userland/libdtrace/dt_lib.c).
 */

inline int PCAP_NULL = 0;	/* BSD loopback: a 4-byte family first */
inline int PCAP_ETHER = 1;	/* Ethernet: the MAC header first */
inline int PCAP_PPP = 9;	/* PPP */
inline int PCAP_WIFI = 105;	/* IEEE 802.11 */
inline int PCAP_IP = 101;	/* raw IPv4 or IPv6 */
