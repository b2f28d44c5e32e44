// SPDX-License-Identifier: GPL-2.0
/*
 * The table of D's built-in identifiers and its lookup.  Variable types
 * and subroutine prototypes are the ones DTrace documents (pid is pid_t,
 * timestamp uint64_t, strlen() returns size_t, ...).
 */
#include <string.h>
#include <linux/dtrace.h>
#include "dt_impl.h"
#include "dt_ident.h"
#include "dt_type.h"

#define VAR(n, v, t)	{ .name = n, .kind = DT_IDENT_VAR, .var = v, .type = t }
#define ARR(n, v, t)	{ .name = n, .kind = DT_IDENT_ARRAY, .var = v, .type = t }
#define ACT(n, a)	{ .name = n, .kind = DT_IDENT_ACTION, .action = a }
#define DACT(n, a)	{ .name = n, .kind = DT_IDENT_ACTION, .action = a, \
			  .destructive = true }
/* The D type of a result kind of DTRACE_DIF_SUBR_LIST; 'v' is void. */
#define DT_SUBR_TYPE(r) \
	((r) == 'i' ? &dt_type_int : (r) == 'z' ? &dt_type_size : \
	 (r) == 'l' ? &dt_type_int64 : (r) == 'h' ? &dt_type_ushort : \
	 (r) == 'u' ? &dt_type_uint : (r) == 'U' ? &dt_type_uint64 : \
	 (r) == 's' ? &dt_type_string : (r) == 'p' ? &dt_type_voidptr : NULL)
#define DT_SUBR(s, n, nmin, nmax, a, r, d) \
	{ .name = n, .kind = DT_IDENT_SUBR, .subr = DTRACE_DIF_SUBR_##s, \
	  .type = DT_SUBR_TYPE(r), .args = a, .minargs = nmin, \
	  .destructive = d },
#define AGGF(n, f)	{ .name = n, .kind = DT_IDENT_AGGFUNC, \
			  .aggfunc = DTRACE_AGG_##f }
#define SYMFN(n, f, u)	{ .name = n, .kind = DT_IDENT_SYMFN, \
			  .symfmt = DT_SYM_##f, .user = u }
#define STRCONST(n, v) { .name = n, .kind = DT_IDENT_STRCONST, .str = v }
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
	VAR("vtimestamp", DTRACE_DIF_VAR_VTIMESTAMP, &dt_type_uint64),
	VAR("walltimestamp", DTRACE_DIF_VAR_WALLTIMESTAMP, &dt_type_uint64),
	VAR("id", DTRACE_DIF_VAR_ID, &dt_type_uint_t),
	VAR("epid", DTRACE_DIF_VAR_EPID, &dt_type_uint_t),
	VAR("probeprov", DTRACE_DIF_VAR_PROBEPROV, &dt_type_string),
	VAR("probemod", DTRACE_DIF_VAR_PROBEMOD, &dt_type_string),
	VAR("probefunc", DTRACE_DIF_VAR_PROBEFUNC, &dt_type_string),
	VAR("probename", DTRACE_DIF_VAR_PROBENAME, &dt_type_string),
	/* dt_check.c retypes curthread from BTF when it can. */
	VAR("curthread", DTRACE_DIF_VAR_CURTHREAD, &dt_type_voidptr),
	VAR("errno", DTRACE_DIF_VAR_ERRNO, &dt_type_int),
	VAR("stackdepth", DTRACE_DIF_VAR_STACKDEPTH, &dt_type_uint_t),
	VAR("ustackdepth", DTRACE_DIF_VAR_USTACKDEPTH, &dt_type_uint_t),
	VAR("caller", DTRACE_DIF_VAR_CALLER, &dt_type_uintptr),
	VAR("ucaller", DTRACE_DIF_VAR_UCALLER, &dt_type_uintptr),
	VAR("ipl", DTRACE_DIF_VAR_IPL, &dt_type_uint_t),
	ARR("args", DTRACE_DIF_VAR_ARGS, &dt_type_int64),
	ARR("uregs", DTRACE_DIF_VAR_UREGS, &dt_type_uint64),

	ACT("trace", DT_ACT_TRACE),
	ACT("printf", DT_ACT_PRINTF),
	ACT("exit", DT_ACT_EXIT),
	ACT("tracemem", DT_ACT_TRACEMEM),
	ACT("print", DT_ACT_PRINT),
	ACT("stack", DT_ACT_STACK),
	ACT("ustack", DT_ACT_USTACK),
	ACT("jstack", DT_ACT_USTACK),
	DACT("raise", DT_ACT_RAISE),
	DACT("stop", DT_ACT_STOP),
	DACT("chill", DT_ACT_CHILL),
	DACT("system", DT_ACT_SYSTEM),
	DACT("panic", DT_ACT_PANIC),
	DACT("breakpoint", DT_ACT_BREAKPOINT),
	ACT("printa", DT_ACT_PRINTA),
	ACT("clear", DT_ACT_CLEAR),
	ACT("trunc", DT_ACT_TRUNC),
	ACT("normalize", DT_ACT_NORMALIZE),
	ACT("denormalize", DT_ACT_DENORMALIZE),
	ACT("setopt", DT_ACT_SETOPT),
	ACT("speculate", DT_ACT_SPECULATE),
	ACT("commit", DT_ACT_COMMIT),
	ACT("discard", DT_ACT_DISCARD),

	AGGF("count", COUNT),
	AGGF("sum", SUM),
	AGGF("avg", AVG),
	AGGF("min", MIN),
	AGGF("max", MAX),
	AGGF("stddev", STDDEV),
	AGGF("quantize", QUANTIZE),
	AGGF("lquantize", LQUANTIZE),
	AGGF("llquantize", LLQUANTIZE),

	SYMFN("sym", SYM, false),
	SYMFN("func", FUNC, false),
	SYMFN("mod", MOD, false),
	SYMFN("usym", SYM, true),
	SYMFN("ufunc", FUNC, true),
	SYMFN("umod", MOD, true),
	SYMFN("uaddr", ADDR, true),

	/* the ABI header's one list (_psargs: psinfo_t's pr_psargs) */
	DTRACE_DIF_SUBR_LIST(DT_SUBR)

	/* Linux has no zones: everything runs in the global one. */
	STRCONST("zonename", "global"),

	ACT("freopen", DT_ACT_FREOPEN),
	ACT("ftruncate", DT_ACT_FTRUNCATE),
	ACT("pcap", DT_ACT_PCAP),
};

/*
 * The names that came after D 1.0, with the version they came in, as
 * DTrace documents them; every other name is as old as D.
 */
static const struct {
	const char *name;
	uint32_t version;
} dt_ident_versions[] = {
	{ "freopen", DT_VERSION(1, 1, 0) },
	{ "index", DT_VERSION(1, 1, 0) },
	{ "rindex", DT_VERSION(1, 1, 0) },
	{ "strchr", DT_VERSION(1, 1, 0) },
	{ "strrchr", DT_VERSION(1, 1, 0) },
	{ "strstr", DT_VERSION(1, 1, 0) },
	{ "strtok", DT_VERSION(1, 1, 0) },
	{ "substr", DT_VERSION(1, 1, 0) },
	{ "inet_ntoa", DT_VERSION(1, 5, 0) },
	{ "inet_ntoa6", DT_VERSION(1, 5, 0) },
	{ "inet_ntop", DT_VERSION(1, 5, 0) },
};

static bool dt_ident_too_new(const struct dtrace_hdl *dtp, const char *name)
{
	size_t i;

	for (i = 0; dtp && i < sizeof(dt_ident_versions) /
				   sizeof(dt_ident_versions[0]); i++)
		if (!strcmp(dt_ident_versions[i].name, name))
			return dt_ident_versions[i].version > dtp->opt.version;
	return false;
}

const struct dt_ident *dt_ident_lookup(struct dtrace_hdl *dtp,
				       const char *name)
{
	size_t i;

	for (i = 0; i < sizeof(dt_idents) / sizeof(dt_idents[0]); i++)
		if (!strcmp(dt_idents[i].name, name))
			return dt_ident_too_new(dtp, name) ? NULL : &dt_idents[i];
	return NULL;
}
