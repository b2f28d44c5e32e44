/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The provider of bench/usdt.c: one probe with one argument, made into
 * bench/usdt_probes.h by dtrace -h and into the object bench/usdt links
 * with by dtrace -G (bench/run.sh).
 */
provider benchusdt {
	probe tick(long);
};
