/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Private to dtrace_core.ko: the core's objects and how they are locked.
 * Start with the Locking block below, then docs/architecture.md.
 *
 * Locking
 * -------
 * state->lock (mutex)
 *	protects one consumer's setup: its ECB table, options and buffers
 *	(allocation, snapshots).  Held for the whole of every ioctl on it.
 * dtrace_provider_lock (mutex)
 *	protects the provider list; serialises calls to ->provide.
 * dtrace_lock (mutex)
 *	protects the probe registry (dtrace_probes, dtrace_probe_tab,
 *	provider->probes), every probe's ECB chain, users and pins, and
 *	the providers' enabled and pinned counts.
 * provider->arm_lock (mutex)
 *	serialises the provider's ->enable and ->disable, and protects
 *	probe->armed of its probes.  Taken with no global lock held: an
 *	op may sleep on what it arms (uprobes read the probed file and
 *	lock each address space mapping it), so no other consumer, no
 *	"dtrace -l" and no dtrace_register() waits for it.  Inside it
 *	dtrace_lock may be taken, briefly, and nothing else of the core.
 *
 * dtrace_states_lock (mutex)
 *	protects the list of consumers, dtrace_states, and their ids.
 *	Nothing is taken inside it.  An ioctl holds its state->lock
 *	throughout and may wait on the consumer's own memory (a
 *	copy_from_user() of a userfaultfd page) as long as that takes, so
 *	no one waits for a state->lock under this lock: a reader of every
 *	consumer (/proc/dtrace) takes a reference on one under it
 *	(dtrace_state_next()), drops it, then waits for that state->lock,
 *	killably.  A stuck consumer stalls only its own readers.
 * state->refs (refcount)
 *	the open file's and each such reader's; the last frees the state.
 *	state->closed (under state->lock) tells a reader it was torn down.
 *	The retained-enablings pass (retain.c) takes a reference on a
 *	consumer the same way and drops dtrace_states_lock before taking that
 *	consumer's state->lock and arming.
 *
 * Retained enablings: a consumer's enabled descriptions, on
 *	state->retained under state->lock; dtrace_probe_gen, the
 *	generation of the newest probe, under dtrace_lock.  New probes are
 *	matched from system_long_wq or a module notifier, never
 *	from dtrace_probe_create()'s caller, which may hold the provider
 *	lock: the pass takes the locks in the order below, as an ioctl.
 *
 * Order: state->lock -> dtrace_provider_lock -> dtrace_lock;
 * state->lock -> provider->arm_lock -> dtrace_lock;
 * provider->arm_lock -> whatever the provider's ->enable/->disable take
 * (cpus_read_lock, its own locks, uprobes').
 *
 * Arming (probe.c): an enabling first reserves its ECBs under the
 * global locks, counting a user and a pin on each probe, then arms each
 * probe under its provider's arm_lock alone, then links the ECBs; a
 * teardown unlinks, counts the user off and disarms the same way.  A
 * pinned probe is not destroyed and its provider stays registered, its
 * module held.  Whoever holds arm_lock makes probe->armed match
 * probe->users, so two consumers enabling or disabling one probe, in
 * any interleaving, leave it armed exactly while it has users.
 *
 * dtrace_dynspace: bucket->lock, then dyn->lock (arch_spinlock_t)
 *	protect the dynamic variable chains and allocator; taken only in
 *	probe context, interrupts off, under the per-CPU nesting guard,
 *	nothing else inside.  See dynvar.c.
 *
 * Speculations (spec_ctx.c) and aggregation buffers (agg_ctx.c) take no
 * lock at all: each CPU writes only its own buffers, a speculation's
 * state moves by cmpxchg, and the consumer reaches a CPU's buffers by an
 * IPI to that CPU.  Their block comments give the memory ordering.
 *
 * Probe context takes no other locks.  It finds a probe with xa_load() and
 * walks probe->ecbs with rcu_dereference_sched() with interrupts off;
 * writers publish with rcu_assign_pointer() under dtrace_lock and wait
 * with synchronize_rcu() before freeing.  It writes only its own CPU's
 * buffer, with interrupts off; the consumer switches that buffer by an
 * IPI to the same CPU.  See probe_ctx.c.
 *
 * The per-CPU guard (dtrace_guard_enter()/dtrace_guard_leave())
 *	Interrupts off keep an IPI or another probe's hardirq out, but not
 *	an NMI, and a probe can fire in an NMI.  So every change of buffer
 *	state, in whatever context, happens with interrupts off inside the
 *	guard of the CPU it runs on: a probe firing (dtrace_probe() and its
 *	siblings, BEGIN and END from process context), the switches of
 *	principal, aggregation and speculation buffers (IPI, or process
 *	context for an offline CPU), and with them the counters, the
 *	speculations' commits and the dynamic variable space's spinlocks.
 *	A probe that fires on a CPU whose guard is up does nothing but count
 *	one drop per ECB (DTRACE_CNT_NESTED, this_cpu_inc(): safe against
 *	the interrupted code, which reads that counter once per switch).
 *	Nothing inside the guard waits for anything the guard keeps out.
 */
#ifndef _DTRACE_INTERNAL_H
#define _DTRACE_INTERNAL_H

#include <linux/atomic.h>
#include <linux/list.h>
#include <linux/mutex.h>
#include <linux/preempt.h>
#include <linux/percpu.h>
#include <linux/rcupdate.h>
#include <linux/sched.h>
#include <linux/smp.h>
#include <linux/refcount.h>
#include <linux/timekeeping.h>
#include <linux/types.h>
#include <linux/spinlock.h>
#include <linux/xarray.h>
#include <dtrace/provider.h>
#include <dtrace/services.h>
#include "engine/dif.h"
#include "engine/quantize.h"

/*
 * A kernel stack walk saves this many frames: room for dtrace's and the
 * provider's on top of the DTRACE_STACK_MAX recorded (the limits both
 * sides share are in the uapi header).  The buffer is per CPU, not on
 * the stack, which may be a small NMI stack.
 */
#define DTRACE_STACK_SAVE		(DTRACE_STACK_MAX + 32)

/* Size classes of dynamic variables: 64 bytes << class. */
#define DTRACE_DYN_NCLASSES		18

struct dtrace_provider {
	struct list_head		list;	/* on dtrace_providers */
	const struct dtrace_pops	*pops;
	void				*arg;
	struct list_head		probes;	/* by id; dtrace_lock */
	unsigned int			nprobes;	/* dtrace_lock */
	unsigned int			nenabled;	/* busy probes; dtrace_lock */
	unsigned int			narming;	/* in an enabling; dtrace_lock */
	unsigned int			npinned;	/* pins on its probes; dtrace_lock */
	struct mutex			arm_lock;	/* see the Locking block */
	bool				defunct;	/* dtrace_invalidate(); both locks */
	char				name[DTRACE_PROVNAMELEN];
};

struct dtrace_probe {
	dtrace_id_t			id;
	struct dtrace_provider		*prov;
	struct list_head		prov_list;	/* on prov->probes */
	void				*parg;
	struct dtrace_ecb __rcu		*ecbs;	/* first ECB to fire */
	unsigned int			users;	/* ECBs placed or reserved; dtrace_lock */
	unsigned int			pins;	/* arming or disarming in flight; dtrace_lock */
	bool				armed;	/* prov->arm_lock */
	u64				gen;	/* dtrace_probe_gen at creation */
	const char			*mod;	/* all three point into names[] */
	const char			*func;
	const char			*name;
	char				names[];
};

struct dtrace_action {
	u32				kind;	/* DTRACE_ACT_* */
	u32				offset;	/* in the record data */
	u32				size;
	u32				arg;	/* STACK/USTACK frames; agg id */
	struct dtrace_dif_prog		*prog;	/* NULL for none */
};

/*
 * One clause as the consumer enabled it; shared by the ECBs it made, one
 * per matching probe.
 */
struct dtrace_clause {
	refcount_t			refs;	/* one per ECB */
	u64				cookie;
	u32				datasize;	/* bytes after the header */
	/* actions before this one store nothing: none is data, or SPECULATE */
	u32				first_data;
	bool				speculates;	/* uses a speculation */
	struct dtrace_dif_prog		*pred;	/* NULL: always true */
	u32				nactions;
	struct dtrace_action		actions[];
};

/* An enabled probe: one clause of one consumer on one probe. */
struct dtrace_ecb {
	struct dtrace_ecb __rcu		*next;	/* on probe->ecbs */
	struct dtrace_state		*state;
	struct dtrace_probe		*probe;
	struct dtrace_clause		*clause;
	u32				epid;
	u32				recsize;	/* header + data, 8-aligned */
	/*
	 * the activity it fires in: DTRACE_ACTIVITY_ACTIVE, WARMUP for
	 * BEGIN, COOLDOWN for END; DTRACE_ECB_FIRES_ERROR for ERROR's
	 */
	int				fires_in;
	/*
	 * fires_in while the ECB may fire on any CPU in that activity,
	 * set at GO, when the cpu option is fixed (dtrace_state_go()):
	 * dtrace_ecb_may_fire()'s one compare.  DTRACE_ECB_FIRES_SLOW
	 * before GO, for ERROR's, and for an ordinary probe's when the
	 * cpu option names a CPU: its activity never has that value, so
	 * each firing takes the full test
	 */
	int				fires_fast;
	/*
	 * set when the clause is one count(), with no predicate, of no key
	 * (`@ = count()`) or of one built-in variable that is read without
	 * a machine state (`@[execname] = count()`, `@[pid] = count()`;
	 * ecb.c, dtrace_ecb_agg_direct()): the aggregation, which the ECB
	 * loop counts itself (probe_ctx.c); NULL for every other clause
	 */
	const struct dtrace_agg		*agg_direct;
	u32				agg_var;	/* its key: DTRACE_DIF_VAR_* */
	/* agg_direct if it has no key (`@ = count()`), else NULL */
	const struct dtrace_agg		*agg_count;
};

/* An ECB of dtrace:::ERROR: it fires from WARMUP to COOLDOWN. */
#define DTRACE_ECB_FIRES_ERROR		(-1)
/* An ECB's fires_fast when no activity may skip the full test. */
#define DTRACE_ECB_FIRES_SLOW		(-2)

/* What a CPU counts for the consumer: BUFSNAP since the last one, STATUS totals. */
enum {
	DTRACE_CNT_DROPS,	/* records lost: principal buffer full */
	DTRACE_CNT_ERRORS,	/* clause faults */
	DTRACE_CNT_DYNDROPS,	/* dynamic variable stores lost */
	DTRACE_CNT_SPECDROPS,	/* records lost: speculative buffer full */
	DTRACE_CNT_SPECBUSY,	/* speculation ids still being committed */
	DTRACE_CNT_SPECUNAVAIL,	/* speculation() found no free id */
	/*
	 * firings dropped as the CPU was inside the core (an NMI); only
	 * this_cpu_inc() writes it, reported to the consumer as drops
	 */
	DTRACE_CNT_NESTED,
	DTRACE_CNT_MAX
};

/*
 * One CPU's principal buffers.  SWITCH: probe context appends to
 * data[active]; a snapshot flips active on that CPU and hands the other
 * buffer to the consumer.  FILL and RING: data[0] only, handed over once
 * the state is STOPPED; buffer_ctx.c has the ring's bookkeeping.
 */
struct dtrace_buffer {
	void				*data[2];
	unsigned int			active;
	u64				offset;	/* fill of data[active]; ring: head */
	u64				tail;	/* ring: oldest record */
	u64				lapend;	/* ring, wrapped: end of the older lap */
	bool				wrapped;	/* ring: [tail, lapend) is live */
	u64				count[DTRACE_CNT_MAX];	/* since the start */
	u64				seen[DTRACE_CNT_MAX];	/* at the last switch */
	/*
	 * What the last switch left for the consumer: data[snap_buf] from
	 * snap_start, snap_used bytes, then snap_wrap bytes from 0.
	 */
	unsigned int			snap_buf;
	u64				snap_start;
	u64				snap_used;
	u64				snap_wrap;
	u64				snap[DTRACE_CNT_MAX];
	/* this CPU's variable storage, set up at GO (vars.c) */
	void				*scratch;	/* scratchsize bytes */
	void				*locals;	/* this-> variables */
	void				*key;		/* tuple key being built */
	unsigned long			*stack;	/* [DTRACE_STACK_SAVE] */
};

/*
 * An aggregation as DTRACEIOC_AGGDEF defined it (agg.c), with what probe
 * context needs precomputed: the key's size, the values' count and how
 * many entries the tuple stack holds at RET.
 */
struct dtrace_agg {
	struct dtrace_ioc_aggdef	def;
	u32				keysize;	/* bytes, keys 8-aligned */
	u32				nvals;		/* u64 words of values */
	u32				npush;		/* tuple entries expected */
	u32				levels;		/* lquantize */
	struct dtrace_llquantize	llq;		/* llquantize */
	bool				int_keyed;	/* no key, or one integer */
};

/*
 * The entry of one aggregation that a CPU hit last (agg_ctx.c): where
 * its values are in the CPU's active buffer (0: none, as after a
 * switch) and, for a key of one integer, the key.  A string key is not
 * kept here: it is compared with the one the entry stores.
 */
struct dtrace_agghit {
	u64				key;
	u32				off;
};

/*
 * One CPU's aggregation buffers: two of aggsize bytes, each a hash of
 * u32 heads (entry offsets, 0 for none) followed by bump-allocated
 * entries; agg_ctx.c fills data[active], a snapshot switches them.
 */
struct dtrace_aggbuf {
	void				*data[2];
	unsigned int			active;
	u32				used;	/* entry bytes in data[active] */
	u64				drops;	/* since the start */
	u64				drops_seen;
	u32				snap_used;
	u64				snap_drops;
	void				*key;	/* the key being built, keymax bytes */
	/* each aggregation's entry last hit on this CPU, by id; nhits of them */
	struct dtrace_agghit		*hits;
	u32				nhits;
};

/*
 * One CPU's buffer for one speculation; only that CPU touches it (or the
 * consumer, for a CPU that is offline).  done_gen is the generation of
 * the speculation whose commit or discard this CPU has carried out.
 */
struct dtrace_specbuf {
	void				*data;	/* specsize bytes */
	u32				offset;
	u32				done_gen;
};

/* The kinds of a speculation's state, its low two bits. */
enum {
	DTRACE_SPEC_INACTIVE,	/* free for speculation() */
	DTRACE_SPEC_ACTIVE,	/* claimed; speculate() records into it */
	DTRACE_SPEC_COMMITTING,	/* CPUs move their records to the principal */
	DTRACE_SPEC_DISCARDING,	/* CPUs throw their records away */
};

/* A speculation: its state word; see spec_ctx.c for the machine. */
struct dtrace_spec {
	u32				state;	/* generation << 2 | DTRACE_SPEC_* */
	atomic_t			npending;	/* CPUs yet to commit/discard */
};

/* state->vars: struct dtrace_var (engine/dif.h), indexed by id. */
struct dtrace_dynvar;

/* A bucket of the dynamic variable hash; see dynvar.c. */
struct dtrace_dynbucket {
	arch_spinlock_t			lock;	/* protects chain */
	struct dtrace_dynvar		*chain;
};

/*
 * The dynamic variable space of one consumer: self-> variables and
 * associative arrays, preallocated at GO.  See dynvar.c for the design.
 */
struct dtrace_dynspace {
	struct dtrace_dynbucket		*buckets;
	u32				nbuckets;	/* a power of two */
	arch_spinlock_t			lock;	/* protects free, next, used */
	struct dtrace_dynvar		*free[DTRACE_DYN_NCLASSES];
	char				*base;	/* the elements' memory */
	uintptr_t			next;	/* never handed out yet */
	uintptr_t			end;
	u64				budget;	/* dynvarsize */
	u64				used;	/* of the budget */
};

/* One consumer: one open of /dev/dtrace. */
struct dtrace_state {
	struct list_head		list;	/* on dtrace_states */
	/* the open file's, /proc readers', retained-enablings passes' */
	refcount_t			refs;
	u32				id;	/* for /proc/dtrace, traces; rises */
	pid_t				pid;	/* who opened it */
	char				comm[TASK_COMM_LEN];
	struct mutex			lock;	/* protects the setup, see above */
	bool				closed;	/* torn down; lock */
	int				activity;	/* DTRACE_ACTIVITY_*, atomic */
	struct dtrace_ecb		**ecbs;	/* by epid - 1 */
	struct list_head		retained;	/* retain.c */
	u32				necbs;
	u32				ecbs_cap;
	u64				options[DTRACE_OPT_MAX];
	struct dtrace_buffer __percpu	*buffers;	/* NULL before GO */
	u64				bufsize;	/* fixed at GO */
	u32				strsize;	/* fixed at GO */
	u32				scratchsize;	/* fixed at GO */
	u32				maxpush;	/* largest PUSHTR of all clauses */
	u32				keysize;	/* of buffers->key, at GO */
	struct dtrace_var		*vars;	/* [DTRACE_DIF_MAXVARS] */
	char				*globals;	/* global scalars, at GO */
	u32				globalsize;	/* of globals, at GO */
	u32				localsize;	/* of buffers->locals */
	struct dtrace_dynspace		dyn;	/* at GO */
	/* aggregations (agg.c): defined before GO, fixed after */
	struct dtrace_agg		**aggs;	/* [DTRACE_AGG_MAXID] or NULL */
	u32				naggs;	/* defined */
	u32				aggsize;	/* fixed at GO */
	u32				agg_nheads;	/* hash heads per buffer */
	u32				agg_keymax;	/* largest key */
	struct dtrace_aggbuf __percpu	*aggbufs;	/* NULL if no aggregation */
	/* principal buffer policy (buffer_ctx.c) */
	u32				bufpolicy;	/* fixed at GO */
	u64				endsize;	/* FILL: room kept for END */
	/* speculations (spec.c, spec_ctx.c), NULL if no clause uses one */
	u32				nspec;
	u32				specsize;
	struct dtrace_spec		*specs;	/* [nspec], id - 1 */
	struct dtrace_specbuf __percpu	*specbufs;	/* [nspec] per CPU */
};

/*
 * Per-firing machine state, on the stack of dtrace_probe(): the engine's
 * part (engine/dif.h: scratch, args, faults, strtok) and what only the
 * kernel has.  env_ctx.c gets here from the engine's part with
 * to_mstate().
 */
struct dtrace_mstate {
	struct dtrace_dif_mstate	dif;
	struct dtrace_probe		*probe;
	struct dtrace_ecb		*ecb;
	/* from dtrace_probe_regs(), for stack() and caller; else NULL */
	struct pt_regs			*regs;
	bool				regs_entry;	/* at a function's entry */
	bool				user;	/* fired in user code (uprobe) */
	/* fired in a kprobe's int3 trap: one NMI level is the trap's */
	bool				trap;
	/* errno: 0 until the syscall provider reports one */
	u64				errno_val;
	bool				in_error;	/* firing dtrace:::ERROR */
	bool				speculating;	/* speculate() ran */
	u64				spec;	/* its id */
	/* the last program's tuple stack (an aggregation's keys) */
	struct dtrace_tuple		tup;
};

static inline struct dtrace_mstate *to_mstate(struct dtrace_dif_mstate *dif)
{
	return container_of(dif, struct dtrace_mstate, dif);
}

/*
 * The interrupt level of the code the probe fired in, which D's ipl shows
 * and which keys self-> variables: 0 task, 1 softirq, 2 hardirq, 3 NMI.
 * The int3 trap of a kprobe (mst->trap) entered NMI and hardirq once on
 * the probed code's behalf (nmi_enter()); that level is not the code's.
 */
static inline u64 dtrace_ipl(const struct dtrace_mstate *mst)
{
	unsigned long count = preempt_count();

	if (mst->trap && (count & NMI_MASK))
		count -= NMI_OFFSET + HARDIRQ_OFFSET;
	if (count & NMI_MASK)
		return 3;
	if (count & HARDIRQ_MASK)
		return 2;
	return in_serving_softirq() ? 1 : 0;
}

/*
 * The time the probe fired, as D's timestamp and the records' stamps
 * read it: taken at its first use in the firing, so that clauses that
 * read no time (a count() aggregation) do not pay for the clock.
 */
static inline u64 dtrace_mstate_timestamp(struct dtrace_mstate *mst)
{
	if (!mst->dif.timestamp)
		mst->dif.timestamp = ktime_get_mono_fast_ns();
	return mst->dif.timestamp;
}

/*
 * Probes by id for probe context: an array that grows by replacement
 * under dtrace_lock; readers use rcu_dereference_sched().
 */
struct dtrace_probe_table {
	u32				size;
	struct dtrace_probe __rcu	*probes[];
};

extern struct mutex dtrace_lock;
extern u64 dtrace_probe_gen;
extern struct mutex dtrace_provider_lock;
extern struct xarray dtrace_probes;
extern struct dtrace_probe_table __rcu *dtrace_probe_tab;
extern struct dtrace_probe *dtrace_probe_begin, *dtrace_probe_end,
	*dtrace_probe_error;

/* provider.c */
int dtrace_providers_provide(const struct dtrace_probedesc *desc);
bool dtrace_desc_names_provider(const struct dtrace_probedesc *desc);
struct dtrace_provider *dtrace_provider_named(const struct dtrace_probedesc *desc);
struct dtrace_provider *dtrace_provider_first(void);
struct dtrace_provider *dtrace_provider_next(struct dtrace_provider *prov);

/* probe.c */
bool dtrace_probe_matches(const struct dtrace_probe *probe,
			  const struct dtrace_probedesc *desc);
int dtrace_probe_pin_locked(struct dtrace_probe *probe);
void dtrace_probe_unpin_locked(struct dtrace_probe *probe);
int dtrace_probe_arm(struct dtrace_probe *probe, bool intr);
void dtrace_probe_start(struct dtrace_probe *probe,
			const struct dtrace_state *state);
void dtrace_probe_describe(const struct dtrace_probe *probe,
			   struct dtrace_probedesc *desc);
int dtrace_probes_destroy_locked(struct dtrace_provider *prov,
				 const char *mod);
void dtrace_probe_table_free(void);

/* dif.c */
struct dtrace_dif_prog *dtrace_prog_create(const struct dtrace_difo *udifo,
					   struct dtrace_dif_err *err);
void dtrace_prog_free(struct dtrace_dif_prog *prog);

/* ecb.c */
int dtrace_ecb_enable(struct dtrace_state *state,
		      const struct dtrace_probedesc *desc,
		      struct dtrace_clause *clause, bool provide, u64 *gen,
		      u32 *nmatched);
void dtrace_ecbs_destroy(struct dtrace_state *state);
struct dtrace_clause *dtrace_clause_create(u64 cookie,
					   const struct dtrace_difo *upred,
					   const struct dtrace_actdesc __user *uacts,
					   u32 nactions,
					   struct dtrace_dif_err *err,
					   u32 *err_prog);
void dtrace_clause_put(struct dtrace_clause *clause);

/* state.c */
extern struct list_head dtrace_states;
extern struct mutex dtrace_states_lock;
struct dtrace_state *dtrace_state_create(void);
void dtrace_state_destroy(struct dtrace_state *state);
struct dtrace_state *dtrace_state_next(u32 after);
void dtrace_state_put(struct dtrace_state *state);
int dtrace_state_setopt(struct dtrace_state *state, u32 option, u64 value);
int dtrace_state_go(struct dtrace_state *state, u32 *cpu);
int dtrace_state_stop(struct dtrace_state *state, u32 *cpu);

/* buffer.c */
int dtrace_buffers_alloc(struct dtrace_state *state);
void dtrace_buffers_free(struct dtrace_state *state);
int dtrace_buffer_snapshot(struct dtrace_state *state,
			   struct dtrace_ioc_bufsnap *snap);
void dtrace_buffers_count(struct dtrace_state *state,
			  u64 count[DTRACE_CNT_MAX]);
void dtrace_cpu_call(int cpu, smp_call_func_t fn, void *arg);

/* agg.c */
int dtrace_agg_define(struct dtrace_state *state,
		      const struct dtrace_ioc_aggdef *def);
int dtrace_aggs_check_clause(const struct dtrace_state *state,
			     const struct dtrace_clause *clause);
int dtrace_aggs_alloc(struct dtrace_state *state);
void dtrace_aggs_free(struct dtrace_state *state);
void dtrace_aggs_destroy(struct dtrace_state *state);
int dtrace_agg_snapshot(struct dtrace_state *state,
			struct dtrace_ioc_aggsnap *snap);
u64 dtrace_aggs_drops(struct dtrace_state *state);

/* spec.c */
int dtrace_specs_alloc(struct dtrace_state *state);
void dtrace_specs_free(struct dtrace_state *state);
void dtrace_specs_offline(struct dtrace_state *state);

/* vars.c */
int dtrace_vars_declare(struct dtrace_state *state,
			const struct dtrace_clause *clause);
void dtrace_vars_commit(struct dtrace_state *state,
			const struct dtrace_clause *clause);
bool dtrace_vars_fit(const struct dtrace_state *state);
int dtrace_vars_alloc(struct dtrace_state *state);
void dtrace_vars_free(struct dtrace_state *state);

/* dynvar.c, stack.c, env_ctx.c: probe context */
extern const u8 dtrace_zero_area[DTRACE_RECORD_MAX];
u32 dtrace_stack_kernel(struct dtrace_mstate *mst, u64 *pcs, u32 max);
u32 dtrace_stack_user(const struct dtrace_mstate *mst, u64 *pcs, u32 max);
u64 dtrace_caller(struct dtrace_mstate *mst);

/* pcap_ctx.c: probe context */
void dtrace_pcap_store(struct dtrace_mstate *mst, char *dst, u64 addr,
		       u32 size);

/* probe_ctx.c */

/* How deep this CPU is inside the core; see "The per-CPU guard" above. */
DECLARE_PER_CPU(unsigned int, dtrace_nesting);

/**
 * dtrace_guard_enter() - raise this CPU's guard before touching buffers
 *
 * Always pair it with dtrace_guard_leave(), whatever it returned.  The
 * increment is one instruction and whatever interrupts it (an NMI) puts
 * the count back before returning, so it never needs more.
 * Context: interrupts off; any context, NMI included.
 * Return: true if this CPU was not inside the core: the caller may go
 * on.  False: an NMI (or a probe inside the core's own code) came in
 * while this CPU was firing a probe or switching a buffer; the caller
 * must touch nothing but DTRACE_CNT_NESTED.
 */
static __always_inline bool dtrace_guard_enter(void)
{
	return __this_cpu_inc_return(dtrace_nesting) == 1;
}

/**
 * dtrace_guard_leave() - lower what dtrace_guard_enter() raised
 *
 * Context: interrupts off, as they were for dtrace_guard_enter().
 */
static __always_inline void dtrace_guard_leave(void)
{
	__this_cpu_dec(dtrace_nesting);
}

void dtrace_actions_init(void);
void dtrace_actions_exit(void);

void dtrace_probe_fire_state(struct dtrace_probe *probe,
			     struct dtrace_state *state);

bool dtrace_state_exit(struct dtrace_state *state);

/*
 * fentry.c: the function-entry service's sites.  Its ftrace_ops'
 * handler, dtrace_fentry_handler(), lives in probe_ctx.c beside the
 * entry points, so that a function's entry probe is fired with no call
 * into the core and no second prologue.
 */

/* In a site's key while a system call's entry probe is attached there. */
#define DTRACE_FENTRY_KEY_SYSCALL	1UL
#define DTRACE_FENTRY_HASH_BITS		10

/**
 * struct dtrace_fentry_site - one function in the filter
 * @node: in dtrace_fentry_table, by @ip
 * @key: what the handler compares with its ip: @ip alone while only a
 *	function's entry probe is attached (its straight path), @ip |
 *	DTRACE_FENTRY_KEY_SYSCALL while a system call's is (ftrace call
 *	sites are at even addresses)
 * @ip: the function's ftrace call site (a function-entry kprobe's addr)
 * @id: the probe of each kind attached here; DTRACE_IDNONE for none.
 *	Deleting the site leaves them as they were: a handler that still
 *	sees it fires them, as it would have just before
 * @nargs: the arguments of each kind's probe
 * @fn_probe: the probe of id[DTRACE_FENTRY_FUNCTION], which the straight
 *	path fires with no look-up in the probe table.  Set with the id
 *	and left as it is when the id goes.  A probe stays while it is
 *	armed (dtrace_probes_destroy_locked() refuses one that is busy):
 *	it is detached, in its provider's ->disable, before it can be
 *	removed, and removing it waits for an RCU grace period, which the
 *	handlers that may still see it are inside
 * @rcu: freeing after the handlers that may see it
 */
struct dtrace_fentry_site {
	struct hlist_node	node;
	unsigned long		key;
	unsigned long		ip;
	dtrace_id_t		id[DTRACE_FENTRY_NKINDS];
	u8			nargs[DTRACE_FENTRY_NKINDS];
	struct dtrace_probe	*fn_probe;
	struct rcu_head		rcu;
};

struct ftrace_ops;
struct ftrace_regs;

/* The table and its one-site shortcut: fentry.c says who writes them. */
extern struct hlist_head dtrace_fentry_table[1 << DTRACE_FENTRY_HASH_BITS];
extern struct dtrace_fentry_site __rcu *dtrace_fentry_one;

void dtrace_fentry_fire_all(const struct dtrace_fentry_site *site,
			    struct ftrace_regs *fregs);
void dtrace_fentry_handler(unsigned long ip, unsigned long parent_ip,
			   struct ftrace_ops *ops, struct ftrace_regs *fregs);

/* buffer_ctx.c: probe context */
void *dtrace_buffer_reserve(struct dtrace_state *state,
			    struct dtrace_buffer *buf, u32 size, bool end);
void dtrace_buffer_commit(struct dtrace_buffer *buf, u32 size);

/*
 * The argument of a buffer switch: the consumer's state, the CPU's
 * buffer, whether the state was STOPPED when the consumer asked.
 */
struct dtrace_switch {
	struct dtrace_state		*state;
	struct dtrace_buffer		*buf;
	int				cpu;
	bool				stopped;
};

void dtrace_buffer_switch(void *arg);

/* agg_ctx.c: probe context */
extern bool dtrace_agg_fast;	/* the fast paths of aggregating clauses */
void dtrace_agg_fire(struct dtrace_mstate *mst,
		     const struct dtrace_action *act);
void dtrace_agg_switch(void *aggbuf);
u64 *dtrace_agg_lookup_miss(const struct dtrace_state *state,
			    struct dtrace_aggbuf *ab,
			    const struct dtrace_agg *agg, u64 key);
u64 *dtrace_agg_lookup_var(const struct dtrace_ecb *ecb,
			   struct dtrace_aggbuf *ab);

/*
 * The hit alone of dtrace_agg_lookup_int() (below): @agg's values for
 * the integer @key when this CPU's last entry of @agg was for @key,
 * else NULL, with no call (probe_ctx.c's first ECB loop).
 * Context: probe context.
 */
static __always_inline u64 *
dtrace_agg_hit_int(struct dtrace_aggbuf *ab, const struct dtrace_agg *agg,
		   u64 key)
{
	const struct dtrace_agghit *hit = &ab->hits[agg->def.id];

	if (hit->off && hit->key == key)
		return (u64 *)((char *)ab->data[ab->active] + hit->off);
	return NULL;
}

/*
 * The values of @agg's entry for the integer @key (0 for no key;
 * agg->int_keyed) in this CPU's buffer @ab: the entry this CPU hit last
 * for @agg when its key is the same, without hashing, else
 * dtrace_agg_lookup_miss(), which finds or makes the entry the general
 * path would (same hash, same key words) and caches it.  Inline here
 * for the callers of the hit path, dtrace_agg_fire() and probe_ctx.c's
 * ECB loop.
 * Context: probe context.
 * Return: NULL if a new entry does not fit (the caller counts the drop).
 */
static __always_inline u64 *
dtrace_agg_lookup_int(const struct dtrace_state *state,
		      struct dtrace_aggbuf *ab, const struct dtrace_agg *agg,
		      u64 key)
{
	u64 *vals = dtrace_agg_hit_int(ab, agg, key);

	return vals ? vals : dtrace_agg_lookup_miss(state, ab, agg, key);
}

/* spec_ctx.c: probe context */
u64 dtrace_spec_claim(struct dtrace_mstate *mst);
struct dtrace_specbuf *dtrace_spec_buffer(struct dtrace_mstate *mst, u64 id,
					  u32 size);
void dtrace_spec_end(struct dtrace_mstate *mst, u64 id, bool commit);
void dtrace_specs_switch(struct dtrace_state *state, int cpu);

/*
 * The engine (engine/dif.h) seen from the kernel's machine state: run a
 * verified program (its tuple stack stays in mst->tup, for an
 * aggregation's keys), record a fault, copy strings and values with
 * the engine's fault-safe reads.  Probe context.
 */
static inline u64 dtrace_dif_run(const struct dtrace_dif_prog *prog,
				 struct dtrace_mstate *mst)
{
	return dtrace_dif_exec(prog, &mst->dif, &mst->tup);
}

static inline void dtrace_fault_set(struct dtrace_mstate *mst, u32 fault,
				    u64 addr)
{
	dtrace_dif_fault(&mst->dif, fault, addr);
}

static inline u32 dtrace_copy_strn(struct dtrace_mstate *mst, char *dst,
				   uintptr_t src, u32 size)
{
	return dtrace_dif_copy_strn(&mst->dif, dst, src, size);
}

static inline void dtrace_copy_string(struct dtrace_mstate *mst, char *dst,
				      uintptr_t src, u32 size)
{
	dtrace_dif_copy_string(&mst->dif, dst, src, size);
}

/* retain.c */
struct dtrace_retained;
struct dtrace_retained *dtrace_retained_alloc(const struct dtrace_probedesc *desc,
					      struct dtrace_clause *clause);
void dtrace_retained_discard(struct dtrace_retained *r);
void dtrace_retain(struct dtrace_state *state, struct dtrace_retained *r,
		   u64 gen, u32 nmatched);
bool dtrace_retained_speculates(const struct dtrace_state *state);
void dtrace_retained_free(struct dtrace_state *state);
void dtrace_retained_kick(void);
int dtrace_retained_init(void);
void dtrace_retained_exit(void);

/* dtrace_prov.c */
int dtrace_prov_init(void);
void dtrace_prov_exit(void);

/* ioctl.c, dev.c, proc.c */
long dtrace_ioctl(struct file *file, unsigned int cmd, unsigned long arg);
int dtrace_dev_init(void);
void dtrace_dev_exit(void);
int dtrace_proc_init(void);
void dtrace_proc_exit(void);

/*
 * mem.c: every allocation a consumer causes, counted, and failed on
 * request (fail_nth).  Blocks are zeroed; dtrace_free(NULL) is a no-op.
 */
void *dtrace_zalloc(size_t size, gfp_t gfp);
void *dtrace_zalloc_node(size_t size, gfp_t gfp, int node);
void *dtrace_zalloc_array(size_t n, size_t size, gfp_t gfp);
void dtrace_free(const void *p);
void __percpu *dtrace_percpu_zalloc(size_t size, size_t align);
void dtrace_percpu_free(void __percpu *p, size_t size);
void dtrace_mem_usage(long *bytes, long *nallocs);

/* trace.c: the ring of /proc/dtrace/trace; not from probe context */
__printf(1, 2) void dtrace_trace(const char *fmt, ...);
struct seq_file;
int dtrace_trace_show(struct seq_file *m, void *v);

/* timeout.c, cyclic.c: the services of <dtrace/services.h> */
int dtrace_timeout_init(void);
void dtrace_timeout_exit(void);
int dtrace_cyclic_init(void);
void dtrace_cyclic_exit(void);

#endif /* _DTRACE_INTERNAL_H */
