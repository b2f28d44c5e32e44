// SPDX-License-Identifier: GPL-2.0
/*
 * ASSERTION: the principal buffer policies and the record rule work as
 * include/uapi/linux/dtrace.h says.  A clause whose actions store nothing
 * writes no record, one with no actions a header-only record.  SWITCH
 * with a tiny bufsize drops (counted in BUFSNAP and STATUS).  FILL stops
 * the trace at the first record that does not fit (state DRAINING, one
 * drop), returns nothing before STOPPED, then everything once, the END
 * record included.  RING drops nothing and returns, after STOPPED, the
 * newest records, oldest first, once.  Unknown policies are refused.
 * Records come from many clauses on dtrace:::BEGIN.
 *
 * Needs root and dtrace_core loaded (the runner loads it); skips
 * otherwise.  Uses include/uapi/linux/dtrace.h only.
 */
#include "dif_asm.h"

#define NCLAUSES	400

/* A clause on @probe recording the integer @v; its EPID in *epid. */
static int rec_const(struct cons *c, const char *probe, int64_t v,
		     uint32_t *epid)
{
	struct prog *p = PI();

	E(p, DTRACE_DIF_OP_SETX, 1, 0, 0, INT(p, v));
	E(p, DTRACE_DIF_OP_RET, 0, 1, 0, 0);
	return rec_int(c, probe, p, epid);
}

/* @n BEGIN clauses recording 0..n-1 (24-byte records). */
static int rec_many(struct cons *c, unsigned int n)
{
	unsigned int i;
	int ok = 1;

	for (i = 0; i < n; i++)
		ok &= rec_const(c, "BEGIN", i, NULL) == 0;
	return ok;
}

static struct dtrace_ioc_status status(struct cons *c)
{
	struct dtrace_ioc_status st;

	memset(&st, 0, sizeof(st));
	st.size = sizeof(st);
	xioctl(c->fd, DTRACEIOC_STATUS, &st);
	return st;
}

/* A consumer with 4096-byte buffers under @policy. */
static void open_policy(struct cons *c, uint32_t policy, const char *what)
{
	c_open(c);
	c_opt(c, DTRACE_OPT_BUFSIZE, 4096);
	tap_ok(c_opt(c, DTRACE_OPT_BUFPOLICY, policy) == 0,
	       "%s: policy set", what);
}

static void test_record_rule(void)
{
	struct dtrace_actdesc a;
	struct dtrace_ioc_epdesc ed;
	uint32_t ep_none, ep_empty;
	struct cons c;
	struct prog *p;

	c_open(&c);
	p = PI();
	E(p, DTRACE_DIF_OP_LDI, 1, 0, 0, 1);
	E(p, DTRACE_DIF_OP_RET, 0, 1, 0, 0);
	a = A(DTRACE_ACT_DIFEXPR, p, 0, 0, 0);
	tap_ok(c_enable(&c, "BEGIN", &a, 1, &ep_none) == 0,
	       "record rule: DIFEXPR of size 0 accepted");
	a = A(DTRACE_ACT_DIFEXPR, p, 8, 0, 0);
	tap_ok(c_enable(&c, "BEGIN", &a, 1, NULL) == EINVAL,
	       "record rule: DIFEXPR of size 0 at offset 8 refused");
	tap_ok(c_enable(&c, "BEGIN", NULL, 0, &ep_empty) == 0,
	       "record rule: a clause without actions");
	memset(&ed, 0, sizeof(ed));
	ed.size = sizeof(ed);
	ed.epid = ep_none;
	tap_ok(xioctl(c.fd, DTRACEIOC_EPDESC, &ed) == 0 && ed.datasize == 0,
	       "record rule: EPDESC datasize 0");
	tap_ok(go(&c) == 0, "record rule: GO");
	c_snap_all(&c);
	tap_ok(!find(ep_none), "record rule: no record when nothing is stored");
	tap_ok(find(ep_empty) != NULL,
	       "record rule: a header-only record without actions");
	close(c.fd);
}

static void test_switch(void)
{
	struct cons c;

	open_policy(&c, DTRACE_BUFPOLICY_SWITCH, "switch");
	tap_ok(c_opt(&c, DTRACE_OPT_BUFPOLICY, 3) == EINVAL,
	       "switch: unknown policy refused");
	tap_ok(rec_many(&c, 200), "switch: enabled");
	tap_ok(go(&c) == 0, "switch: GO");
	c_snap_all(&c);
	/* 4096 / 24 = 170 records fit */
	tap_ok(nrecs == 170 && snap_tot.drops == 30,
	       "switch: 170 records, 30 drops (%u, %llu)", nrecs,
	       (unsigned long long)snap_tot.drops);
	tap_ok(status(&c).drops == 30, "switch: STATUS.drops is 30");
	tap_ok(status(&c).activity == DTRACE_ACTIVITY_ACTIVE,
	       "switch: still ACTIVE");
	close(c.fd);
}

static void test_fill(void)
{
	uint32_t ep_end;
	struct cons c;
	unsigned int i;
	int ok;

	open_policy(&c, DTRACE_BUFPOLICY_FILL, "fill");
	tap_ok(rec_many(&c, 200), "fill: enabled");
	rec_const(&c, "END", 4242, &ep_end);
	tap_ok(go(&c) == 0, "fill: GO");
	tap_ok(status(&c).activity == DTRACE_ACTIVITY_DRAINING,
	       "fill: a full buffer stops the trace (DRAINING)");
	c_snap_all(&c);
	tap_ok(snap_tot.used == 0 && snap_tot.drops == 1,
	       "fill: nothing before STOPPED, 1 drop (%llu, %llu)",
	       (unsigned long long)snap_tot.used,
	       (unsigned long long)snap_tot.drops);
	tap_ok(stop(&c) == 0, "fill: STOP");
	c_snap_all(&c);
	/* 4096 - 24 kept for END: 169 records, then END's */
	ok = nrecs == 170;
	for (i = 0; ok && i < 169; i++)
		ok = u64at(&recs[i], 0) == i;
	tap_ok(ok, "fill: records 0..168 in order (%u records)", nrecs);
	tap_ok(nrecs == 170 && recs[169].epid == ep_end &&
	       u64at(&recs[169], 0) == 4242,
	       "fill: END's record fits in the room kept for it");
	c_snap_all(&c);
	tap_ok(nrecs == 0, "fill: nothing the second time");
	close(c.fd);
}

static void test_ring(void)
{
	struct cons c;
	unsigned int i;
	int ok;

	open_policy(&c, DTRACE_BUFPOLICY_RING, "ring");
	tap_ok(rec_many(&c, NCLAUSES), "ring: enabled");
	tap_ok(go(&c) == 0, "ring: GO");
	tap_ok(status(&c).activity == DTRACE_ACTIVITY_ACTIVE, "ring: ACTIVE");
	c_snap_all(&c);
	tap_ok(snap_tot.used == 0 && snap_tot.drops == 0,
	       "ring: nothing before STOPPED, no drops");
	tap_ok(stop(&c) == 0, "ring: STOP");
	c_snap_all(&c);
	ok = nrecs >= 100 && nrecs <= 170;
	for (i = 0; ok && i < nrecs; i++)
		ok = u64at(&recs[i], 0) == NCLAUSES - nrecs + i;
	tap_ok(ok, "ring: the newest records, oldest first, up to %d (%u)",
	       NCLAUSES - 1, nrecs);
	tap_ok(status(&c).drops == 0, "ring: overwriting is no drop");
	c_snap_all(&c);
	tap_ok(nrecs == 0, "ring: nothing the second time");
	close(c.fd);
}

int main(void)
{
	tap_plan();
	test_record_rule();
	test_switch();
	test_fill();
	test_ring();
	return tap_finish();
}
