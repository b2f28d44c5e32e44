/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ASSERTION: include/uapi/linux/dtrace.h (and dtrace_fasttrap.h, which
 * builds on it) compiles on its own in strict
 * C89 (this file is built with -std=c89 -pedantic -Werror), and every
 * struct that crosses the ABI has the size and field offsets the kernel
 * was built with (framework/ioctl.c asserts the same sizes at compile
 * time), so 32- and 64-bit consumers and any compiler agree on them;
 * and the limits both sides share have their values.
 * Needs no kernel.
 */
#include <stddef.h>
#include <stdio.h>
#include <linux/dtrace.h>
#include <linux/dtrace_fasttrap.h>

static unsigned int count, failed;

static void check(size_t got, size_t want, const char *what)
{
	count++;
	if (got != want)
		failed++;
	printf("%sok %u %s is %lu (want %lu)\n", got == want ? "" : "not ",
	       count, what, (unsigned long)got, (unsigned long)want);
}

int main(void)
{
	printf("TAP version 13\n");
	check(sizeof(struct dtrace_probedesc), 320, "sizeof dtrace_probedesc");
	check(sizeof(struct dtrace_dif_insn), 8, "sizeof dtrace_dif_insn");
	check(sizeof(struct dtrace_difo), 56, "sizeof dtrace_difo");
	check(sizeof(struct dtrace_actdesc), 80, "sizeof dtrace_actdesc");
	check(offsetof(struct dtrace_actdesc, difo), 24,
	      "offsetof dtrace_actdesc.difo");
	check(sizeof(struct dtrace_rechdr), 16, "sizeof dtrace_rechdr");
	check(sizeof(struct dtrace_ioc_version), 8, "sizeof dtrace_ioc_version");
	check(sizeof(struct dtrace_ioc_probe), 352, "sizeof dtrace_ioc_probe");
	check(sizeof(struct dtrace_pattr), 16, "sizeof dtrace_pattr");
	check(DTRACE_STABILITY_EVOLVING, 5, "DTRACE_STABILITY_EVOLVING");
	check(DTRACE_CLASS_ISA, 4, "DTRACE_CLASS_ISA");
	check(sizeof(struct dtrace_ioc_setopt), 16, "sizeof dtrace_ioc_setopt");
	check(sizeof(struct dtrace_ioc_enable), 424, "sizeof dtrace_ioc_enable");
	check(offsetof(struct dtrace_ioc_enable, desc), 32,
	      "offsetof dtrace_ioc_enable.desc");
	check(offsetof(struct dtrace_ioc_enable, pred), 352,
	      "offsetof dtrace_ioc_enable.pred");
	check(sizeof(struct dtrace_ioc_epdesc), 24, "sizeof dtrace_ioc_epdesc");
	check(sizeof(struct dtrace_ioc_go), 8, "sizeof dtrace_ioc_go");
	check(sizeof(struct dtrace_ioc_bufsnap), 80, "sizeof dtrace_ioc_bufsnap");
	check(sizeof(struct dtrace_ioc_status), 64, "sizeof dtrace_ioc_status");
	check(sizeof(struct dtrace_aggkey), 8, "sizeof dtrace_aggkey");
	check(sizeof(struct dtrace_ioc_aggdef), 120, "sizeof dtrace_ioc_aggdef");
	check(sizeof(struct dtrace_aggent), 16, "sizeof dtrace_aggent");
	check(sizeof(struct dtrace_ioc_aggsnap), 40, "sizeof dtrace_ioc_aggsnap");
	check(sizeof(struct dtrace_ioc_probearg), 272,
	      "sizeof dtrace_ioc_probearg");
	check(sizeof(struct dtrace_difv), 16, "sizeof dtrace_difv");
	check(sizeof(struct dtrace_cpuinfo), 72, "sizeof dtrace_cpuinfo");
	check(sizeof(struct dtrace_ftarg), 16, "sizeof dtrace_ftarg");
	check(sizeof(struct dtrace_ioc_ftp_create), 1560,
	      "sizeof dtrace_ioc_ftp_create");
	check(offsetof(struct dtrace_ioc_ftp_create, desc), 40,
	      "offsetof dtrace_ioc_ftp_create.desc");
	/* the limits both sides share, ABI as the sizes are */
	check(DTRACE_PROBE_NARGS, 10, "DTRACE_PROBE_NARGS");
	check(DTRACE_FTP_NARGS, DTRACE_PROBE_NARGS, "DTRACE_FTP_NARGS");
	check(DTRACE_STACK_MAX, 128, "DTRACE_STACK_MAX");
	check(DTRACE_USTACK_MAX, 128, "DTRACE_USTACK_MAX");
	printf("1..%u\n", count);
	return failed ? 1 : 0;
}
