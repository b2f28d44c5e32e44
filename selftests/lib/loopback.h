/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Loopback socket addresses for the network workloads of selftests/progs
 * (tcpconn, udpecho): 127.0.0.1 or ::1 and a port, and the port of one.
 */
#ifndef _SELFTESTS_LOOPBACK_H
#define _SELFTESTS_LOOPBACK_H

#include <arpa/inet.h>
#include <netinet/in.h>
#include <string.h>
#include <sys/socket.h>

/* Fill @ss with the loopback address of @family and @port; its length. */
static inline socklen_t addr_of(int family, int port,
				struct sockaddr_storage *ss)
{
	struct sockaddr_in6 *s6 = (struct sockaddr_in6 *)ss;
	struct sockaddr_in *s4 = (struct sockaddr_in *)ss;

	memset(ss, 0, sizeof(*ss));
	if (family == AF_INET) {
		s4->sin_family = AF_INET;
		s4->sin_port = htons(port);
		s4->sin_addr.s_addr = htonl(INADDR_LOOPBACK);
		return sizeof(*s4);
	}
	s6->sin6_family = AF_INET6;
	s6->sin6_port = htons(port);
	s6->sin6_addr = in6addr_loopback;
	return sizeof(*s6);
}

/* The port of IPv4 or IPv6 address @ss. */
static inline int port_of(const struct sockaddr_storage *ss)
{
	if (ss->ss_family == AF_INET)
		return ntohs(((const struct sockaddr_in *)ss)->sin_port);
	return ntohs(((const struct sockaddr_in6 *)ss)->sin6_port);
}

#endif /* _SELFTESTS_LOOPBACK_H */
