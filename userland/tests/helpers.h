/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Shared by the test suites: a device-less libdtrace handle with a few
 * probes, and compiling a program to its error text or its clauses.
 */
#ifndef _HELPERS_H
#define _HELPERS_H

#include "dt_impl.h"

dtrace_hdl_t *t_open(void);
const char *t_compile_msg(dtrace_hdl_t *dtp, const char *prog);
const char *t_script_msg(dtrace_hdl_t *dtp, const char *text);

/* A principal-buffer snapshot built record by record. */
struct t_rbuf {
	char data[4096];
	size_t len;
};

void *t_rec_add(struct t_rbuf *b, uint32_t epid, uint32_t datasize,
		uint64_t ts);
void t_epid_set(dtrace_hdl_t *dtp, uint32_t epid, uint32_t probe,
		uint64_t cookie, const char *prov, const char *func,
		const char *name);

#endif /* _HELPERS_H */
