// SPDX-License-Identifier: GPL-2.0
/*
 * Probe context: everything reachable from dtrace_probe().
 *
 * The rules for every function in this file and the other probe-context
 * files:
 *  - it may run in any context: process, softirq, hardirq, NMI, with any
 *    lock held, always with interrupts off on this CPU and inside this
 *    CPU's guard (dtrace_guard_enter(), the Locking block of
 *    internal.h): a probe that fires while the guard is up, from an NMI,
 *    only counts a drop;
 *  - it never sleeps and allocates nothing: all it needs was set up at
 *    enable or GO time (per-CPU, not on the stack, when large);
 *  - it takes no lock but the dynamic variable space's arch spinlocks,
 *    which dynvar.c explains;
 *  - it reads traced memory only through copy_from_kernel_nofault() (and
 *    user memory through copy_from_user_nofault()), so a bad address is
 *    a fault reported to the consumer, never an oops; it writes only its
 *    CPU's buffers, scratch, variables and the dynamic variable space;
 *  - it calls nothing but the other probe-context files of framework/
 *    (env_ctx.c, dynvar.c, stack.c, buffer_ctx.c, agg_ctx.c,
 *    spec_ctx.c, pcap_ctx.c, and the engine's engine/dif_exec_ctx.c and
 *    engine/dif_subr_ctx.c), inlines
 *    from include/linux, the nofault copies, the NMI-safe clocks,
 *    the stack unwinder and irq_work_queue().
 * These files are built without ftrace hooks and their entry points are
 * NOKPROBE_SYMBOL, so tracing can never recurse into the tracer.
 *
 * This file: dtrace_probe() and its siblings, the clauses they fire,
 * their records and actions (raise/stop through an irq_work, chill,
 * panic), dtrace:::ERROR.
 * Where a record goes is buffer_ctx.c's business (or spec_ctx.c's, after
 * speculate()); aggregating is agg_ctx.c's.
 */
#define pr_fmt(fmt) "dtrace: " fmt

#include <linux/ftrace.h>
#include <linux/hashtable.h>
#include <linux/irq_work.h>
#include <linux/kprobes.h>
#include <linux/panic.h>
#include <linux/percpu.h>
#include <linux/pid.h>
#include <linux/pid_namespace.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/string.h>
#include <linux/timekeeping.h>
#include <linux/uaccess.h>
#include <dtrace/compat.h>
#include "internal.h"

/* How deep this CPU is inside the core: dtrace_guard_enter() (internal.h). */
DEFINE_PER_CPU(unsigned int, dtrace_nesting);

/*
 * raise() and stop(): a signal cannot be sent from every probe context
 * (NMI, or with the target's siglock held), so the request waits in a
 * per-CPU slot for an irq_work, which runs when this CPU next enables
 * interrupts (hardirq; a thread on PREEMPT_RT).  One request per CPU is
 * in flight; another one meanwhile is counted as an error.
 */
struct dtrace_sigreq {
	struct irq_work			work;
	pid_t				pid;	/* thread to signal */
	int				sig;
};

static void dtrace_sigreq_run(struct irq_work *work)
{
	struct dtrace_sigreq *req = container_of(work, struct dtrace_sigreq,
						 work);
	struct task_struct *task;

	rcu_read_lock();
	task = pid_task(find_pid_ns(req->pid, &init_pid_ns), PIDTYPE_PID);
	if (task)
		send_sig(req->sig, task, 1);
	rcu_read_unlock();
}

static DEFINE_PER_CPU(struct dtrace_sigreq, dtrace_sigreq);

/* chill(): ns spun on this CPU in the second that began at start. */
struct dtrace_chill {
	u64				start;
	u64				spent;
};

static DEFINE_PER_CPU(struct dtrace_chill, dtrace_chill);

#define DTRACE_CHILL_MAX	(500 * NSEC_PER_MSEC)

static void dtrace_store_int(void *dst, u64 v, u32 size)
{
	switch (size) {
	case 1:
		*(u8 *)dst = v;
		break;
	case 2:
		*(u16 *)dst = v;
		break;
	case 4:
		*(u32 *)dst = v;
		break;
	default:
		*(u64 *)dst = v;
		break;
	}
}

/* The cpu option: a probe fires only on the CPU it names, if it names one. */
static bool dtrace_state_on_cpu(const struct dtrace_state *state)
{
	return state->options[DTRACE_OPT_CPU] == DTRACE_CPU_ANY ||
	       state->options[DTRACE_OPT_CPU] == smp_processor_id();
}

/*
 * Whether @ecb may fire in its consumer's activity: the commonest case,
 * an ECB of an ordinary probe in ACTIVE with no cpu option, is one
 * compare (its activity is the ECB's fires_fast, which dtrace_state_go()
 * set to fires_in when the option says any CPU, or for BEGIN and END,
 * which fire where the consumer runs, whatever the cpu option says); the
 * rest is dtrace_ecb_may_fire_other(), the full test.
 */
static __always_inline bool
dtrace_ecb_may_fire_other(const struct dtrace_ecb *ecb, int activity)
{
	const struct dtrace_state *state = ecb->state;

	if (activity == ecb->fires_in)
		return activity != DTRACE_ACTIVITY_ACTIVE ||
		       dtrace_state_on_cpu(state);
	return ecb->fires_in == DTRACE_ECB_FIRES_ERROR &&
	       activity != DTRACE_ACTIVITY_INACTIVE &&
	       activity != DTRACE_ACTIVITY_STOPPED &&
	       dtrace_state_on_cpu(state);
}

static __always_inline bool dtrace_ecb_may_fire(const struct dtrace_ecb *ecb)
{
	const struct dtrace_state *state = ecb->state;
	int activity = READ_ONCE(state->activity);

	if (likely(activity == READ_ONCE(ecb->fires_fast)))
		return true;
	return dtrace_ecb_may_fire_other(ecb, activity);
}

/**
 * dtrace_state_exit() - stop recording anything but END
 * @state: the consumer
 *
 * For exit() and for a full buffer under the fill policy, whether BEGIN
 * runs or not.  Only one exit() record may reach the consumer: when a
 * clause on another CPU got past dtrace_ecb_may_fire() too and exits
 * second, its cmpxchg fails and its whole record is dropped (not
 * counted: nothing was lost that the program asked to keep).  exit() in
 * END (COOLDOWN) only sets the status again.
 * Context: probe context.
 * Return: whether this call stopped the state (or it is in END).
 */
bool dtrace_state_exit(struct dtrace_state *state)
{
	int cur = READ_ONCE(state->activity);

	if (cur == DTRACE_ACTIVITY_COOLDOWN)
		return true;
	if (cur != DTRACE_ACTIVITY_WARMUP)
		cur = DTRACE_ACTIVITY_ACTIVE;
	return cmpxchg(&state->activity, cur,
		       DTRACE_ACTIVITY_DRAINING) == cur;
}

static bool dtrace_probe_fire(struct dtrace_probe *probe,
			      struct dtrace_mstate *mst,
			      struct dtrace_state *only);

/*
 * A clause of @ecb faulted in @action (0: predicate): fire dtrace:::ERROR
 * for the same consumer, with DTrace's arg1, the probe's ID, and the
 * EPID in arg0, which DTrace gives no meaning.  A fault in an ERROR
 * clause, or a consumer with no ERROR clause, is only counted.  A
 * DTRACE_DIF_QUIT (a dynamic variable drop, counted as such) is no
 * error: the clause only ends.
 */
static void dtrace_ecb_error(struct dtrace_ecb *ecb, struct dtrace_mstate *mst,
			     u32 action)
{
	struct dtrace_buffer *buf = this_cpu_ptr(ecb->state->buffers);
	struct dtrace_mstate err = {
		.dif.timestamp = ktime_get_mono_fast_ns(),
		.dif.args = { ecb->epid, ecb->probe->id, action,
			      mst->dif.fault_pc,
			      mst->dif.fault, mst->dif.fault_addr },
		.probe = dtrace_probe_error,
		.in_error = true,
	};

	if (mst->dif.fault == DTRACE_DIF_QUIT)
		return;
	if (mst->in_error || !dtrace_probe_fire(dtrace_probe_error, &err,
						ecb->state))
		buf->count[DTRACE_CNT_ERRORS]++;
}

/* Queue raise()/stop() of signal @sig for the current thread. */
static bool dtrace_act_signal(struct dtrace_mstate *mst, u64 sig)
{
	struct dtrace_sigreq *req = this_cpu_ptr(&dtrace_sigreq);

	if (!sig || sig >= _NSIG) {
		dtrace_fault_set(mst, DTRACEFLT_ILLOP, sig);
		return true;
	}
	if ((current->flags & PF_KTHREAD) || irq_work_is_busy(&req->work))
		return false;
	req->pid = current->pid;
	req->sig = sig;
	irq_work_queue(&req->work);
	return true;
}

/* chill(@ns): spin, within the budget of this CPU for this second. */
static bool dtrace_act_chill(u64 ns)
{
	struct dtrace_chill *c = this_cpu_ptr(&dtrace_chill);
	u64 now = ktime_get_mono_fast_ns();

	if (now - c->start >= NSEC_PER_SEC) {
		c->start = now;
		c->spent = 0;
	}
	if (ns > DTRACE_CHILL_MAX - c->spent)
		return false;
	c->spent += ns;
	while (ktime_get_mono_fast_ns() - now < ns)
		cpu_relax();
	return true;
}

static void __noreturn dtrace_act_panic(const struct dtrace_mstate *mst)
{
	const struct dtrace_probe *probe = mst->probe;

	panic("dtrace: panic() action in %s:%s:%s:%s\n", probe->prov->name,
	      probe->mod, probe->func, probe->name);
}

/* Store a DIFEXPR result: integer, string or by-reference bytes. */
static void dtrace_act_store(struct dtrace_mstate *mst,
			     const struct dtrace_action *act, char *dst, u64 v)
{
	const struct dtrace_dif_prog *prog = act->prog;
	u32 n;

	switch (prog->rtype) {
	case DTRACE_DIF_RTYPE_STRING:
		dtrace_copy_string(mst, dst, v, act->size);
		break;
	case DTRACE_DIF_RTYPE_BYREF:
		n = min(act->size, prog->rsize);
		if (copy_from_kernel_nofault(dst, (void *)(uintptr_t)v, n))
			dtrace_fault_set(mst, DTRACEFLT_BADADDR, v);
		else
			memset(dst + n, 0, act->size - n);
		break;
	default:
		dtrace_store_int(dst, v, act->size);
		break;
	}
}

/*
 * Run one action, storing into @data (NULL before the record is placed:
 * such actions store nothing).  Return: false if it was skipped in a way
 * that counts as an error without a fault (chill() over budget, a signal
 * that cannot be queued).
 */
static bool dtrace_act_run(struct dtrace_mstate *mst,
			   const struct dtrace_action *act, char *data)
{
	char *dst = data + act->offset;
	u64 *pcs = (u64 *)dst;	/* stack slots are 8-aligned (ecb.c) */
	u64 v;
	u32 n;

	if (act->kind == DTRACE_ACT_AGGREGATE) {
		dtrace_agg_fire(mst, act);
		return true;
	}
	v = act->prog ? dtrace_dif_run(act->prog, mst) : 0;
	if (mst->dif.fault)
		return true;
	switch (act->kind) {
	case DTRACE_ACT_DIFEXPR:
		if (act->size)
			dtrace_act_store(mst, act, dst, v);
		break;
	case DTRACE_ACT_EXIT:
		dtrace_store_int(dst, v, act->size);
		break;
	case DTRACE_ACT_STACK:
		n = min(dtrace_stack_kernel(mst, pcs, act->arg), act->arg);
		memset(pcs + n, 0, (act->arg - n) * sizeof(u64));
		break;
	case DTRACE_ACT_USTACK:
		pcs[0] = current->tgid;
		n = dtrace_stack_user(mst, pcs + 1, act->arg);
		memset(pcs + 1 + n, 0, (act->arg - n) * sizeof(u64));
		break;
	case DTRACE_ACT_SPECULATE:
		mst->speculating = true;
		mst->spec = v;
		break;
	case DTRACE_ACT_COMMIT:
	case DTRACE_ACT_DISCARD:
		dtrace_spec_end(mst, v, act->kind == DTRACE_ACT_COMMIT);
		break;
	case DTRACE_ACT_RAISE:
		return dtrace_act_signal(mst, v);
	case DTRACE_ACT_STOP:
		return dtrace_act_signal(mst, SIGSTOP);
	case DTRACE_ACT_CHILL:
		return dtrace_act_chill(v);
	case DTRACE_ACT_PANIC:
		dtrace_act_panic(mst);
	case DTRACE_ACT_PCAP:
		dtrace_pcap_store(mst, dst, v, act->size);
		break;
	}
	return true;
}

/*
 * Run actions [@from, @to) of @ecb's clause into @data.  Return: false
 * if the firing must end here without a record (a fault, or an exit()
 * that lost the race to stop the state).
 */
static bool dtrace_ecb_actions(struct dtrace_ecb *ecb,
			       struct dtrace_mstate *mst, u32 from, u32 to,
			       char *data)
{
	struct dtrace_buffer *buf = this_cpu_ptr(ecb->state->buffers);
	u32 i;

	for (i = from; i < to; i++) {
		const struct dtrace_action *act = &ecb->clause->actions[i];

		if (!dtrace_act_run(mst, act, data))
			buf->count[DTRACE_CNT_ERRORS]++;
		if (mst->dif.fault) {
			/* The record is dropped whole: nothing committed. */
			dtrace_ecb_error(ecb, mst, i + 1);
			return false;
		}
		if (act->kind == DTRACE_ACT_EXIT &&
		    !dtrace_state_exit(ecb->state))
			return false;
	}
	return true;
}

/*
 * Place the record of @ecb: in this CPU's buffer of the speculation
 * speculate() named, if it did, else in the principal buffer.  Return:
 * the header, or NULL (counted by the callees) if it has no room.
 */
static struct dtrace_rechdr *dtrace_ecb_reserve(struct dtrace_ecb *ecb,
						struct dtrace_mstate *mst,
						struct dtrace_specbuf **sb)
{
	struct dtrace_state *state = ecb->state;

	*sb = NULL;
	if (mst->speculating) {
		*sb = dtrace_spec_buffer(mst, mst->spec, ecb->recsize);
		return *sb ? (*sb)->data + (*sb)->offset : NULL;
	}
	return dtrace_buffer_reserve(state, this_cpu_ptr(state->buffers),
				     ecb->recsize,
				     mst->probe == dtrace_probe_end);
}

/*
 * Count @ecb's firing here if its clause is `@ = count()` or a count()
 * keyed by one built-in variable such as `@[execname] = count()`
 * (ecb->agg_direct, ecb.c) and the fast paths are on: what
 * dtrace_agg_fire() would do for it, without a machine state, a clause
 * start or a program run (the program reads nothing but the key, which
 * dtrace_agg_lookup_var() reads itself, and cannot fault).
 * Return: whether it did; if not, the caller fires the clause.
 */
static __always_inline bool dtrace_ecb_count_direct(const struct dtrace_ecb *ecb)
{
	const struct dtrace_agg *agg = ecb->agg_direct;
	struct dtrace_aggbuf *ab;
	u64 *vals;

	if (!agg || !READ_ONCE(dtrace_agg_fast))
		return false;
	ab = this_cpu_ptr(ecb->state->aggbufs);
	if (agg->def.nkeys)
		vals = dtrace_agg_lookup_var(ecb, ab);
	else
		vals = dtrace_agg_lookup_int(ecb->state, ab, agg, 0);
	if (vals)
		vals[0]++;
	else
		ab->drops++;
	return true;
}

/*
 * Fire one clause: the predicate, the actions that store nothing before
 * its record (aggregations, speculate(), commit() ...), then, if the
 * clause records (it has no actions, or actions that store data), the
 * record and the actions that fill it.  Out of line: most clauses of
 * dtrace_probe_run_ecbs()'s loop never come here
 * (dtrace_ecb_count_direct()).
 */
static noinline void dtrace_ecb_fire(struct dtrace_ecb *ecb,
				     struct dtrace_mstate *mst)
{
	const struct dtrace_clause *clause = ecb->clause;
	struct dtrace_state *state = ecb->state;
	struct dtrace_buffer *buf = this_cpu_ptr(state->buffers);
	struct dtrace_specbuf *sb;
	struct dtrace_rechdr *hdr;

	mst->ecb = ecb;
	mst->speculating = false;
	dtrace_dif_clause_start(&mst->dif, buf->scratch, state->scratchsize,
				state->strsize);
	if (clause->pred) {
		u64 v = dtrace_dif_run(clause->pred, mst);

		if (mst->dif.fault) {
			dtrace_ecb_error(ecb, mst, 0);
			return;
		}
		if (!v)
			return;
	}

	/* One aggregation, the commonest clause: what the loop would do. */
	if (clause->nactions == 1 &&
	    clause->actions[0].kind == DTRACE_ACT_AGGREGATE &&
	    READ_ONCE(dtrace_agg_fast)) {
		dtrace_agg_fire(mst, &clause->actions[0]);
		if (mst->dif.fault)
			dtrace_ecb_error(ecb, mst, 1);
		return;
	}
	if (!dtrace_ecb_actions(ecb, mst, 0, clause->first_data, NULL))
		return;
	if (clause->nactions && !clause->datasize)
		return;		/* stores nothing: no record */
	hdr = dtrace_ecb_reserve(ecb, mst, &sb);
	if (!hdr)
		return;
	hdr->epid = ecb->epid;
	hdr->size = sizeof(*hdr) + clause->datasize;
	hdr->timestamp = dtrace_mstate_timestamp(mst);
	if (!dtrace_ecb_actions(ecb, mst, clause->first_data,
				clause->nactions, (char *)(hdr + 1)))
		return;
	if (sb)
		sb->offset += ecb->recsize;
	else
		dtrace_buffer_commit(buf, ecb->recsize);
}

/*
 * Run every ECB on @probe (of consumer @only, if given) that may fire in
 * its consumer's current activity.  Return: whether any did.
 */
static bool dtrace_probe_fire(struct dtrace_probe *probe,
			      struct dtrace_mstate *mst,
			      struct dtrace_state *only)
{
	struct dtrace_ecb *ecb;
	bool fired = false;

	for (ecb = rcu_dereference_sched(probe->ecbs); ecb;
	     ecb = rcu_dereference_sched(ecb->next)) {
		if ((only && ecb->state != only) ||
		    !dtrace_ecb_may_fire(ecb))
			continue;
		fired = true;
		if (!dtrace_ecb_count_direct(ecb))
			dtrace_ecb_fire(ecb, mst);
	}
	return fired;
}

static struct dtrace_probe *dtrace_probe_find(dtrace_id_t id)
{
	struct dtrace_probe_table *tab = rcu_dereference_sched(dtrace_probe_tab);

	if (!tab || id >= tab->size)
		return NULL;
	return rcu_dereference_sched(tab->probes[id]);
}

/*
 * The machine state of the firing on this CPU.  One firing runs on a CPU
 * at a time (the guard), so it lives here and not on the stack, where
 * the kernel's stack initialisation would zero all of it each time: a
 * firing sets what it reads before writing (below, and each clause in
 * dtrace_ecb_fire() and dtrace_dif_clause_start()).  dtrace:::ERROR,
 * fired from inside a firing, has its own on the stack.
 */
static DEFINE_PER_CPU(struct dtrace_mstate, dtrace_mstate);

/* The firing's state but for its arguments: see dtrace_mstate above. */
static __always_inline struct dtrace_mstate *
dtrace_mstate_start(struct dtrace_probe *probe, int err, struct pt_regs *regs,
		    bool user, bool entry, bool trap)
{
	struct dtrace_mstate *mst = this_cpu_ptr(&dtrace_mstate);

	mst->dif.timestamp = 0;
	mst->probe = probe;
	mst->errno_val = err;
	mst->regs = user ? NULL : regs;
	mst->regs_entry = entry;
	mst->user = user;
	mst->trap = trap;
	mst->in_error = false;
	return mst;
}

/*
 * Where a firing's arguments come from, read only when its first clause
 * that is not counted directly fires.  Each kind has its own out-of-line
 * loop (dtrace_probe_general()), so the kind is a constant there, not a
 * switch at run time.
 */
enum dtrace_argsrc_kind {
	DTRACE_ARGSRC_ARRAY6,	/* dtrace_probe()'s six in @args */
	DTRACE_ARGSRC_ARRAY,	/* @args, @nargs of them */
	DTRACE_ARGSRC_KREGS,	/* kernel registers at a function's entry */
	DTRACE_ARGSRC_FENTRY,	/* the same, through the core's ftrace_ops */
	DTRACE_ARGSRC_UREGS,	/* user registers: the six argument registers */
	DTRACE_ARGSRC_UFN,	/* user registers, through the provider's @fn */
};

struct dtrace_argsrc {
	enum dtrace_argsrc_kind		kind;
	unsigned int			nargs;	/* ARRAY, KREGS, FENTRY */
	unsigned long			ip;	/* FENTRY: the hook's address */
	const u64			*args;	/* ARRAY */
	u64				a0, a1, a2, a3, a4, a5; /* ARRAY6 */
	dtrace_args_fn			fn;	/* UFN */
	const void			*data;	/* UFN: @fn's */
};

/* A firing's two flags, in one argument of dtrace_probe_ecbs_array(). */
#define DTRACE_FIRE_ENTRY	0x1	/* mst->regs_entry */
#define DTRACE_FIRE_TRAP	0x2	/* mst->trap */

/* Zeros in the arguments from @n on. */
static __always_inline void dtrace_mstate_args_zero(struct dtrace_mstate *mst,
						    unsigned int n)
{
	unsigned int i;

	for (i = n; i < ARRAY_SIZE(mst->dif.args); i++)
		mst->dif.args[i] = 0;
}

/* @nargs of @args, then zeros: a constant @nargs makes this a few stores. */
static __always_inline void dtrace_mstate_args(struct dtrace_mstate *mst,
					       const u64 *args,
					       unsigned int nargs)
{
	unsigned int n = min_t(unsigned int, nargs,
			       ARRAY_SIZE(mst->dif.args));

	memcpy(mst->dif.args, args, n * sizeof(*args));
	memset(mst->dif.args + n, 0,
	       (ARRAY_SIZE(mst->dif.args) - n) * sizeof(*args));
}

/* dtrace_probe()'s six (@src's a0 to a5), then zeros. */
static __always_inline void dtrace_mstate_args6(struct dtrace_mstate *mst,
						const struct dtrace_argsrc *src)
{
	u64 *args = mst->dif.args;

	args[0] = src->a0;
	args[1] = src->a1;
	args[2] = src->a2;
	args[3] = src->a3;
	args[4] = src->a4;
	args[5] = src->a5;
	dtrace_mstate_args_zero(mst, 6);
}

/*
 * The x86-64 calling convention's six argument registers, the first
 * @nargs of them (what D reads past a function's own arguments: 0), and
 * zeros up to the seventh.  The same for user and kernel registers.
 */
static __always_inline void dtrace_mstate_reg_args(struct dtrace_mstate *mst,
						   const struct pt_regs *regs,
						   unsigned int nargs)
{
	u64 *args = mst->dif.args;

	args[0] = nargs > 0 ? regs->di : 0;
	args[1] = nargs > 1 ? regs->si : 0;
	args[2] = nargs > 2 ? regs->dx : 0;
	args[3] = nargs > 3 ? regs->cx : 0;
	args[4] = nargs > 4 ? regs->r8 : 0;
	args[5] = nargs > 5 ? regs->r9 : 0;
}

/*
 * A kernel function's arguments at its first instruction: six in
 * registers, the rest on the kernel stack above the return address
 * (read with a nofault copy; 0 if it faults).
 */
static __always_inline void dtrace_mstate_entry_args(struct dtrace_mstate *mst,
						     struct pt_regs *regs,
						     unsigned int nargs)
{
	u64 *args = mst->dif.args;
	unsigned long *sp;
	unsigned int i;

	dtrace_mstate_reg_args(mst, regs, nargs);
	if (likely(nargs <= 6)) {
		dtrace_mstate_args_zero(mst, 6);
		return;
	}
	sp = (unsigned long *)kernel_stack_pointer(regs);
	for (i = 6; i < ARRAY_SIZE(mst->dif.args); i++)
		if (i >= nargs ||
		    copy_from_kernel_nofault(&args[i], sp + i - 5,
					     sizeof(args[i])))
			args[i] = 0;
}

/* The firing's arguments, from @src (with @regs, the entry point's). */
static __always_inline void dtrace_mstate_fill(struct dtrace_mstate *mst,
					       const struct dtrace_argsrc *src,
					       struct pt_regs *regs)
{
	unsigned int n;

	switch (src->kind) {
	case DTRACE_ARGSRC_ARRAY6:
		break;		/* dtrace_probe_general() stored them */
	case DTRACE_ARGSRC_ARRAY:
		dtrace_mstate_args(mst, src->args, src->nargs);
		break;
	case DTRACE_ARGSRC_KREGS:
	case DTRACE_ARGSRC_FENTRY:
		dtrace_mstate_entry_args(mst, regs, src->nargs);
		break;
	case DTRACE_ARGSRC_UREGS:
		dtrace_mstate_reg_args(mst, regs, 6);
		dtrace_mstate_args_zero(mst, 6);
		break;
	case DTRACE_ARGSRC_UFN:
		n = src->fn(mst->dif.args, src->data, regs);
		dtrace_mstate_args_zero(mst, min_t(unsigned int, n,
						   ARRAY_SIZE(mst->dif.args)));
		break;
	}
}

/*
 * Whether the clauses see @regs as user registers (mst->user): always
 * for a uprobe's, never for a kernel function's entry, and for an array
 * of arguments with registers by where @regs were taken.
 */
static __always_inline bool dtrace_argsrc_user(const struct dtrace_argsrc *src,
					       struct pt_regs *regs)
{
	switch (src->kind) {
	case DTRACE_ARGSRC_UREGS:
	case DTRACE_ARGSRC_UFN:
		return true;
	case DTRACE_ARGSRC_KREGS:
	case DTRACE_ARGSRC_FENTRY:
		return false;
	default:
		return regs && user_mode(regs);
	}
}

/*
 * @probe fired while this CPU was inside the core (its guard was up):
 * count a drop for each ECB of it (of @only, if given) that would have
 * fired, and touch nothing else.
 */
static void dtrace_probe_nested(struct dtrace_probe *probe,
				struct dtrace_state *only)
{
	struct dtrace_ecb *ecb;

	for (ecb = rcu_dereference_sched(probe->ecbs); ecb;
	     ecb = rcu_dereference_sched(ecb->next)) {
		if ((only && ecb->state != only) ||
		    !dtrace_ecb_may_fire(ecb))
			continue;
		this_cpu_inc(ecb->state->buffers->count[DTRACE_CNT_NESTED]);
	}
}

/* The ECB after @ecb on its probe that may fire, or NULL. */
static __always_inline struct dtrace_ecb *
dtrace_ecb_next_fire(struct dtrace_ecb *ecb)
{
	do
		ecb = rcu_dereference_sched(ecb->next);
	while (ecb && !dtrace_ecb_may_fire(ecb));
	return ecb;
}

/*
 * The general ECB loop of a firing, from @ecb on (which the caller found
 * may fire): each ECB that may fire is counted by
 * dtrace_ecb_count_direct() or fired by dtrace_ecb_fire().  The firing's
 * state and its arguments (from @src) are made when the first clause
 * that needs them fires.  Inlined into one small out-of-line function
 * per kind of argument source (below), which takes only what varies
 * between its firings, so the kind, and what its entry points give as
 * constants, are constants here.
 */
static __always_inline void dtrace_probe_run_ecbs(struct dtrace_ecb *ecb,
						  const struct dtrace_argsrc *src,
						  int err, struct pt_regs *regs,
						  bool entry, bool trap)
{
	struct dtrace_mstate *mst = NULL;

	for (; ecb; ecb = dtrace_ecb_next_fire(ecb)) {
		if (dtrace_ecb_count_direct(ecb))
			continue;
		if (!mst) {
			mst = dtrace_mstate_start(ecb->probe, err, regs,
						  dtrace_argsrc_user(src, regs),
						  entry, trap);
			dtrace_mstate_fill(mst, src, regs);
		}
		dtrace_ecb_fire(ecb, mst);
	}
}

/*
 * dtrace_probe()'s general path: its six arguments are in this CPU's
 * machine state already (dtrace_probe_general()), nothing else varies.
 */
static noinline void dtrace_probe_ecbs_array6(struct dtrace_ecb *ecb)
{
	const struct dtrace_argsrc src = { .kind = DTRACE_ARGSRC_ARRAY6 };

	dtrace_probe_run_ecbs(ecb, &src, 0, NULL, false, false);
}

/* The general path of the other entry points with an array of arguments. */
static noinline void dtrace_probe_ecbs_array(struct dtrace_ecb *ecb,
					     const u64 *args,
					     unsigned int nargs, int err,
					     struct pt_regs *regs,
					     unsigned int flags)
{
	const struct dtrace_argsrc src = {
		.kind = DTRACE_ARGSRC_ARRAY, .args = args, .nargs = nargs,
	};

	dtrace_probe_run_ecbs(ecb, &src, err, regs,
			      flags & DTRACE_FIRE_ENTRY,
			      flags & DTRACE_FIRE_TRAP);
}

/* dtrace_probe_entry()'s general path: arguments in kernel registers. */
static noinline void dtrace_probe_ecbs_kregs(struct dtrace_ecb *ecb,
					     unsigned int nargs,
					     struct pt_regs *regs, bool trap)
{
	const struct dtrace_argsrc src = {
		.kind = DTRACE_ARGSRC_KREGS, .nargs = nargs,
	};

	dtrace_probe_run_ecbs(ecb, &src, 0, regs, true, trap);
}

/*
 * dtrace_fentry_handler()'s general path: arguments in kernel registers
 * as ftrace saved them, whose ip is past the hook's call.  The clauses
 * see the function's entry as a kprobe there would: pc is the hook's
 * address @ip (sp is on the return address already).
 */
static noinline void dtrace_probe_ecbs_fentry(struct dtrace_ecb *ecb,
					      unsigned int nargs,
					      unsigned long ip,
					      struct pt_regs *regs)
{
	const struct dtrace_argsrc src = {
		.kind = DTRACE_ARGSRC_FENTRY, .nargs = nargs,
	};
	unsigned long ret_ip = instruction_pointer(regs);

	instruction_pointer_set(regs, ip);
	dtrace_probe_run_ecbs(ecb, &src, 0, regs, true, false);
	instruction_pointer_set(regs, ret_ip);
}

/* dtrace_probe_user()'s general path: arguments in user registers. */
static noinline void dtrace_probe_ecbs_uregs(struct dtrace_ecb *ecb,
					     struct pt_regs *regs, bool entry)
{
	const struct dtrace_argsrc src = { .kind = DTRACE_ARGSRC_UREGS };

	dtrace_probe_run_ecbs(ecb, &src, 0, regs, entry, false);
}

/* dtrace_probe_user_fn()'s general path: arguments from the provider. */
static noinline void dtrace_probe_ecbs_ufn(struct dtrace_ecb *ecb,
					   struct pt_regs *regs,
					   dtrace_args_fn fn, const void *data)
{
	const struct dtrace_argsrc src = {
		.kind = DTRACE_ARGSRC_UFN, .fn = fn, .data = data,
	};

	dtrace_probe_run_ecbs(ecb, &src, 0, regs, false, false);
}

/*
 * Hand @ecb and the rest of its list to the general path of @src's kind
 * with only what varies: @src->kind is a constant in each entry point,
 * so the switch is gone once this is inlined, and so is the storing of
 * eleven arguments, five of them on the stack, that one general path
 * for every kind took.
 */
static __always_inline void dtrace_probe_general(struct dtrace_ecb *ecb,
						 const struct dtrace_argsrc *src,
						 int err, struct pt_regs *regs,
						 bool entry, bool trap)
{
	switch (src->kind) {
	case DTRACE_ARGSRC_ARRAY6:
		/*
		 * dtrace_probe()'s six are still in registers: stored in the
		 * machine state here, they need no array on its stack (nor
		 * its canary) and no copy
		 */
		dtrace_mstate_args6(this_cpu_ptr(&dtrace_mstate), src);
		dtrace_probe_ecbs_array6(ecb);
		break;
	case DTRACE_ARGSRC_ARRAY:
		dtrace_probe_ecbs_array(ecb, src->args, src->nargs, err, regs,
					(entry ? DTRACE_FIRE_ENTRY : 0) |
					(trap ? DTRACE_FIRE_TRAP : 0));
		break;
	case DTRACE_ARGSRC_KREGS:
		dtrace_probe_ecbs_kregs(ecb, src->nargs, regs, trap);
		break;
	case DTRACE_ARGSRC_FENTRY:
		dtrace_probe_ecbs_fentry(ecb, src->nargs, src->ip, regs);
		break;
	case DTRACE_ARGSRC_UREGS:
		dtrace_probe_ecbs_uregs(ecb, regs, entry);
		break;
	case DTRACE_ARGSRC_UFN:
		dtrace_probe_ecbs_ufn(ecb, regs, src->fn, src->data);
		break;
	}
}

/*
 * Count @ecb's firing if its clause is `@ = count()` counted directly
 * (ecb->agg_count: agg_direct with no key; the fast paths on) and this
 * CPU's cached entry of its aggregation is there:
 * dtrace_ecb_count_direct()'s commonest case, with no call.
 * Return: whether it did; if not, the general path takes @ecb.
 */
static __always_inline bool dtrace_ecb_count_hit(const struct dtrace_ecb *ecb)
{
	const struct dtrace_agg *agg = ecb->agg_count;
	u64 *vals;

	if (!agg || !READ_ONCE(dtrace_agg_fast))
		return false;
	vals = dtrace_agg_hit_int(this_cpu_ptr(ecb->state->aggbufs), agg, 0);
	if (!vals)
		return false;
	vals[0]++;
	return true;
}

/*
 * The entry points' common part once interrupts are off and the probe
 * found: the guard and the loop over the probe's ECBs (inlined into each
 * entry point and into dtrace_fentry_handler()).  The loop here counts
 * the ECBs whose clause is `@ = count()` with its entry cached on this
 * CPU and hands the first other one, with the rest of the list, to the
 * general path of the entry point's kind (dtrace_probe_general()): the
 * whole path of such a probe makes no call and pays one small prologue.
 */
static __always_inline void
dtrace_probe_fire_irqoff(struct dtrace_probe *probe,
			 const struct dtrace_argsrc *src, int err,
			 struct pt_regs *regs, bool entry, bool trap)
{
	struct dtrace_ecb *ecb = rcu_dereference_sched(probe->ecbs);

	if (!ecb)
		return;
	if (!dtrace_guard_enter()) {
		dtrace_probe_nested(probe, NULL);
		goto out_guard;
	}
	for (; ecb; ecb = rcu_dereference_sched(ecb->next)) {
		if (!dtrace_ecb_may_fire(ecb) || dtrace_ecb_count_hit(ecb))
			continue;
		dtrace_probe_general(ecb, src, err, regs, entry, trap);
		break;
	}
out_guard:
	dtrace_guard_leave();
}

/* Probe @id, if there is one, as dtrace_probe_fire_irqoff() does. */
static __always_inline void dtrace_probe_run(dtrace_id_t id,
					     const struct dtrace_argsrc *src,
					     int err, struct pt_regs *regs,
					     bool entry, bool trap)
{
	struct dtrace_probe *probe;
	unsigned long flags;

	local_irq_save(flags);
	probe = dtrace_probe_find(id);
	if (probe)
		dtrace_probe_fire_irqoff(probe, src, err, regs, entry, trap);
	local_irq_restore(flags);
}

/* The source of @nargs arguments in the array @args. */
#define DTRACE_ARGSRC_OF(_args, _nargs)	\
	(&(const struct dtrace_argsrc){ .kind = DTRACE_ARGSRC_ARRAY, \
					.args = (_args), .nargs = (_nargs) })

void dtrace_probe_args(dtrace_id_t id, const u64 *args, unsigned int nargs,
		       int err)
{
	dtrace_probe_run(id, DTRACE_ARGSRC_OF(args, nargs), err, NULL, false,
			 false);
}
EXPORT_SYMBOL_NS_GPL(dtrace_probe_args, DTRACE_NS);
NOKPROBE_SYMBOL(dtrace_probe_args);

void dtrace_probe_regs(dtrace_id_t id, const u64 *args, unsigned int nargs,
		       struct pt_regs *regs, bool entry)
{
	dtrace_probe_run(id, DTRACE_ARGSRC_OF(args, nargs), 0, regs, entry,
			 false);
}
EXPORT_SYMBOL_NS_GPL(dtrace_probe_regs, DTRACE_NS);
NOKPROBE_SYMBOL(dtrace_probe_regs);

/*
 * A breakpoint kprobe's handler runs in the int3 trap, an NMI to the
 * kernel (x86); one through ftrace runs where the function was called.
 * Only the first needs its level taken down (dtrace_ipl()).
 */
static __always_inline bool dtrace_kprobe_trap(const struct kprobe *kp)
{
	return kp && in_nmi() && !(kp->flags & KPROBE_FLAG_FTRACE);
}

void dtrace_probe_kprobe(dtrace_id_t id, const u64 *args, unsigned int nargs,
			 const struct kprobe *kp, struct pt_regs *regs,
			 bool entry)
{
	dtrace_probe_run(id, DTRACE_ARGSRC_OF(args, nargs), 0, regs, entry,
			 dtrace_kprobe_trap(kp));
}
EXPORT_SYMBOL_NS_GPL(dtrace_probe_kprobe, DTRACE_NS);
NOKPROBE_SYMBOL(dtrace_probe_kprobe);

void dtrace_probe_entry(dtrace_id_t id, unsigned int nargs,
			const struct kprobe *kp, struct pt_regs *regs)
{
	const struct dtrace_argsrc src = {
		.kind = DTRACE_ARGSRC_KREGS, .nargs = nargs,
	};

	dtrace_probe_run(id, &src, 0, regs, true, dtrace_kprobe_trap(kp));
}
EXPORT_SYMBOL_NS_GPL(dtrace_probe_entry, DTRACE_NS);
NOKPROBE_SYMBOL(dtrace_probe_entry);

/*
 * The site of the core's ftrace_ops (fentry.c) at @ip, if only a
 * function's entry probe is attached there (its key is @ip): one pointer
 * test when there is one site, else the table.  A site with a system
 * call's entry probe too is fired here whole, out of line
 * (dtrace_fentry_fire_all()), and NULL returned.
 * Context: interrupts off, which is what freeing a site waits for.
 */
static __always_inline const struct dtrace_fentry_site *
dtrace_fentry_site_of(unsigned long ip, struct ftrace_regs *fregs)
{
	struct dtrace_fentry_site *site;
	unsigned long key;

	site = rcu_dereference_raw(dtrace_fentry_one);
	/* acquire: the ids as they were when the key was set */
	if (site && smp_load_acquire(&site->key) == ip)
		return site;
	hash_for_each_possible_rcu_notrace(dtrace_fentry_table, site, node,
					   ip) {
		/* acquire: as above */
		key = smp_load_acquire(&site->key);
		if (key == ip)
			return site;
		if (key == (ip | DTRACE_FENTRY_KEY_SYSCALL)) {
			dtrace_fentry_fire_all(site, fregs);
			return NULL;
		}
	}
	return NULL;
}

/**
 * dtrace_fentry_handler() - the core's ftrace_ops' handler (fentry.c)
 * @ip: the ftrace call site of the function being entered
 * @parent_ip: its caller (unused)
 * @ops: the core's ftrace_ops (unused)
 * @fregs: the registers ftrace saved: the arguments, sp, ip
 *
 * At the first instruction of a function in the ops' filter, before the
 * function built its frame: finds the site and fires its probes in the
 * order of their kinds.  A site whose key is @ip has only a function's
 * entry probe, whose id and fn_probe are then set (dtrace_fentry_detach()
 * keeps them so): that probe is fired here as dtrace_probe_entry() would
 * fire it, inlined, with no look-up in the probe table (the site's
 * fn_probe says why it is still there), so a function's entry makes no
 * call into the core and pays one prologue.  Interrupts are off from before the site is found.
 * Context: called by ftrace with preemption enabled, any context.
 */
void notrace dtrace_fentry_handler(unsigned long ip, unsigned long parent_ip,
				   struct ftrace_ops *ops,
				   struct ftrace_regs *fregs)
{
	const struct dtrace_fentry_site *site;
	unsigned long flags;

	local_irq_save(flags);
	site = dtrace_fentry_site_of(ip, fregs);
	if (site) {
		const struct dtrace_argsrc src = {
			.kind = DTRACE_ARGSRC_FENTRY,
			.nargs = site->nargs[DTRACE_FENTRY_FUNCTION],
			.ip = ip,
		};

		dtrace_probe_fire_irqoff(READ_ONCE(site->fn_probe), &src, 0,
					 dtrace_ftrace_partial_regs(fregs),
					 true, false);
	}
	local_irq_restore(flags);
}
NOKPROBE_SYMBOL(dtrace_fentry_handler);

void dtrace_probe_user(dtrace_id_t id, struct pt_regs *regs, bool entry)
{
	const struct dtrace_argsrc src = { .kind = DTRACE_ARGSRC_UREGS };

	dtrace_probe_run(id, &src, 0, regs, entry, false);
}
EXPORT_SYMBOL_NS_GPL(dtrace_probe_user, DTRACE_NS);
NOKPROBE_SYMBOL(dtrace_probe_user);

void dtrace_probe_user_fn(dtrace_id_t id, struct pt_regs *regs,
			  dtrace_args_fn fn, const void *data)
{
	const struct dtrace_argsrc src = {
		.kind = DTRACE_ARGSRC_UFN, .fn = fn, .data = data,
	};

	dtrace_probe_run(id, &src, 0, regs, false, false);
}
EXPORT_SYMBOL_NS_GPL(dtrace_probe_user_fn, DTRACE_NS);
NOKPROBE_SYMBOL(dtrace_probe_user_fn);

void dtrace_probe(dtrace_id_t id, u64 arg0, u64 arg1, u64 arg2, u64 arg3,
		  u64 arg4, u64 arg5)
{
	const struct dtrace_argsrc src = {
		.kind = DTRACE_ARGSRC_ARRAY6,
		.a0 = arg0, .a1 = arg1, .a2 = arg2,
		.a3 = arg3, .a4 = arg4, .a5 = arg5,
	};

	dtrace_probe_run(id, &src, 0, NULL, false, false);
}
EXPORT_SYMBOL_NS_GPL(dtrace_probe, DTRACE_NS);
NOKPROBE_SYMBOL(dtrace_probe);

/**
 * dtrace_probe_fire_state() - fire @probe for one consumer only
 * @probe: dtrace:::BEGIN or dtrace:::END
 * @state: the consumer starting or stopping
 *
 * Context: process; the caller has @state in WARMUP or COOLDOWN.
 */
void dtrace_probe_fire_state(struct dtrace_probe *probe,
			     struct dtrace_state *state)
{
	unsigned long flags;
	struct dtrace_mstate *mst;

	local_irq_save(flags);
	if (dtrace_guard_enter()) {
		mst = dtrace_mstate_start(probe, 0, NULL, false, false, false);
		memset(mst->dif.args, 0, sizeof(mst->dif.args));
		dtrace_probe_fire(probe, mst, state);
	} else {
		dtrace_probe_nested(probe, state);
	}
	dtrace_guard_leave();
	local_irq_restore(flags);
}
NOKPROBE_SYMBOL(dtrace_probe_fire_state);

/**
 * dtrace_actions_init() - set up the per-CPU raise()/stop() requests
 *
 * Context: process; module init, before /dev/dtrace exists.
 */
void dtrace_actions_init(void)
{
	int cpu;

	for_each_possible_cpu(cpu)
		init_irq_work(&per_cpu(dtrace_sigreq, cpu).work,
			      dtrace_sigreq_run);
}

/**
 * dtrace_actions_exit() - wait for raise()/stop() requests in flight
 *
 * Context: process; module exit, after every consumer is gone.
 */
void dtrace_actions_exit(void)
{
	int cpu;

	for_each_possible_cpu(cpu)
		irq_work_sync(&per_cpu(dtrace_sigreq, cpu).work);
}
