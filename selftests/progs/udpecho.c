// SPDX-License-Identifier: GPL-2.0
/*
 * A UDP workload on loopback for the ip and udp providers' tests, both
 * ends in one process, on ports the test chooses so that its predicates
 * can pick out the datagrams:
 *
 *	udpecho 4|6 PORT SIZE COUNT
 *
 * A receiver bound to PORT, not connected; a sender bound to PORT + 1
 * and connected to PORT sends COUNT datagrams of SIZE bytes, and the
 * receiver reads each (5 s at most), checking its size and source port.
 * Addresses are 127.0.0.1 and ::1.  It prints "sent COUNT" and exits
 * 0, or says what failed and exits 1.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>
#include "loopback.h"

static void die(const char *what)
{
	fprintf(stderr, "udpecho: %s: %s\n", what, strerror(errno));
	exit(1);
}

int main(int argc, char **argv)
{
	struct timeval tv = { .tv_sec = 5 };
	struct sockaddr_storage ss;
	int family, port, size, count, rx, tx, i;
	socklen_t len;
	char *buf;
	ssize_t n;

	if (argc != 5) {
		fprintf(stderr, "usage: udpecho 4|6 PORT SIZE COUNT\n");
		return 1;
	}
	family = atoi(argv[1]) == 6 ? AF_INET6 : AF_INET;
	port = atoi(argv[2]);
	size = atoi(argv[3]);
	count = atoi(argv[4]);
	buf = calloc(1, size + 1);
	if (!buf || size < 1 || count < 1)
		die("arguments");

	rx = socket(family, SOCK_DGRAM, 0);
	tx = socket(family, SOCK_DGRAM, 0);
	if (rx < 0 || tx < 0)
		die("socket");
	if (setsockopt(rx, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv)))
		die("SO_RCVTIMEO");
	len = addr_of(family, port, &ss);
	if (bind(rx, (struct sockaddr *)&ss, len))
		die("bind receiver");
	len = addr_of(family, port + 1, &ss);
	if (bind(tx, (struct sockaddr *)&ss, len))
		die("bind sender");
	len = addr_of(family, port, &ss);
	if (connect(tx, (struct sockaddr *)&ss, len))
		die("connect");

	for (i = 0; i < count; i++) {
		memset(buf, 'a' + i % 26, size);
		if (send(tx, buf, size, 0) != size)
			die("send");
		len = sizeof(ss);
		n = recvfrom(rx, buf, size + 1, 0, (struct sockaddr *)&ss,
			     &len);
		if (n < 0)
			die("recvfrom");
		if (n != size || port_of(&ss) != port + 1) {
			fprintf(stderr, "udpecho: got %zd bytes from port %d\n",
				n, port_of(&ss));
			return 1;
		}
	}
	printf("sent %d\n", count);
	return 0;
}
