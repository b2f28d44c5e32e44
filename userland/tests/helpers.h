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

#endif /* _HELPERS_H */
