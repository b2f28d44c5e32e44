// SPDX-License-Identifier: GPL-2.0
/*
 * Test helpers of helpers.h.  The handle has errtags on, so an error
 * text is "[D_TAG] message", and a small fake probe table.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "helpers.h"

dtrace_hdl_t *t_open(void)
{
	dtrace_hdl_t *dtp;
	int err;

	dtp = dtrace_open(DTRACE_VERSION, DTRACE_O_NODEV, &err);
	if (!dtp) {
		fprintf(stderr, "dtrace_open: %s\n", dtrace_errmsg(NULL, err));
		exit(1);
	}
	dtrace_setopt(dtp, "errtags", NULL);
	dt_fake_probe_add(dtp, "syscall", "vmlinux", "read", "entry");
	dt_fake_probe_add(dtp, "syscall", "vmlinux", "read", "return");
	dt_fake_probe_add(dtp, "syscall", "vmlinux", "write", "entry");
	return dtp;
}

/* "OK", or the error text of compiling -n @prog. */
const char *t_compile_msg(dtrace_hdl_t *dtp, const char *prog)
{
	dtrace_prog_t *pgp = dtrace_program_strcompile(dtp, prog,
					DTRACE_PROBESPEC_NAME, 0);

	if (!pgp)
		return dtrace_errmsg(dtp, dtrace_errno(dtp));
	dt_program_free(pgp);
	return "OK";
}

/* "OK", or the error text of compiling @text as a script (-s). */
const char *t_script_msg(dtrace_hdl_t *dtp, const char *text)
{
	FILE *fp = fmemopen((void *)text, strlen(text), "r");
	dtrace_prog_t *pgp;

	pgp = dtrace_program_fcompile(dtp, fp, "test.d", 0);
	fclose(fp);
	if (!pgp)
		return dtrace_errmsg(dtp, dtrace_errno(dtp));
	dt_program_free(pgp);
	return "OK";
}

/* Append a record of @datasize zeroed bytes; return its data. */
void *t_rec_add(struct t_rbuf *b, uint32_t epid, uint32_t datasize,
		uint64_t ts)
{
	struct dtrace_rechdr hdr = { .epid = epid, .timestamp = ts,
				     .size = sizeof(hdr) + datasize };
	void *data;

	memcpy(b->data + b->len, &hdr, sizeof(hdr));
	data = b->data + b->len + sizeof(hdr);
	memset(data, 0, datasize);
	b->len += DT_ALIGN(sizeof(hdr) + datasize, 8);
	return data;
}

/* What DTRACEIOC_EPDESC would have said of @epid, cached. */
void t_epid_set(dtrace_hdl_t *dtp, uint32_t epid, uint32_t probe,
		uint64_t cookie, const char *prov, const char *func,
		const char *name)
{
	struct dt_epid *e;

	if (epid >= dtp->nepids) {
		dtp->epids = realloc(dtp->epids, (epid + 1) * sizeof(*e));
		memset(dtp->epids + dtp->nepids, 0,
		       (epid + 1 - dtp->nepids) * sizeof(*e));
		dtp->nepids = epid + 1;
	}
	e = &dtp->epids[epid];
	memset(e, 0, sizeof(*e));
	e->valid = true;
	e->probe = probe;
	e->cookie = cookie;
	strcpy(e->desc.provider, prov);
	strcpy(e->desc.func, func);
	strcpy(e->desc.name, name);
}
