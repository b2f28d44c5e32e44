/*
 * ASSERTION: htons, htonl and ntohll swap bytes on little-endian machines.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet

BEGIN
{
	printf("%x %x %x\n", htons(0x1234), htonl(0x12345678), ntohll(0x0102030405060708));
	exit(0);
}
