// SPDX-License-Identifier: GPL-2.0
/*
 * ASSERTION: speculations work as include/uapi/linux/dtrace.h says.
 * speculation() hands out an id, speculate() sends the clause's record to
 * it, commit() makes its records appear in the principal buffer and
 * discard() drops them; records of a speculation never ended do not
 * appear; speculate() of an id that is 0, out of range or inactive drops
 * the record silently.  With nspec = 1 a second speculation() returns 0
 * and counts specunavail; a speculation still committing on another CPU
 * counts specbusy; a tiny specsize counts specdrops.  speculate() after an action
 * that stores data, twice, or followed by an aggregation, exit(),
 * commit() or discard(), and commit() after an action that stores data
 * are refused at ENABLE; out-of-range NSPEC and SPECSIZE are refused.  Clauses are hand-assembled on dtrace:::BEGIN and
 * pass the id through a global variable.
 *
 * Needs root and dtrace_core loaded (the runner loads it); skips
 * otherwise.  Uses include/uapi/linux/dtrace.h only.
 */
#include "dif_asm.h"

#define SPECVAR		1	/* global variable holding an id */

/* A program returning the global @var. */
static struct prog *load_var(uint32_t var)
{
	struct prog *p = PI();

	V(p, var, DTRACE_DIFV_SCOPE_GLOBAL, DTRACE_DIFV_KIND_SCALAR,
	  DTRACE_DIFV_TYPE_INT, 8);
	E(p, DTRACE_DIF_OP_LDGS, 1, 0, 0, var);
	E(p, DTRACE_DIF_OP_RET, 0, 1, 0, 0);
	return p;
}

/* A clause: var = speculation(); record var.  EPID in *epid. */
static int claim(struct cons *c, uint32_t var, uint32_t *epid)
{
	struct prog *p = PI();

	V(p, var, DTRACE_DIFV_SCOPE_GLOBAL, DTRACE_DIFV_KIND_SCALAR,
	  DTRACE_DIFV_TYPE_INT, 8);
	E(p, DTRACE_DIF_OP_CALL, 1, 0, 0, DTRACE_DIF_SUBR_SPECULATION);
	E(p, DTRACE_DIF_OP_STGS, 0, 1, 0, var);
	E(p, DTRACE_DIF_OP_RET, 0, 1, 0, 0);
	return rec_int(c, "BEGIN", p, epid);
}

/* A clause: speculate(var); record @v (8 bytes).  EPID in *epid. */
static int spec_rec(struct cons *c, uint32_t var, int64_t v, uint32_t *epid)
{
	struct dtrace_actdesc a[2];
	struct prog *p = PI();

	a[0] = A(DTRACE_ACT_SPECULATE, load_var(var), 0, 0, 0);
	E(p, DTRACE_DIF_OP_SETX, 1, 0, 0, INT(p, v));
	E(p, DTRACE_DIF_OP_RET, 0, 1, 0, 0);
	a[1] = A(DTRACE_ACT_DIFEXPR, p, 0, 8, 0);
	return c_enable(c, "BEGIN", a, 2, epid);
}

/* A clause: commit(var) or discard(var). */
static int spec_end(struct cons *c, uint32_t var, int kind)
{
	struct dtrace_actdesc a = A(kind, load_var(var), 0, 0, 0);

	return c_enable(c, "BEGIN", &a, 1, NULL);
}

static void test_refused(void)
{
	static const struct {
		uint32_t first, then;
		const char *what;
	} bad[] = {
		{ DTRACE_ACT_DIFEXPR, DTRACE_ACT_SPECULATE,
		  "speculate() after a data action" },
		{ DTRACE_ACT_SPECULATE, DTRACE_ACT_SPECULATE,
		  "speculate() twice" },
		{ DTRACE_ACT_SPECULATE, DTRACE_ACT_EXIT,
		  "exit() after speculate()" },
		{ DTRACE_ACT_SPECULATE, DTRACE_ACT_COMMIT,
		  "commit() after speculate()" },
		{ DTRACE_ACT_SPECULATE, DTRACE_ACT_DISCARD,
		  "discard() after speculate()" },
		{ DTRACE_ACT_SPECULATE, DTRACE_ACT_AGGREGATE,
		  "an aggregation after speculate()" },
		{ DTRACE_ACT_DIFEXPR, DTRACE_ACT_COMMIT,
		  "commit() after a data action" },
	};
	struct dtrace_ioc_aggdef d = {
		.size = sizeof(d), .id = 1, .func = DTRACE_AGG_SUM,
	};
	struct dtrace_actdesc a[3];
	struct prog *p = PI();
	struct cons c;
	unsigned int i;

	c_open(&c);
	xioctl(c.fd, DTRACEIOC_AGGDEF, &d);
	tap_ok(c_opt(&c, DTRACE_OPT_NSPEC, 0) == EINVAL &&
	       c_opt(&c, DTRACE_OPT_NSPEC, DTRACE_NSPEC_MAX + 1) == EINVAL,
	       "refused: NSPEC out of range");
	tap_ok(c_opt(&c, DTRACE_OPT_SPECSIZE, DTRACE_SPECSIZE_MIN - 1) ==
	       EINVAL, "refused: SPECSIZE too small");
	E(p, DTRACE_DIF_OP_LDI, 1, 0, 0, 1);
	E(p, DTRACE_DIF_OP_RET, 0, 1, 0, 0);
	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		uint32_t size0 = bad[i].first == DTRACE_ACT_DIFEXPR ? 8 : 0;
		uint32_t size1 = bad[i].then == DTRACE_ACT_EXIT ? 4 : 0;

		a[0] = A(bad[i].first, p, 0, size0, 0);
		a[1] = A(bad[i].then, p, 0, size1,
			 bad[i].then == DTRACE_ACT_AGGREGATE);
		tap_ok(c_enable(&c, "BEGIN", a, 2, NULL) == EINVAL,
		       "refused: %s", bad[i].what);
	}
	a[1] = A(DTRACE_ACT_SPECULATE, NULL, 0, 0, 0);
	tap_ok(c_enable(&c, "BEGIN", &a[1], 1, NULL) == EINVAL,
	       "refused: speculate() without a program");
	a[0] = A(DTRACE_ACT_SPECULATE, p, 0, 0, 0);
	a[1] = A(DTRACE_ACT_DIFEXPR, p, 0, 8, 0);
	a[2] = A(DTRACE_ACT_DIFEXPR, p, 8, 0, 0);
	tap_ok(c_enable(&c, "BEGIN", a, 3, NULL) == EINVAL,
	       "refused: a size-0 action at an offset");
	tap_ok(c_enable(&c, "BEGIN", a, 2, NULL) == 0,
	       "accepted: speculate() then data");
	close(c.fd);
}

/* speculation(); speculate + record; commit or discard (or neither). */
static void test_end(int kind, const char *what)
{
	uint32_t ep_claim, ep_rec;
	struct cons c;
	struct rec *r;

	c_open(&c);
	claim(&c, SPECVAR, &ep_claim);
	spec_rec(&c, SPECVAR, 42, &ep_rec);
	if (kind)
		spec_end(&c, SPECVAR, kind);
	tap_ok(go(&c) == 0, "%s: GO", what);
	c_snap_all(&c);
	r = find(ep_claim);
	tap_ok(r && u64at(r, 0) == 1, "%s: speculation() is 1", what);
	r = find(ep_rec);
	if (kind == DTRACE_ACT_COMMIT)
		tap_ok(r && u64at(r, 0) == 42,
		       "%s: the speculative record is there", what);
	else
		tap_ok(!r, "%s: the speculative record is not there", what);
	tap_ok(!snap_tot.specdrops && !snap_tot.specbusy &&
	       !snap_tot.specunavail, "%s: no speculation failures", what);
	close(c.fd);
}

/* speculate() of 0, an id out of range or an inactive one: no record. */
static void test_bad_ids(void)
{
	static const int64_t ids[] = { 0, -1, 2, 1 };
	struct dtrace_actdesc a[2];
	uint32_t ep[4];
	unsigned int i, n = 0;
	struct cons c;
	struct prog *p;

	c_open(&c);
	c_opt(&c, DTRACE_OPT_NSPEC, 1);
	for (i = 0; i < 4; i++) {
		p = PI();
		E(p, DTRACE_DIF_OP_SETX, 1, 0, 0, INT(p, ids[i]));
		E(p, DTRACE_DIF_OP_RET, 0, 1, 0, 0);
		a[0] = A(DTRACE_ACT_SPECULATE, p, 0, 0, 0);
		a[1] = A(DTRACE_ACT_DIFEXPR, p, 0, 8, 0);
		c_enable(&c, "BEGIN", a, 2, &ep[i]);
	}
	tap_ok(go(&c) == 0, "bad ids: GO");
	c_snap_all(&c);
	for (i = 0; i < 4; i++)
		n += find(ep[i]) != NULL;
	tap_ok(n == 0 && !snap_tot.specdrops && !snap_tot.specbusy &&
	       !snap_tot.specunavail && !snap_tot.errors,
	       "bad ids: 0, -1, 2 and an inactive 1 drop silently");
	close(c.fd);
}

static void test_unavail(void)
{
	uint32_t ep1, ep2;
	struct cons c;
	struct rec *r1, *r2;

	c_open(&c);
	tap_ok(c_opt(&c, DTRACE_OPT_NSPEC, 1) == 0, "unavail: nspec 1");
	claim(&c, SPECVAR, &ep1);
	claim(&c, SPECVAR + 1, &ep2);
	tap_ok(go(&c) == 0, "unavail: GO");
	c_snap_all(&c);
	r1 = find(ep1);
	r2 = find(ep2);
	tap_ok(r1 && r2 && u64at(r1, 0) == 1 && u64at(r2, 0) == 0,
	       "unavail: the second speculation() is 0");
	tap_ok(snap_tot.specunavail == 1 && !snap_tot.specbusy,
	       "unavail: specunavail 1 (%llu)",
	       (unsigned long long)snap_tot.specunavail);
	close(c.fd);
}

/*
 * Committed on this CPU, the id waits for the other CPUs' switches: a
 * speculation() at once is busy.  On one CPU the id is free at once.
 */
static void test_busy(void)
{
	long ncpu = sysconf(_SC_NPROCESSORS_CONF);
	struct dtrace_ioc_status st;
	uint32_t ep2;
	struct cons c;
	struct rec *r;

	c_open(&c);
	c_opt(&c, DTRACE_OPT_NSPEC, 1);
	claim(&c, SPECVAR, NULL);
	spec_end(&c, SPECVAR, DTRACE_ACT_COMMIT);
	claim(&c, SPECVAR + 1, &ep2);
	tap_ok(go(&c) == 0, "busy: GO");
	c_snap_all(&c);
	r = find(ep2);
	if (ncpu > 1)
		tap_ok(r && u64at(r, 0) == 0 && snap_tot.specbusy == 1,
		       "busy: speculation() during a commit is 0, specbusy");
	else
		tap_ok(r && u64at(r, 0) == 1,
		       "busy: one CPU: the id is free again at once");
	memset(&st, 0, sizeof(st));
	st.size = sizeof(st);
	tap_ok(xioctl(c.fd, DTRACEIOC_STATUS, &st) == 0 &&
	       st.specbusy == (ncpu > 1), "busy: STATUS.specbusy");
	close(c.fd);
}

/* 1040-byte records (a 128-frame stack): 3 fit in 4096 bytes. */
static void test_specdrops(void)
{
	struct dtrace_actdesc a[2];
	uint32_t ep_rec = 0;
	struct cons c;
	unsigned int i, n = 0;
	int ok = 1;

	c_open(&c);
	c_opt(&c, DTRACE_OPT_SPECSIZE, 4096);
	claim(&c, SPECVAR, NULL);
	a[0] = A(DTRACE_ACT_SPECULATE, load_var(SPECVAR), 0, 0, 0);
	a[1] = A(DTRACE_ACT_STACK, NULL, 0, 8 * 128, 128);
	for (i = 0; i < 5; i++)
		ok &= c_enable(&c, "BEGIN", a, 2, i ? NULL : &ep_rec) == 0;
	tap_ok(ok, "specdrops: enabled");
	spec_end(&c, SPECVAR, DTRACE_ACT_COMMIT);
	tap_ok(go(&c) == 0, "specdrops: GO");
	c_snap_all(&c);
	for (i = 0; i < nrecs; i++)
		n += recs[i].epid >= ep_rec && recs[i].epid < ep_rec + 5;
	tap_ok(n == 3 && snap_tot.specdrops == 2,
	       "specdrops: 3 committed, 2 specdrops (%u, %llu)", n,
	       (unsigned long long)snap_tot.specdrops);
	close(c.fd);
}

/*
 * Speculate on every CPU (profile-199), commit in END: each CPU's records
 * reach the principal buffers, the other CPUs' at their switch.
 */
static void test_cross_cpu(void)
{
	struct dtrace_ioc_go g = { sizeof(g), 0 };
	uint32_t nmatched, ep_rec = 0;
	struct dtrace_actdesc a[2];
	unsigned int i, n = 0, other = 0;
	struct cons c;
	struct prog *p;

	c_open(&c);
	claim(&c, SPECVAR, NULL);
	a[0] = A(DTRACE_ACT_SPECULATE, load_var(SPECVAR), 0, 0, 0);
	p = PI();
	E(p, DTRACE_DIF_OP_LDV, 1, 0, 0, DTRACE_DIF_VAR_CPU);
	E(p, DTRACE_DIF_OP_RET, 0, 1, 0, 0);
	a[1] = A(DTRACE_ACT_DIFEXPR, p, 0, 8, 0);
	if (c_enable_on(&c, "profile", "profile-199", a, 2, &ep_rec,
			&nmatched) || nmatched != 1) {
		tap_skip("cross-CPU", "no profile provider");
		close(c.fd);
		return;
	}
	a[0] = A(DTRACE_ACT_COMMIT, load_var(SPECVAR), 0, 0, 0);
	c_enable(&c, "END", a, 1, NULL);
	tap_ok(go(&c) == 0, "cross-CPU: GO");
	usleep(300 * 1000);
	c_snap_all(&c);
	tap_ok(!find(ep_rec), "cross-CPU: nothing before the commit");
	tap_ok(xioctl(c.fd, DTRACEIOC_STOP, &g) == 0, "cross-CPU: STOP");
	c_snap_all(&c);
	for (i = 0; i < nrecs; i++) {
		if (recs[i].epid != ep_rec)
			continue;
		n++;
		other += u64at(&recs[i], 0) != g.cpu;
	}
	tap_ok(n > 0, "cross-CPU: %u records committed, %u from CPUs other "
	       "than END's", n, other);
	if (sysconf(_SC_NPROCESSORS_ONLN) > 1)
		tap_ok(other > 0, "cross-CPU: other CPUs' records committed "
		       "at their switch");
	close(c.fd);
}

/*
 * After a commit the id comes back once every CPU has been switched: a
 * tick clause calling speculation() gets id 1 again while the consumer
 * snapshots.
 */
static void test_reuse(void)
{
	uint32_t nmatched, ep_tick = 0;
	struct prog *p = PI();
	struct dtrace_actdesc a;
	struct cons c;
	unsigned int i, tries;
	int found = 0;

	c_open(&c);
	c_opt(&c, DTRACE_OPT_NSPEC, 1);
	claim(&c, SPECVAR, NULL);
	spec_end(&c, SPECVAR, DTRACE_ACT_COMMIT);
	E(p, DTRACE_DIF_OP_CALL, 1, 0, 0, DTRACE_DIF_SUBR_SPECULATION);
	E(p, DTRACE_DIF_OP_RET, 0, 1, 0, 0);
	a = A(DTRACE_ACT_DIFEXPR, p, 0, 8, 0);
	if (c_enable_on(&c, "profile", "tick-50ms", &a, 1, &ep_tick,
			&nmatched) || nmatched != 1) {
		tap_skip("reuse", "no profile provider");
		close(c.fd);
		return;
	}
	tap_ok(go(&c) == 0, "reuse: GO");
	for (tries = 0; tries < 50 && !found; tries++) {
		usleep(100 * 1000);
		c_snap_all(&c);
		for (i = 0; i < nrecs; i++)
			found |= recs[i].epid == ep_tick &&
				 u64at(&recs[i], 0) == 1;
	}
	tap_ok(found, "reuse: the committed id is handed out again");
	close(c.fd);
}

int main(void)
{
	tap_plan();
	test_refused();
	test_end(DTRACE_ACT_COMMIT, "commit");
	test_end(DTRACE_ACT_DISCARD, "discard");
	test_end(0, "neither");
	test_bad_ids();
	test_unavail();
	test_busy();
	test_specdrops();
	test_cross_cpu();
	test_reuse();
	return tap_finish();
}
