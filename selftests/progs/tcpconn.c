// SPDX-License-Identifier: GPL-2.0
/*
 * A TCP workload on loopback for the tcp provider's tests, both ends in
 * one process, on a port the test chooses so that its predicates can
 * pick out the connection:
 *
 *	tcpconn echo 4|6 PORT N M	a server on PORT accepts a client;
 *		the client sends N bytes, the server reads them and sends M
 *		back; the client closes first, then the server
 *	tcpconn refused 4|6 PORT	connect to PORT, where nothing
 *		listens: the connect must fail with ECONNREFUSED
 *
 * It prints "client LPORT server PORT" (echo) or "refused PORT" and
 * exits 0, or says what failed and exits 1.  Addresses are 127.0.0.1
 * and ::1.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>
#include "loopback.h"

static void die(const char *what)
{
	fprintf(stderr, "tcpconn: %s: %s\n", what, strerror(errno));
	exit(1);
}

static int local_port(int fd)
{
	struct sockaddr_storage ss;
	socklen_t len = sizeof(ss);

	if (getsockname(fd, (struct sockaddr *)&ss, &len))
		die("getsockname");
	return port_of(&ss);
}

static void send_all(int fd, size_t n)
{
	char buf[4096];
	ssize_t w;

	memset(buf, 'x', sizeof(buf));
	while (n) {
		w = write(fd, buf, n < sizeof(buf) ? n : sizeof(buf));
		if (w < 0)
			die("write");
		n -= w;
	}
}

static void recv_all(int fd, size_t n)
{
	char buf[4096];
	ssize_t r;

	while (n) {
		r = read(fd, buf, n < sizeof(buf) ? n : sizeof(buf));
		if (r < 0)
			die("read");
		if (r == 0) {
			errno = EPIPE;
			die("read: early end of stream");
		}
		n -= r;
	}
}

static int do_echo(int family, int port, size_t n, size_t m)
{
	struct sockaddr_storage ss;
	socklen_t len = addr_of(family, port, &ss);
	int one = 1, lfd, cfd, sfd;
	char c;

	lfd = socket(family, SOCK_STREAM, 0);
	if (lfd < 0)
		die("socket");
	if (setsockopt(lfd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one)))
		die("setsockopt");
	if (bind(lfd, (struct sockaddr *)&ss, len) || listen(lfd, 1))
		die("bind/listen");
	cfd = socket(family, SOCK_STREAM, 0);
	if (cfd < 0)
		die("socket");
	if (connect(cfd, (struct sockaddr *)&ss, len))
		die("connect");
	sfd = accept(lfd, NULL, NULL);
	if (sfd < 0)
		die("accept");
	send_all(cfd, n);
	recv_all(sfd, n);
	send_all(sfd, m);
	recv_all(cfd, m);
	printf("client %d server %d\n", local_port(cfd), port);
	close(cfd);
	if (read(sfd, &c, 1) != 0)
		die("read: no end of stream");
	close(sfd);
	close(lfd);
	return 0;
}

static int do_refused(int family, int port)
{
	struct sockaddr_storage ss;
	socklen_t len = addr_of(family, port, &ss);
	int fd = socket(family, SOCK_STREAM, 0);

	if (fd < 0)
		die("socket");
	if (!connect(fd, (struct sockaddr *)&ss, len)) {
		fprintf(stderr, "tcpconn: connect to port %d succeeded\n", port);
		return 1;
	}
	if (errno != ECONNREFUSED)
		die("connect");
	printf("refused %d\n", port);
	close(fd);
	return 0;
}

int main(int argc, char **argv)
{
	int family, port;

	if (argc < 4)
		goto usage;
	family = atoi(argv[2]) == 6 ? AF_INET6 : AF_INET;
	port = atoi(argv[3]);
	setvbuf(stdout, NULL, _IOLBF, 0);
	if (!strcmp(argv[1], "echo") && argc == 6)
		return do_echo(family, port, strtoul(argv[4], NULL, 0),
			       strtoul(argv[5], NULL, 0));
	if (!strcmp(argv[1], "refused") && argc == 4)
		return do_refused(family, port);
usage:
	fprintf(stderr, "usage: tcpconn echo 4|6 PORT N M | tcpconn refused 4|6 PORT\n");
	return 2;
}
