#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
#
# A TCP service for the conformance guest, which runs no daemons: the
# network providers' tests (tcp/, ip/, pcap/) connect to a local ssh
# port, on 127.0.0.1 and on ::1, send a line and read what comes back.
# This listens on PORT (default 22) of both loopback families, greets
# each connection with one line as an ssh server would, reads until the
# peer closes (or 30 s pass) and closes its side: the handshake, data
# both ways and both FINs, what the tests count.
#
# Usage: listen.py [PORT]    Runs until killed; "listening" on stdout
# once both sockets are bound.
import socket
import sys
import threading

GREETING = b"SSH-2.0-dtrace-conformance\r\n"


def serve(conn):
    with conn:
        conn.settimeout(30)
        try:
            conn.sendall(GREETING)
            while conn.recv(4096):
                pass
        except OSError:
            pass


def accept_loop(sock):
    while True:
        conn, _ = sock.accept()
        threading.Thread(target=serve, args=(conn,), daemon=True).start()


def bind(family, addr, port):
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    if family == socket.AF_INET6:
        sock.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
    sock.bind((addr, port))
    sock.listen(16)
    return sock


def main():
    port = int(sys.argv[1]) if len(sys.argv) > 1 else 22
    socks = [bind(socket.AF_INET, "127.0.0.1", port)]
    try:
        socks.append(bind(socket.AF_INET6, "::1", port))
    except OSError as e:
        print(f"listen.py: no IPv6 loopback: {e}", file=sys.stderr)
    for s in socks[1:]:
        threading.Thread(target=accept_loop, args=(s,), daemon=True).start()
    print("listening", flush=True)
    accept_loop(socks[0])


if __name__ == "__main__":
    main()
