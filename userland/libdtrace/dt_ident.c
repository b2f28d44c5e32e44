// SPDX-License-Identifier: GPL-2.0
/*
 * The table of D's built-in identifiers and its lookup.  Variable types
 * are the ones DTrace documents (pid is pid_t, timestamp uint64_t, ...).
 */
#include <string.h>
#include <linux/dtrace.h>
#include "dt_ident.h"
#include "dt_type.h"

#define VAR(n, v, t)	{ .name = n, .kind = DT_IDENT_VAR, .var = v, .type = t }
#define ACT(n, a)	{ .name = n, .kind = DT_IDENT_ACTION, .action = a }
#define LATER(n)	{ .name = n, .kind = DT_IDENT_LATER }

static const struct dt_ident dt_idents[] = {
	VAR("arg0", DTRACE_DIF_VAR_ARG0 + 0, &dt_type_int64),
	VAR("arg1", DTRACE_DIF_VAR_ARG0 + 1, &dt_type_int64),
	VAR("arg2", DTRACE_DIF_VAR_ARG0 + 2, &dt_type_int64),
	VAR("arg3", DTRACE_DIF_VAR_ARG0 + 3, &dt_type_int64),
	VAR("arg4", DTRACE_DIF_VAR_ARG0 + 4, &dt_type_int64),
	VAR("arg5", DTRACE_DIF_VAR_ARG0 + 5, &dt_type_int64),
	VAR("arg6", DTRACE_DIF_VAR_ARG0 + 6, &dt_type_int64),
	VAR("arg7", DTRACE_DIF_VAR_ARG0 + 7, &dt_type_int64),
	VAR("arg8", DTRACE_DIF_VAR_ARG0 + 8, &dt_type_int64),
	VAR("arg9", DTRACE_DIF_VAR_ARG0 + 9, &dt_type_int64),
	VAR("pid", DTRACE_DIF_VAR_PID, &dt_type_pid),
	VAR("tid", DTRACE_DIF_VAR_TID, &dt_type_id),
	VAR("ppid", DTRACE_DIF_VAR_PPID, &dt_type_pid),
	VAR("uid", DTRACE_DIF_VAR_UID, &dt_type_uid),
	VAR("gid", DTRACE_DIF_VAR_GID, &dt_type_gid),
	VAR("execname", DTRACE_DIF_VAR_EXECNAME, &dt_type_string),
	VAR("cpu", DTRACE_DIF_VAR_CPU, &dt_type_processorid),
	VAR("timestamp", DTRACE_DIF_VAR_TIMESTAMP, &dt_type_uint64),
	VAR("walltimestamp", DTRACE_DIF_VAR_WALLTIMESTAMP, &dt_type_uint64),
	VAR("id", DTRACE_DIF_VAR_ID, &dt_type_uint_t),
	VAR("epid", DTRACE_DIF_VAR_EPID, &dt_type_uint_t),
	VAR("probeprov", DTRACE_DIF_VAR_PROBEPROV, &dt_type_string),
	VAR("probemod", DTRACE_DIF_VAR_PROBEMOD, &dt_type_string),
	VAR("probefunc", DTRACE_DIF_VAR_PROBEFUNC, &dt_type_string),
	VAR("probename", DTRACE_DIF_VAR_PROBENAME, &dt_type_string),

	ACT("trace", DT_ACT_TRACE),
	ACT("printf", DT_ACT_PRINTF),
	ACT("exit", DT_ACT_EXIT),

	LATER("args"), LATER("curthread"), LATER("errno"), LATER("caller"),
	LATER("ucaller"), LATER("stackdepth"), LATER("ustackdepth"),
	LATER("vtimestamp"), LATER("curpsinfo"), LATER("curlwpsinfo"),
	LATER("uregs"), LATER("zonename"), LATER("ipl"),
	LATER("printa"), LATER("tracemem"), LATER("stack"), LATER("ustack"),
	LATER("jstack"), LATER("copyin"), LATER("copyinstr"),
	LATER("copyinto"), LATER("copyout"), LATER("copyoutstr"),
	LATER("strlen"), LATER("strjoin"), LATER("substr"), LATER("index"),
	LATER("rindex"), LATER("strchr"), LATER("strrchr"), LATER("strstr"),
	LATER("strtok"), LATER("basename"), LATER("dirname"),
	LATER("lltostr"), LATER("inet_ntoa"), LATER("inet_ntop"),
	LATER("speculation"), LATER("speculate"), LATER("commit"),
	LATER("discard"), LATER("raise"), LATER("stop"), LATER("system"),
	LATER("breakpoint"), LATER("panic"), LATER("chill"), LATER("rand"),
	LATER("alloca"), LATER("bcopy"), LATER("progenyof"),
	LATER("count"), LATER("sum"), LATER("avg"), LATER("min"),
	LATER("max"), LATER("stddev"), LATER("quantize"), LATER("lquantize"),
	LATER("llquantize"), LATER("clear"), LATER("trunc"),
	LATER("normalize"), LATER("denormalize"), LATER("setopt"),
	LATER("func"), LATER("sym"), LATER("mod"), LATER("ufunc"),
	LATER("usym"), LATER("umod"), LATER("uaddr"), LATER("ntohs"),
	LATER("ntohl"), LATER("ntohll"), LATER("htons"), LATER("htonl"),
	LATER("htonll"), LATER("freopen"), LATER("ftruncate"),
};

const struct dt_ident *dt_ident_lookup(const char *name)
{
	size_t i;

	for (i = 0; i < sizeof(dt_idents) / sizeof(dt_idents[0]); i++)
		if (!strcmp(dt_idents[i].name, name))
			return &dt_idents[i];
	return NULL;
}
