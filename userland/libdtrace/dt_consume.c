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
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "dt_impl.h"
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

static uint64_t dt_rec_int(const struct dt_recdesc *rec, const char *data)
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
	default:
		snprintf(buf, len, "unknown fault (%llu)",
			 (unsigned long long)fault);
		break;
	}
	return buf;
}

/* A record of the internal ERROR clause: arg1..arg5 of the fault. */
static int dt_consume_error(dtrace_hdl_t *dtp, const struct dt_clause *cl,
			    const char *data)
{
	static const struct dtrace_probedesc none;
	dtrace_errdata_t ed = { 0 };
	const struct dt_epid *e;
	char fault[64], where[32], msg[512];

	ed.epid = (uint32_t)dt_rec_int(&cl->recs[0], data);
	ed.action = (int)dt_rec_int(&cl->recs[1], data);
	ed.offset = dt_rec_int(&cl->recs[2], data);
	ed.fault = dt_rec_int(&cl->recs[3], data);
	ed.addr = dt_rec_int(&cl->recs[4], data);
	e = dt_epid_get(dtp, ed.epid);
	ed.desc = e ? &e->desc : &none;
	ed.probe = e ? e->probe : 0;

	if (ed.action == 0)
		snprintf(where, sizeof(where), "predicate");
	else
		snprintf(where, sizeof(where), "action #%d", ed.action);
	snprintf(msg, sizeof(msg),
		 "error on enabled probe ID %u (ID %u: %s:%s:%s:%s): %s in %s at DIF offset %llu",
		 ed.epid, ed.probe, ed.desc->provider, ed.desc->mod,
		 ed.desc->func, ed.desc->name,
		 dt_fault_text(ed.fault, ed.addr, fault, sizeof(fault)), where,
		 (unsigned long long)ed.offset);
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

	if (rec->kind == DT_REC_STRING)
		return dt_strbuf_printf(sb, q ? "%.*s" : "  %-33.*s",
					(int)strnlen(str, rec->size), str);
	if (rec->kind != DT_REC_INT)
		return dt_print_bytes(p, rec->size, q, dtp->opt.rawbytes, sb);
	v = (int64_t)dt_rec_int(rec, data);
	/* As DTrace: 1- and 2-byte values print unsigned, wider ones signed. */
	switch (rec->size) {
	case 1:
		return dt_strbuf_printf(sb, q ? "%d" : " %3d", (int)(uint8_t)v);
	case 2:
		return dt_strbuf_printf(sb, q ? "%d" : " %5d", (int)(uint16_t)v);
	case 4:
		return dt_strbuf_printf(sb, q ? "%d" : " %8d", (int)v);
	default:
		return dt_strbuf_printf(sb, q ? "%lld" : " %16lld",
					(long long)v);
	}
}

/* One recorded value as the printf engine takes it. */
static void dt_pfarg_get(const struct dt_recdesc *rec, const char *data,
			 struct dt_pfarg *a, char **str)
{
	const char *p = data + rec->offset;
	const struct dt_type *t = rec->type ? dt_type_base(rec->type) : NULL;

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
static int dt_print_printf(dtrace_hdl_t *dtp, const struct dt_clause *cl,
			   const struct dt_stmt *st, const char *data,
			   struct dt_strbuf *sb)
{
	struct dt_pfarg args[DTRACE_ACTIONS_MAX];
	char *strs[DTRACE_ACTIONS_MAX];
	unsigned int i;
	int ret;

	for (i = 0; i < st->nrecs; i++)
		dt_pfarg_get(&cl->recs[st->first + i], data, &args[i],
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

	if (dt_print_printf(dtp, cl, st, data, &cmd)) {
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

/* The statements of a clause that print, into @sb. */
static int dt_print_stmt(dtrace_hdl_t *dtp, FILE *fp,
			 const struct dt_clause *cl, const struct dt_stmt *st,
			 const char *data, struct dt_strbuf *sb)
{
	const struct dt_recdesc *rec = &cl->recs[st->first];
	const unsigned char *p = (const unsigned char *)data;
	uint64_t pid;

	switch (st->kind) {
	case DT_STMT_TRACE:
		return dt_print_trace(dtp, rec, data, sb);
	case DT_STMT_PRINTF:
		return dt_print_printf(dtp, cl, st, data, sb);
	case DT_STMT_EXIT:
		if (!dtp->exit_set) {
			dtp->exit_set = true;
			dtp->exit_status = (int)(int32_t)dt_rec_int(rec, data);
		}
		return 0;
	case DT_STMT_STACK:
		return dt_print_stack(dtp, p + rec->offset, rec->size / 8, -1,
				      sb);
	case DT_STMT_USTACK:
		memcpy(&pid, p + rec->offset, 8);
		return dt_print_stack(dtp, p + rec->offset + 8,
				      rec->size / 8 - 1, (int)pid, sb);
	case DT_STMT_TRACEMEM:
		return dt_print_bytes(p + rec->offset, rec->size,
				      dtp->opt.quiet, true, sb);
	case DT_STMT_PRINT:
		if (!rec->type)
			return dt_print_bytes(p + rec->offset, rec->size,
					      dtp->opt.quiet, true, sb);
		return dt_print_value(rec->type, p + rec->offset, rec->size,
				      sb);
	case DT_STMT_SYSTEM:
		return dt_print_system(dtp, fp, cl, st, data, sb);
	case DT_STMT_SILENT:
		return 0;
	}
	return 0;
}

/* Print one record of a user clause. */
static int dt_consume_rec(dtrace_hdl_t *dtp, FILE *fp, int cpu,
			  const struct dt_epid *e, const struct dt_clause *cl,
			  const char *data)
{
	struct dt_strbuf sb = { 0 };
	unsigned int i;
	int ret = 0;

	if (!dtp->opt.quiet) {
		char fn[DTRACE_FUNCNAMELEN + DTRACE_NAMELEN + 1];

		if (!dtp->header_done)
			ret |= dt_strbuf_printf(&sb, "%3s %6s %32s\n", "CPU",
						"ID", "FUNCTION:NAME");
		dtp->header_done = true;
		snprintf(fn, sizeof(fn), "%s:%s", e->desc.func, e->desc.name);
		ret |= dt_strbuf_printf(&sb, "%3d %6u %32s ", cpu, e->probe, fn);
	}
	for (i = 0; i < cl->nstmts && !ret; i++) {
		const struct dt_stmt *st = &cl->stmts[i];

		ret = dt_print_stmt(dtp, fp, cl, st, data, &sb);
		if (ret && st->kind == DT_STMT_SYSTEM) {
			dt_strbuf_free(&sb);
			return -1;	/* its error is set */
		}
	}
	if (!dtp->opt.quiet && !ret)
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
		} else if (dt_consume_rec(dtp, fp, cpu, e, cl, data)) {
			return -1;
		}
		off += DT_ALIGN((size_t)hdr.size, 8);
	}
	return 0;
}

/* "N what(s) on CPU M", or without the CPU when @cpu is -1. */
static int dt_report_drops(dtrace_hdl_t *dtp, int cpu, uint64_t n,
			   const char *what)
{
	dtrace_dropdata_t dd = { .cpu = cpu, .drops = n };
	char msg[128];
	int len;

	len = snprintf(msg, sizeof(msg), "%llu %s%s", (unsigned long long)n,
		       what, n == 1 ? "" : "s");
	if (cpu >= 0)
		snprintf(msg + len, sizeof(msg) - (size_t)len, " on CPU %d",
			 cpu);
	dd.msg = msg;
	if (dtp->drop_handler)
		return dtp->drop_handler(&dd, dtp->drop_arg);
	fprintf(stderr, "dtrace: %s\n", msg);
	return 0;
}

/* Snapshot one CPU and process what it recorded; add its dyndrops. */
static int dt_consume_cpu(dtrace_hdl_t *dtp, FILE *fp, int cpu,
			  uint64_t *dyndrops)
{
	struct dtrace_ioc_bufsnap bs = { .size = sizeof(bs) };

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
	*dyndrops += bs.dyndrops;
	if (dt_consume_buffer(dtp, fp, cpu, dtp->snapbuf, (size_t)bs.used))
		return -1;
	if (bs.drops && dt_report_drops(dtp, cpu, bs.drops, "drop"))
		return -1;
	if (bs.errors &&
	    dt_report_drops(dtp, cpu, bs.errors, "unreported error"))
		return -1;
	return 0;
}

/*
 * Snapshot every CPU and process what it recorded, CPU by CPU; the CPU
 * BEGIN fired on comes first the first time, and once tracing stopped,
 * the CPU END fired on comes last, so BEGIN's output leads and END's
 * closes whatever CPUs they ran on.  Dynamic variable drops of all CPUs
 * are reported once, after the records: "N dynamic variable drops".
 */
int dt_consume(dtrace_hdl_t *dtp, FILE *fp)
{
	int first = dtp->began_on, last = dtp->ended_on, cpu;
	uint64_t dyn = 0;

	if (first >= 0 && dt_consume_cpu(dtp, fp, first, &dyn))
		return -1;
	dtp->began_on = -1;
	for (cpu = 0; cpu < dtp->ncpus; cpu++) {
		if (cpu != first && cpu != last &&
		    dt_consume_cpu(dtp, fp, cpu, &dyn))
			return -1;
	}
	if (last >= 0 && dt_consume_cpu(dtp, fp, last, &dyn))
		return -1;
	fflush(fp);
	if (dyn && dt_report_drops(dtp, -1, dyn, "dynamic variable drop"))
		return -1;
	return 0;
}
