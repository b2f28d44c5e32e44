// SPDX-License-Identifier: GPL-2.0
/*
 * Buffer processing: DTRACEIOC_BUFSNAP of every CPU, the walk over its
 * records (struct dtrace_rechdr + data, 8-byte aligned), the EPID cache
 * (DTRACEIOC_EPDESC, then the probe's names), and the output of each
 * record as its clause's statements say: the CPU/ID/FUNCTION:NAME
 * columns unless quiet, trace() values, printf() text, exit() status.
 * Records of the internal ERROR clause become error messages instead.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "dt_impl.h"
#include "dt_printf.h"

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
	bool q = dtp->opt.quiet;
	int64_t v;

	if (rec->kind == DT_REC_STRING)
		return dt_strbuf_printf(sb, q ? "%.*s" : "  %.*s",
					(int)rec->size, data + rec->offset);
	v = (int64_t)dt_rec_int(rec, data);
	switch (rec->size) {
	case 1:
		return dt_strbuf_printf(sb, q ? "%d" : " %3d", (int)(int8_t)v);
	case 2:
		return dt_strbuf_printf(sb, q ? "%d" : " %5hd", (short)v);
	case 4:
		return dt_strbuf_printf(sb, q ? "%d" : " %8d", (int)v);
	default:
		return dt_strbuf_printf(sb, q ? "%lld" : " %16lld",
					(long long)v);
	}
}

static int dt_print_printf(const struct dt_clause *cl,
			   const struct dt_stmt *st, const char *data,
			   struct dt_strbuf *sb)
{
	struct dt_pfarg args[DTRACE_ACTIONS_MAX];
	char *strs[DTRACE_ACTIONS_MAX];
	unsigned int i;
	int ret;

	for (i = 0; i < st->nrecs; i++) {
		const struct dt_recdesc *rec = &cl->recs[st->first + i];

		memset(&args[i], 0, sizeof(args[i]));
		strs[i] = NULL;
		args[i].size = rec->size;
		args[i].is_signed = rec->is_signed;
		if (rec->kind == DT_REC_STRING) {
			/* the slot is NUL-padded, but trust nothing */
			strs[i] = strndup(data + rec->offset, rec->size);
			args[i].is_string = true;
			args[i].sval = strs[i] ? strs[i] : "";
		} else {
			args[i].ival = dt_rec_int(rec, data);
		}
	}
	ret = dt_printf_format(st->fmt, args, st->nrecs, sb);
	for (i = 0; i < st->nrecs; i++)
		free(strs[i]);
	return ret;
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

		switch (st->kind) {
		case DT_STMT_TRACE:
			ret = dt_print_trace(dtp, &cl->recs[st->first], data,
					     &sb);
			break;
		case DT_STMT_PRINTF:
			ret = dt_print_printf(cl, st, data, &sb);
			break;
		case DT_STMT_EXIT:
			if (!dtp->exit_set) {
				dtp->exit_set = true;
				dtp->exit_status = (int)(int32_t)
					dt_rec_int(&cl->recs[st->first], data);
			}
			break;
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

static int dt_report_drops(dtrace_hdl_t *dtp, int cpu, uint64_t n,
			   const char *what)
{
	dtrace_dropdata_t dd = { .cpu = cpu, .drops = n };
	char msg[128];

	snprintf(msg, sizeof(msg), "%llu %s%s on CPU %d",
		 (unsigned long long)n, what, n == 1 ? "" : "s", cpu);
	dd.msg = msg;
	if (dtp->drop_handler)
		return dtp->drop_handler(&dd, dtp->drop_arg);
	fprintf(stderr, "dtrace: %s\n", msg);
	return 0;
}

/* Snapshot one CPU and process what it recorded. */
static int dt_consume_cpu(dtrace_hdl_t *dtp, FILE *fp, int cpu)
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
 * closes whatever CPUs they ran on.
 */
int dt_consume(dtrace_hdl_t *dtp, FILE *fp)
{
	int first = dtp->began_on, last = dtp->ended_on, cpu;

	if (first >= 0 && dt_consume_cpu(dtp, fp, first))
		return -1;
	dtp->began_on = -1;
	for (cpu = 0; cpu < dtp->ncpus; cpu++) {
		if (cpu != first && cpu != last && dt_consume_cpu(dtp, fp, cpu))
			return -1;
	}
	if (last >= 0 && dt_consume_cpu(dtp, fp, last))
		return -1;
	fflush(fp);
	return 0;
}
