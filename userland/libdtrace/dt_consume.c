// SPDX-License-Identifier: GPL-2.0
/*
 * Buffer processing: DTRACEIOC_BUFSNAP of every CPU, the walk over its
 * records (struct dtrace_rechdr + data, 8-byte aligned), the EPID cache
 * (DTRACEIOC_EPDESC, then the probe's names), and the output of each
 * record as its clause's statements say: the CPU/ID/FUNCTION:NAME
 * columns unless quiet, trace(), printf(), stack(), ustack(),
 * tracemem(), print(), system() and exit().  Records of the internal
 * ERROR clause become error messages instead; drops of every kind are
 * reported.  The layouts of stacks, bytes and print() are dt_print.c's.
 */
#include <errno.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "dt_agg.h"
#include "dt_consume.h"
#include "dt_print.h"
#include "dt_printf.h"
#include "dt_type.h"

/* The EPID's description, asked of the kernel the first time. */
struct dt_epid *dt_epid_get(dtrace_hdl_t *dtp, uint32_t epid)
{
	struct dtrace_ioc_epdesc ep = { .size = sizeof(ep), .epid = epid };
	struct dt_epid *e;

	if (epid >= dtp->nepids) {
		unsigned int n = epid + 64;
		struct dt_epid *p = realloc(dtp->epids, n * sizeof(*p));

		if (!p) {
			dt_set_errno(dtp, EDT_NOMEM);
			return NULL;
		}
		memset(p + dtp->nepids, 0, (n - dtp->nepids) * sizeof(*p));
		dtp->epids = p;
		dtp->nepids = n;
	}
	e = &dtp->epids[epid];
	if (e->valid)
		return e;
	if (dt_ioctl(dtp, DTRACEIOC_EPDESC, &ep)) {
		dt_set_errno(dtp, errno == ENOENT ? EDT_BADEPID : errno);
		return NULL;
	}
	e->probe = ep.probe;
	e->cookie = ep.cookie;
	e->datasize = ep.datasize;
	dt_probe_lookup(dtp, ep.probe, &e->desc);	/* names, if any */
	e->valid = true;
	return e;
}

/* An integer value of a record (or key), extended as its type says. */
uint64_t dt_rec_int(const struct dt_recdesc *rec, const char *data)
{
	const char *p = data + rec->offset;
	uint8_t u8;
	uint16_t u16;
	uint32_t u32;
	uint64_t u64;

	switch (rec->size) {
	case 1:
		memcpy(&u8, p, 1);
		return rec->is_signed ? (uint64_t)(int8_t)u8 : u8;
	case 2:
		memcpy(&u16, p, 2);
		return rec->is_signed ? (uint64_t)(int16_t)u16 : u16;
	case 4:
		memcpy(&u32, p, 4);
		return rec->is_signed ? (uint64_t)(int32_t)u32 : u32;
	default:
		memcpy(&u64, p, 8);
		return u64;
	}
}

static const char *dt_fault_text(uint64_t fault, uint64_t addr, char *buf,
				 size_t len)
{
	switch (fault) {
	case DTRACEFLT_BADADDR:
		snprintf(buf, len, "invalid address (0x%llx)",
			 (unsigned long long)addr);
		break;
	case DTRACEFLT_BADALIGN:
		snprintf(buf, len, "invalid alignment (0x%llx)",
			 (unsigned long long)addr);
		break;
	case DTRACEFLT_ILLOP:
		snprintf(buf, len, "illegal operation");
		break;
	case DTRACEFLT_DIVZERO:
		snprintf(buf, len, "divide-by-zero");
		break;
	case DTRACEFLT_NOSCRATCH:
		snprintf(buf, len, "out of scratch space");
		break;
	case DTRACEFLT_KPRIV:
		snprintf(buf, len, "invalid kernel access (0x%llx)",
			 (unsigned long long)addr);
		break;
	case DTRACEFLT_UPRIV:
		snprintf(buf, len, "invalid user access (0x%llx)",
			 (unsigned long long)addr);
		break;
	case DTRACEFLT_TUPOFLOW:
		snprintf(buf, len, "tuple stack overflow");
		break;
	case DTRACEFLT_BADSTACK:
		snprintf(buf, len, "bad stack");
		break;
	case DTRACEFLT_BADSIZE:
		snprintf(buf, len, "invalid size (0x%llx)",
			 (unsigned long long)addr);
		break;
	default:
		snprintf(buf, len, "unknown fault (%llu)",
			 (unsigned long long)fault);
		break;
	}
	return buf;
}

/*
 * Where in @cl a fault at instruction @off of action @action (0: the
 * predicate) lies: the place of the instruction, counted from 1, in the
 * clause's DIF taken as one sequence, the predicate's first, then each
 * action's (DTrace's BPF pc is never 0: its program has a prologue).
 * *@insn is the faulting instruction, or NULL for a fault of an action
 * that runs no DIF of its own.
 */
static uint64_t dt_fault_pc(const struct dt_clause *cl, int action,
			    uint64_t off, const struct dtrace_dif_insn **insn)
{
	const struct dt_difo *dp = action ? NULL : cl->pred;
	uint64_t pc = 0;
	int i;

	if (action > 0 && cl->pred)
		pc = cl->pred->k.ninsns;
	for (i = 0; i < action - 1 && i < (int)cl->nacts; i++)
		if (cl->progs[i])
			pc += cl->progs[i]->k.ninsns;
	if (action > 0 && action <= (int)cl->nacts)
		dp = cl->progs[action - 1];
	*insn = dp && off < dp->k.ninsns ? &dp->insns[off] : NULL;
	return pc + off + 1;
}

/*
 * Whether DTrace reports a fault of @insn in its older layout, naming
 * the enabled probe and the action: d_path()'s, which is not its clause
 * code's own.
 */
static bool dt_fault_in_action(const struct dtrace_dif_insn *insn)
{
	return insn && insn->op == DTRACE_DIF_OP_CALL &&
	       insn->imm == DTRACE_DIF_SUBR_D_PATH;
}

/* Whether the probe @pd is one that the clause's description @d names. */
static bool dt_desc_names(const struct dtrace_probedesc *d,
			  const struct dtrace_probedesc *pd)
{
	return (!d->provider[0] || !fnmatch(d->provider, pd->provider, 0)) &&
	       (!d->mod[0] || !fnmatch(d->mod, pd->mod, 0)) &&
	       (!d->func[0] || !fnmatch(d->func, pd->func, 0)) &&
	       (!d->name[0] || !fnmatch(d->name, pd->name, 0));
}

/*
 * DTrace's number of the clause @cl as it fired for @pd: a clause with
 * several probe descriptions counts as one clause for each, numbered
 * in the program's order.
 */
static unsigned int dt_clause_num(const struct dt_clause *cl,
				  const struct dtrace_probedesc *pd)
{
	unsigned int i;

	for (i = 0; i < cl->ndescs; i++)
		if (dt_desc_names(&cl->descs[i], pd))
			return cl->index + i;
	return cl->index;
}

/*
 * A record of the internal ERROR clause: arg0 (EPID) and arg2..arg5 of
 * the fault, reported in Linux DTrace's layout (dt_clause_N, the index
 * of the clause in its program; "BPF pc", the fault's index in the
 * clause's DIF) so that what parses DTrace's messages parses ours.
 */
static int dt_consume_error(dtrace_hdl_t *dtp, const struct dt_clause *cl,
			    const char *data)
{
	static const struct dtrace_probedesc none;
	dtrace_errdata_t ed = { 0 };
	const struct dtrace_dif_insn *insn = NULL;
	const struct dt_clause *fcl = NULL;
	const struct dt_epid *e;
	char fault[64], where[32], msg[512];
	uint64_t pc;

	ed.epid = (uint32_t)dt_rec_int(&cl->recs[0], data);
	ed.action = (int)dt_rec_int(&cl->recs[1], data);
	ed.offset = dt_rec_int(&cl->recs[2], data);
	ed.fault = dt_rec_int(&cl->recs[3], data);
	ed.addr = dt_rec_int(&cl->recs[4], data);
	e = dt_epid_get(dtp, ed.epid);
	ed.desc = e ? &e->desc : &none;
	ed.probe = e ? e->probe : 0;
	if (e && e->cookie < dtp->nclauses)
		fcl = dtp->clauses[e->cookie];
	pc = fcl ? dt_fault_pc(fcl, ed.action, ed.offset, &insn) :
		   ed.offset + 1;
	dt_fault_text(ed.fault, ed.addr, fault, sizeof(fault));

	if (dt_fault_in_action(insn)) {
		if (ed.action == 0)
			snprintf(where, sizeof(where), "predicate");
		else
			snprintf(where, sizeof(where), "action #%d",
				 ed.action);
		snprintf(msg, sizeof(msg),
			 "error on enabled probe ID %u (ID %u: %s:%s:%s:%s): %s in %s at BPF pc %llu",
			 ed.epid, ed.probe, ed.desc->provider, ed.desc->mod,
			 ed.desc->func, ed.desc->name, fault, where,
			 (unsigned long long)pc);
	} else {
		snprintf(msg, sizeof(msg),
			 "error in dt_clause_%u for probe ID %u (%s:%s:%s:%s): %s at BPF pc %llu",
			 fcl ? dt_clause_num(fcl, ed.desc) : 0, ed.probe, ed.desc->provider,
			 ed.desc->mod, ed.desc->func, ed.desc->name, fault,
			 (unsigned long long)pc);
	}
	ed.msg = msg;
	if (dtp->err_handler)
		return dtp->err_handler(&ed, dtp->err_arg);
	fprintf(stderr, "dtrace: %s\n", msg);
	return 0;
}

static int dt_print_trace(dtrace_hdl_t *dtp, const struct dt_recdesc *rec,
			  const char *data, struct dt_strbuf *sb)
{
	const unsigned char *p = (const unsigned char *)data + rec->offset;
	const char *str = (const char *)p;
	bool q = dtp->opt.quiet;
	int64_t v;

	char sym[1024];

	if (rec->kind == DT_REC_STRING && !dtp->opt.rawbytes)
		return dt_strbuf_printf(sb, q ? "%.*s" : "  %-33.*s",
					(int)strnlen(str, rec->size), str);
	if (rec->kind == DT_REC_KSYM || rec->kind == DT_REC_USYM) {
		/* As DTrace prints them, quiet or not: as wide as a key. */
		dt_agg_symtext(dtp, rec, str, sym, sizeof(sym));
		return dt_strbuf_printf(sb, "  %-50s", sym);
	}
	if (rec->kind != DT_REC_INT)
		return dt_print_bytes(p, rec->size, q, dtp->opt.rawbytes, sb);
	v = (int64_t)dt_rec_int(rec, data);
	/* As wide as DTrace prints the size; signed as the type is. */
	switch (rec->size) {
	case 1:
		return dt_strbuf_printf(sb, q ? "%d" : " %3d", rec->is_signed ?
					(int)(int8_t)v : (int)(uint8_t)v);
	case 2:
		return dt_strbuf_printf(sb, q ? "%d" : " %5d", rec->is_signed ?
					(int)(int16_t)v : (int)(uint16_t)v);
	case 4:
		if (!rec->is_signed)
			return dt_strbuf_printf(sb, q ? "%u" : " %10u",
						(unsigned int)v);
		return dt_strbuf_printf(sb, q ? "%d" : " %10d", (int)v);
	default:
		if (!rec->is_signed)
			return dt_strbuf_printf(sb, q ? "%llu" : " %19llu",
						(unsigned long long)v);
		return dt_strbuf_printf(sb, q ? "%lld" : " %19lld",
					(long long)v);
	}
}

/*
 * One recorded value (or aggregation key) as the printf engine takes
 * it; *@str is what to free() afterwards.
 */
void dt_consume_pfarg(dtrace_hdl_t *dtp, const struct dt_recdesc *rec,
		      const char *data, struct dt_pfarg *a, char **str)
{
	const char *p = data + rec->offset;
	const struct dt_type *t = rec->type ? dt_type_base(rec->type) : NULL;
	char sym[1024];
	uint64_t pid;

	memset(a, 0, sizeof(*a));
	*str = NULL;
	a->size = rec->size;
	a->is_signed = rec->is_signed;
	switch (rec->kind) {
	case DT_REC_STRING:
	case DT_REC_BYREF:
		/* the slot is NUL-padded, but trust nothing */
		*str = strndup(p, rec->size);
		a->is_string = true;
		a->sval = *str ? *str : "";
		break;
	case DT_REC_STACK:
		a->pcs = p;
		a->npcs = rec->size / 8;
		break;
	case DT_REC_USTACK:
		a->pcs = p + 8;
		a->npcs = rec->size / 8 - 1;
		memcpy(&pid, p, 8);
		a->pid = pid > 0 && pid <= INT_MAX ? (int)pid : 0;
		break;
	case DT_REC_KSYM:
	case DT_REC_USYM:
		/* %s prints the symbol's text, %a/%A/%p its address */
		dt_agg_symtext(dtp, rec, p, sym, sizeof(sym));
		*str = strdup(sym);
		a->sval = *str ? *str : "";
		a->size = 8;
		memcpy(&a->ival, p + (rec->kind == DT_REC_USYM ? 8 : 0), 8);
		break;
	default:
		if (t && t->kind == DT_TK_FLOAT) {
			float f;
			double d;

			a->is_float = true;
			if (rec->size == 4) {
				memcpy(&f, p, 4);
				a->fval = f;
			} else if (rec->size == 8) {
				memcpy(&d, p, 8);
				a->fval = d;
			} else if (rec->size == sizeof(long double)) {
				memcpy(&a->fval, p, sizeof(a->fval));
			}
			break;
		}
		a->ival = dt_rec_int(rec, data);
		break;
	}
}

/* printf() and system(): the text of the format applied to the values. */
int dt_consume_printf(dtrace_hdl_t *dtp, const struct dt_clause *cl,
			   const struct dt_stmt *st, const char *data,
			   struct dt_strbuf *sb)
{
	struct dt_pfarg args[DTRACE_ACTIONS_MAX];
	char *strs[DTRACE_ACTIONS_MAX];
	unsigned int i;
	int ret;

	for (i = 0; i < st->nrecs; i++)
		dt_consume_pfarg(dtp, &cl->recs[st->first + i], data, &args[i],
			     &strs[i]);
	ret = dt_printf_print(dtp, st->fmt, args, st->nrecs, sb);
	for (i = 0; i < st->nrecs; i++)
		free(strs[i]);
	return ret;
}

/* Write out and empty @sb. */
static int dt_flush(dtrace_hdl_t *dtp, FILE *fp, struct dt_strbuf *sb)
{
	if (sb->len && fwrite(sb->s, 1, sb->len, fp) != sb->len)
		return dt_set_errno(dtp, errno);
	sb->len = 0;
	if (fflush(fp))
		return dt_set_errno(dtp, errno);
	return 0;
}

/*
 * system(): the output so far goes out first, then "/bin/sh -c TEXT"
 * runs with its standard output on @fp's file (if it has one), and is
 * waited for, so its output lands in order.
 */
static int dt_print_system(dtrace_hdl_t *dtp, FILE *fp,
			   const struct dt_clause *cl,
			   const struct dt_stmt *st, const char *data,
			   struct dt_strbuf *sb)
{
	struct dt_strbuf cmd = { 0 };
	int status, fd = fileno(fp);
	pid_t pid;

	if (dt_consume_printf(dtp, cl, st, data, &cmd)) {
		dt_strbuf_free(&cmd);
		return dt_set_errno(dtp, EDT_NOMEM);
	}
	if (dt_flush(dtp, fp, sb)) {
		dt_strbuf_free(&cmd);
		return -1;
	}
	pid = fork();
	if (pid == 0) {
		if (fd >= 0 && fd != STDOUT_FILENO)
			dup2(fd, STDOUT_FILENO);
		execl("/bin/sh", "sh", "-c", cmd.s ? cmd.s : "", (char *)NULL);
		_exit(127);
	}
	dt_strbuf_free(&cmd);
	if (pid < 0)
		return dt_set_errno(dtp, errno);
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	return 0;
}

/*
 * freopen(path): what was printed so far goes out, then the output's
 * file descriptor is pointed at @path (appended to, created 0644), so
 * everything after, the last newline and the aggregations included,
 * lands there; freopen("") points it back at the first file.
 * ftruncate(): the output file is emptied.  An error is reported and
 * tracing goes on.
 */
static int dt_consume_freopen(dtrace_hdl_t *dtp, FILE *fp,
			      const struct dt_clause *cl,
			      const struct dt_stmt *st, const char *data,
			      struct dt_strbuf *sb)
{
	struct dt_strbuf path = { 0 };
	int fd = fileno(fp), nfd;

	if (dt_flush(dtp, fp, sb))
		return -1;
	if (st->kind == DT_STMT_FTRUNCATE) {
		if (fd >= 0 && ftruncate(fd, 0))
			fprintf(stderr, "dtrace: failed to truncate output: %s\n",
				strerror(errno));
		return 0;
	}
	if (dt_consume_printf(dtp, cl, st, data, &path)) {
		dt_strbuf_free(&path);
		return dt_set_errno(dtp, EDT_NOMEM);
	}
	if (fd < 0)
		goto out;
	if (!path.s || !*path.s) {
		if (dtp->out_saved >= 0)
			dup2(dtp->out_saved, fd);
		goto out;
	}
	if (dtp->out_saved < 0)
		dtp->out_saved = dup(fd);
	nfd = open(path.s, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
	if (nfd < 0 || dup2(nfd, fd) < 0)
		fprintf(stderr, "dtrace: couldn't freopen() \"%s\": %s\n",
			path.s, strerror(errno));
	if (nfd >= 0)
		close(nfd);
out:
	dt_strbuf_free(&path);
	return 0;
}

/*
 * setopt(): the value a constant or the statement's string record; a
 * failure is reported as DTrace does, and tracing goes on.
 */
static int dt_consume_setopt(dtrace_hdl_t *dtp, const struct dt_clause *cl,
			     const struct dt_stmt *st, const char *data)
{
	const struct dt_recdesc *rec = &cl->recs[st->first];
	dtrace_errdata_t ed = { 0 };
	const char *val = st->optval;
	char msg[512], *rval = NULL;

	if (!val && st->nrecs) {
		rval = strndup(data + rec->offset, rec->size);
		if (!rval)
			return dt_set_errno(dtp, EDT_NOMEM);
		val = rval;
	}
	if (!dtrace_setopt(dtp, st->optname, val)) {
		free(rval);
		return 0;
	}
	if (val)
		snprintf(msg, sizeof(msg), "couldn't set option \"%s\" to \"%s\": %s",
			 st->optname, val,
			 dtrace_errmsg(dtp, dtrace_errno(dtp)));
	else
		snprintf(msg, sizeof(msg), "couldn't set option \"%s\": %s",
			 st->optname, dtrace_errmsg(dtp, dtrace_errno(dtp)));
	free(rval);
	ed.msg = msg;
	if (dtp->err_handler)
		return dtp->err_handler(&ed, dtp->err_arg);
	fprintf(stderr, "dtrace: %s\n", msg);
	return 0;
}

/*
 * The statements on aggregations: printa() prints into @sb; clear(),
 * trunc(), normalize() and denormalize() change the consumer's merged
 * data, which holds everything up to the snapshot just taken.
 */
static int dt_consume_aggstmt(dtrace_hdl_t *dtp, const struct dt_clause *cl,
			      const struct dt_stmt *st, const char *data,
			      struct dt_strbuf *sb)
{
	const struct dt_recdesc *rec = &cl->recs[st->first];
	int64_t n = st->nrecs ? (int64_t)dt_rec_int(rec, data) : 0;
	unsigned int i;

	if (st->kind == DT_STMT_PRINTA)
		return dt_printa(dtp, st, sb);
	if (st->kind == DT_STMT_SETOPT)
		return dt_consume_setopt(dtp, cl, st, data);
	for (i = 0; i < st->naggs; i++) {
		struct dt_agg *agg = dt_agg_get(dtp, st->aggs[i]);

		if (!agg)
			return dt_set_errno(dtp, EDT_CORRUPT);
		switch (st->kind) {
		case DT_STMT_CLEAR:
			dt_agg_clear(agg);
			break;
		case DT_STMT_TRUNC:
			if (dt_agg_trunc(dtp, agg, st->nrecs == 0, n))
				return -1;
			break;
		case DT_STMT_NORMALIZE:
			dt_agg_normalize(agg, (uint64_t)n);
			break;
		case DT_STMT_DENORMALIZE:
			dt_agg_normalize(agg, 1);
			break;
		case DT_STMT_TRACE:
		case DT_STMT_PRINTF:
		case DT_STMT_EXIT:
		case DT_STMT_STACK:
		case DT_STMT_USTACK:
		case DT_STMT_TRACEMEM:
		case DT_STMT_PCAP:
		case DT_STMT_PRINT:
		case DT_STMT_SYSTEM:
		case DT_STMT_FREOPEN:
		case DT_STMT_FTRUNCATE:
		case DT_STMT_SILENT:
		case DT_STMT_PRINTA:
		case DT_STMT_SETOPT:
			return dt_set_errno(dtp, EDT_INTERNAL);
		}
	}
	return 0;
}

/*
 * tracemem(addr, n[, len]): the first len of the n bytes, all of them
 * when len is negative or above n; nothing at all for 0.
 */
static int dt_consume_tracemem(dtrace_hdl_t *dtp, const struct dt_stmt *st,
			       const struct dt_recdesc *rec, const char *data,
			       struct dt_strbuf *sb)
{
	uint32_t size = rec->size;
	int64_t len;

	if (st->nrecs == 2) {
		len = (int64_t)dt_rec_int(&rec[1], data);
		if (len >= 0 && (uint64_t)len < size)
			size = (uint32_t)len;
		if (!size)
			return 0;
	}
	return dt_print_bytes((const unsigned char *)data + rec->offset, size,
			      dtp->opt.quiet, true, sb);
}

/* The statements of a clause that print, into @sb. */
static int dt_print_stmt(dtrace_hdl_t *dtp, FILE *fp,
			 const struct dt_clause *cl, const struct dt_stmt *st,
			 const char *data, uint64_t ts, struct dt_strbuf *sb)
{
	const struct dt_recdesc *rec = &cl->recs[st->first];
	const unsigned char *p = (const unsigned char *)data;
	uint64_t pid;

	switch (st->kind) {
	case DT_STMT_TRACE:
		return dt_print_trace(dtp, rec, data, sb);
	case DT_STMT_PRINTF:
		return dt_consume_printf(dtp, cl, st, data, sb);
	case DT_STMT_EXIT:
		/* the kernel records one exit(), then END's: the last wins */
		dtp->exit_set = true;
		dtp->exit_status = (int)(int32_t)dt_rec_int(rec, data);
		return 0;
	case DT_STMT_STACK:
		return dt_print_stack(dtp, p + rec->offset, rec->size / 8, -1,
				      sb);
	case DT_STMT_USTACK:
		memcpy(&pid, p + rec->offset, 8);
		return dt_print_stack(dtp, p + rec->offset + 8,
				      rec->size / 8 - 1, (int)pid, sb);
	case DT_STMT_TRACEMEM:
		return dt_consume_tracemem(dtp, st, rec, data, sb);
	case DT_STMT_PCAP:
		return dt_pcap_rec(dtp, rec, data, ts, sb);
	case DT_STMT_PRINT:
		if (st->nrecs == 2)	/* a pointer, then its object */
			return dt_print_pointee(dt_rec_int(rec, data),
						rec[1].type,
						p + rec[1].offset,
						rec[1].size, sb);
		if (!rec->type)
			return dt_print_bytes(p + rec->offset, rec->size,
					      dtp->opt.quiet, true, sb);
		return dt_print_value(rec->type, p + rec->offset, rec->size,
				      sb);
	case DT_STMT_SYSTEM:
		return dt_print_system(dtp, fp, cl, st, data, sb);
	case DT_STMT_FREOPEN:
	case DT_STMT_FTRUNCATE:
		return dt_consume_freopen(dtp, fp, cl, st, data, sb);
	case DT_STMT_SILENT:
		return 0;
	case DT_STMT_PRINTA:
	case DT_STMT_CLEAR:
	case DT_STMT_TRUNC:
	case DT_STMT_NORMALIZE:
	case DT_STMT_DENORMALIZE:
	case DT_STMT_SETOPT:
		return dt_consume_aggstmt(dtp, cl, st, data, sb);
	}
	return dt_set_errno(dtp, EDT_INTERNAL);	/* no kind of statement */
}

/* Is probe name @name @kind ("entry"), or does it end in "-" @kind? */
static bool dt_flow_is(const char *name, const char *kind)
{
	size_t n = strlen(name), k = strlen(kind);

	return n >= k && !strcmp(name + n - k, kind) &&
	       (n == k || name[n - k - 1] == '-');
}

/*
 * -x flowindent: entry and return probes (also a USDT probe named
 * "foo-entry", "-return") show "-> func" and "<- func"
 * ("=> func" and "<= func" for the syscall provider's, as in DTrace),
 * one space in from two per level of calls on that CPU; other probes
 * "| func:name" at two per level.
 */
static int dt_flow_column(dtrace_hdl_t *dtp, int cpu, const struct dt_epid *e,
			  struct dt_strbuf *sb)
{
	char fn[DTRACE_FUNCNAMELEN + DTRACE_NAMELEN + 64];
	bool entry = dt_flow_is(e->desc.name, "entry");
	bool ret = dt_flow_is(e->desc.name, "return");
	bool sys = !strcmp(e->desc.provider, "syscall");
	int depth = 0;

	if (!dtp->flowdepth)
		dtp->flowdepth = calloc((size_t)dtp->ncpus, sizeof(int));
	if (dtp->flowdepth && cpu >= 0 && cpu < dtp->ncpus) {
		if (ret && dtp->flowdepth[cpu] > 0)
			dtp->flowdepth[cpu]--;
		depth = dtp->flowdepth[cpu];
		if (entry)
			dtp->flowdepth[cpu]++;
	}
	if (entry || ret)
		snprintf(fn, sizeof(fn), "%*s%s %s", 2 * depth + 1, "",
			 entry ? (sys ? "=>" : "->") : (sys ? "<=" : "<-"),
			 e->desc.func);
	else
		snprintf(fn, sizeof(fn), "%*s| %s:%s", 2 * depth, "",
			 e->desc.func, e->desc.name);
	if (dtp->testing)
		return dt_strbuf_printf(sb, "%-41s ", fn);
	return dt_strbuf_printf(sb, "%3d %-41s ", cpu, fn);
}

/*
 * The CPU, ID and FUNCTION:NAME columns (header first, once).  In
 * testing mode (_DTRACE_TESTING in the environment) the CPU and ID
 * columns are left out, so that output does not depend on which CPU ran
 * a probe or which id it got.
 */
static int dt_columns(dtrace_hdl_t *dtp, int cpu, const struct dt_epid *e,
		      struct dt_strbuf *sb)
{
	char fn[DTRACE_FUNCNAMELEN + DTRACE_NAMELEN + 1];
	int ret = 0;

	if (!dtp->header_done) {
		if (dtp->opt.flowindent)
			ret = dtp->testing ?
			      dt_strbuf_printf(sb, "%-41s\n", "FUNCTION") :
			      dt_strbuf_printf(sb, "%3s %-41s\n", "CPU",
					       "FUNCTION");
		else
			ret = dtp->testing ?
			      dt_strbuf_printf(sb, "%32s\n", "FUNCTION:NAME") :
			      dt_strbuf_printf(sb, "%3s %6s %32s\n", "CPU", "ID",
					       "FUNCTION:NAME");
	}
	dtp->header_done = true;
	if (ret)
		return ret;
	if (dtp->opt.flowindent)
		return dt_flow_column(dtp, cpu, e, sb);
	snprintf(fn, sizeof(fn), "%s:%s", e->desc.func, e->desc.name);
	if (dtp->testing)
		return dt_strbuf_printf(sb, "%32s ", fn);
	return dt_strbuf_printf(sb, "%3d %6u %32s ", cpu, e->probe, fn);
}

/* Print one record of a user clause, written at @ts. */
static int dt_consume_rec(dtrace_hdl_t *dtp, FILE *fp, int cpu,
			  const struct dt_epid *e, const struct dt_clause *cl,
			  const char *data, uint64_t ts)
{
	struct dt_strbuf sb = { 0 };
	unsigned int i;
	int ret = 0;

	if (dtp->opt.oformat == DT_OFORMAT_JSON)
		ret = dt_json_rec(dtp, cpu, e, cl, data, ts, &sb);
	else if (!dtp->opt.quiet || dtp->opt.flowindent)
		ret = dt_columns(dtp, cpu, e, &sb);	/* -F: quiet too */
	for (i = 0; i < cl->nstmts && !ret; i++) {
		const struct dt_stmt *st = &cl->stmts[i];

		/* as JSON, the record's values are out: only printa() & co. */
		if (dtp->opt.oformat == DT_OFORMAT_JSON &&
		    st->kind < DT_STMT_PRINTA && st->kind != DT_STMT_SYSTEM &&
		    st->kind != DT_STMT_FREOPEN &&
		    st->kind != DT_STMT_FTRUNCATE && st->kind != DT_STMT_EXIT &&
		    st->kind != DT_STMT_PCAP)
			continue;
		ret = dt_print_stmt(dtp, fp, cl, st, data, ts, &sb);
		if (ret && (st->kind == DT_STMT_SYSTEM ||
			    st->kind >= DT_STMT_PRINTA)) {
			dt_strbuf_free(&sb);
			return -1;	/* its error is set */
		}
	}
	if (!dtp->opt.quiet && !ret && dtp->opt.oformat != DT_OFORMAT_JSON)
		ret = dt_strbuf_append(&sb, "\n", 1);
	if (ret) {
		dt_strbuf_free(&sb);
		return dt_set_errno(dtp, EDT_NOMEM);
	}
	if (sb.len && fwrite(sb.s, 1, sb.len, fp) != sb.len)
		ret = dt_set_errno(dtp, errno);
	dt_strbuf_free(&sb);
	return ret;
}

/**
 * dt_consume_buffer() - process the records of one CPU's snapshot
 * @dtp: the handle
 * @fp: where output goes
 * @cpu: the CPU the records are from
 * @buf: the snapshot
 * @len: bytes used in it
 *
 * Return: 0, or -1 (EDT_CORRUPT for a malformed record, EDT_BADEPID,
 * or an output error).
 */
int dt_consume_buffer(dtrace_hdl_t *dtp, FILE *fp, int cpu, const char *buf,
		      size_t len)
{
	size_t off = 0;

	while (off + sizeof(struct dtrace_rechdr) <= len) {
		struct dtrace_rechdr hdr;
		const struct dt_clause *cl;
		const struct dt_epid *e;
		const char *data;

		memcpy(&hdr, buf + off, sizeof(hdr));
		if (hdr.size < sizeof(hdr) || hdr.size > len - off)
			return dt_set_errno(dtp, EDT_CORRUPT);
		e = dt_epid_get(dtp, hdr.epid);
		if (!e)
			return -1;
		if (e->cookie >= dtp->nclauses)
			return dt_set_errno(dtp, EDT_CORRUPT);
		cl = dtp->clauses[e->cookie];
		if (hdr.size - sizeof(hdr) < cl->datasize)
			return dt_set_errno(dtp, EDT_CORRUPT);
		data = buf + off + sizeof(hdr);

		if (cl->is_error) {
			if (dt_consume_error(dtp, cl, data))
				return -1;
		} else if (dt_consume_rec(dtp, fp, cpu, e, cl, data,
					  hdr.timestamp)) {
			return -1;
		}
		off += DT_ALIGN((size_t)hdr.size, 8);
	}
	return 0;
}

/**
 * dt_report_drops() - report lost data through the drop handler
 * @dtp: the handle
 * @cpu: the CPU, or -1 for counts of all CPUs
 * @n: how many
 * @tag: DTrace's name of the kind of drop (DTRACEDROP_PRINCIPAL, ...),
 *	shown first as "[TAG] " with -x droptags; NULL if it has none
 * @what: "drop", "aggregation drop", ...: an s is added unless @n is 1
 * @suffix: text after it, "" for none
 *
 * The message is "N WHATs on CPU M" or "N WHATsSUFFIX".
 * Return: what the handler returned, or 0.
 */
int dt_report_drops(dtrace_hdl_t *dtp, int cpu, uint64_t n, const char *tag,
		    const char *what, const char *suffix)
{
	dtrace_dropdata_t dd = { .cpu = cpu, .drops = n };
	char msg[192];
	int len = 0;

	if (tag && dtp->opt.droptags)
		len = snprintf(msg, sizeof(msg), "[%s] ", tag);
	len += snprintf(msg + len, sizeof(msg) - (size_t)len, "%llu %s%s%s",
			(unsigned long long)n, what, n == 1 ? "" : "s",
			suffix);
	if (cpu >= 0)
		snprintf(msg + len, sizeof(msg) - (size_t)len, " on CPU %d",
			 cpu);
	dd.msg = msg;
	if (dtp->drop_handler)
		return dtp->drop_handler(&dd, dtp->drop_arg);
	fprintf(stderr, "dtrace: %s\n", msg);
	return 0;
}

/* Losses of all CPUs of one round, reported once after the records. */
struct dt_losses {
	uint64_t dyndrops, specdrops, specbusy, specunavail;
	bool aggsnapped;	/* a CPU's records brought a snapshot */
};

/* Snapshot one CPU and process (or, temporal, keep) what it recorded. */
static int dt_consume_cpu(dtrace_hdl_t *dtp, FILE *fp, int cpu,
			  struct dt_losses *l)
{
	struct dtrace_ioc_bufsnap bs = { .size = sizeof(bs) };
	int ret;

	bs.cpu = (uint32_t)cpu;
	bs.data = (uintptr_t)dtp->snapbuf;
	bs.bufsize = dtp->snapsize;
	if (dt_ioctl(dtp, DTRACEIOC_BUFSNAP, &bs)) {
		if (errno == EINVAL)
			return 0;	/* no such CPU */
		return dt_set_errno_ioctl(dtp, errno);
	}
	if (bs.used > dtp->snapsize)
		return dt_set_errno(dtp, EDT_CORRUPT);
	/*
	 * What the records' clauses aggregated before they recorded is in
	 * the aggregation buffers by now: a printa() among them sees it.
	 */
	if (bs.used && dtrace_aggregate_snap(dtp))
		return -1;
	l->aggsnapped |= bs.used != 0;
	l->dyndrops += bs.dyndrops;
	l->specdrops += bs.specdrops;
	l->specbusy += bs.specbusy;
	l->specunavail += bs.specunavail;
	if (dtp->opt.temporal)
		ret = dt_temporal_add(dtp, cpu, dtp->snapbuf, (size_t)bs.used);
	else
		ret = dt_consume_buffer(dtp, fp, cpu, dtp->snapbuf,
					(size_t)bs.used);
	if (ret)
		return -1;
	if (bs.drops && dt_report_drops(dtp, cpu, bs.drops,
				     "DTRACEDROP_PRINCIPAL", "drop", ""))
		return -1;
	if (bs.errors &&
	    dt_report_drops(dtp, cpu, bs.errors, NULL,
			    "unreported error", ""))
		return -1;
	return 0;
}

static int dt_report_losses(dtrace_hdl_t *dtp, const struct dt_losses *l)
{
	if (l->dyndrops &&
	    dt_report_drops(dtp, -1, l->dyndrops, "DTRACEDROP_DYNAMIC",
			    "dynamic variable drop", ""))
		return -1;
	if (l->specdrops &&
	    dt_report_drops(dtp, -1, l->specdrops, "DTRACEDROP_SPEC",
			    "speculative drop", ""))
		return -1;
	if (l->specbusy &&
	    dt_report_drops(dtp, -1, l->specbusy, "DTRACEDROP_SPECBUSY",
			    "failed speculation",
			    " (available buffer(s) still busy)"))
		return -1;
	if (l->specunavail &&
	    dt_report_drops(dtp, -1, l->specunavail,
			    "DTRACEDROP_SPECUNAVAIL", "failed speculation",
			    /* DTrace's words, to the character */
			    " (no speculative buffer available: No such process"))
		return -1;
	return 0;
}

/*
 * Snapshot every CPU's records, each followed by the aggregations (so
 * a printa() sees what its clause aggregated, and no aggregation data
 * newer than a clear() is merged before the clear() is processed), and
 * process them CPU by CPU; with no records the aggregations are
 * snapshot once all the same; the CPU BEGIN fired on comes first the first time,
 * and once tracing stopped, the CPU END fired on comes last, so
 * BEGIN's output leads and END's closes whatever CPUs they ran on.
 * With -x temporal the records of all CPUs go out in time order
 * instead (dt_temporal.c).  Losses of all CPUs are reported once,
 * after the records: "N dynamic variable drops", "N speculative
 * drops", "N failed speculations (...)".
 */
int dt_consume(dtrace_hdl_t *dtp, FILE *fp)
{
	int first = dtp->began_on, last = dtp->ended_on, cpu;
	struct dt_losses l = { 0 };
	uint64_t t0 = dt_now();

	if (first >= 0 && dt_consume_cpu(dtp, fp, first, &l))
		return -1;
	dtp->began_on = -1;
	for (cpu = 0; cpu < dtp->ncpus; cpu++) {
		if (cpu != first && cpu != last &&
		    dt_consume_cpu(dtp, fp, cpu, &l))
			return -1;
	}
	if (last >= 0 && dt_consume_cpu(dtp, fp, last, &l))
		return -1;
	if (!l.aggsnapped && dtrace_aggregate_snap(dtp))
		return -1;
	if (dtp->opt.temporal &&
	    dt_temporal_flush(dtp, fp, dtp->stopped ? UINT64_MAX : t0))
		return -1;
	fflush(fp);
	return dt_report_losses(dtp, &l);
}
