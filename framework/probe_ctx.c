// SPDX-License-Identifier: GPL-2.0
/*
 * Probe context: everything reachable from dtrace_probe().
 *
 * The rules for every function in this file:
 *  - it may run in any context: process, softirq, hardirq, NMI, with any
 *    lock held, always with interrupts off on this CPU;
 *  - it takes no lock, never sleeps and allocates nothing: all it needs
 *    was set up at enable time;
 *  - it reads traced memory only through copy_from_kernel_nofault(), so
 *    a bad address is a fault reported to the consumer, never an oops;
 *  - it calls nothing outside this file but inlines from include/linux,
 *    the nofault copy and the NMI-safe clocks.
 * The file is built without ftrace hooks and its entry points are
 * NOKPROBE_SYMBOL, so tracing can never recurse into the tracer.
 */
#define pr_fmt(fmt) "dtrace: " fmt

#include <linux/cred.h>
#include <linux/kprobes.h>
#include <linux/percpu.h>
#include <linux/sched.h>
#include <linux/timekeeping.h>
#include <linux/uaccess.h>
#include "internal.h"

/* Depth of dtrace_probe() on this CPU; only interrupts-off code uses it. */
static DEFINE_PER_CPU(unsigned int, dtrace_nesting);

static void dtrace_fault(struct dtrace_mstate *mst, u32 fault, u64 addr,
			 u32 pc)
{
	mst->fault = fault;
	mst->fault_addr = addr;
	mst->fault_pc = pc;
}

static u64 dtrace_dif_variable(const struct dtrace_mstate *mst, s32 var)
{
	struct task_struct *task = current;

	if (var <= DTRACE_DIF_VAR_ARG9)
		return mst->args[var];

	switch (var) {
	case DTRACE_DIF_VAR_PID:
		return task->tgid;
	case DTRACE_DIF_VAR_TID:
		return task->pid;
	case DTRACE_DIF_VAR_PPID:
		return rcu_dereference_sched(task->real_parent)->tgid;
	case DTRACE_DIF_VAR_UID:
		return __kuid_val(current_uid());
	case DTRACE_DIF_VAR_GID:
		return __kgid_val(current_gid());
	case DTRACE_DIF_VAR_EXECNAME:
		return (uintptr_t)task->comm;
	case DTRACE_DIF_VAR_CPU:
		return smp_processor_id();
	case DTRACE_DIF_VAR_TIMESTAMP:
		return mst->timestamp;
	case DTRACE_DIF_VAR_WALLTIMESTAMP:
		return ktime_get_real_fast_ns();
	case DTRACE_DIF_VAR_ID:
		return mst->probe->id;
	case DTRACE_DIF_VAR_EPID:
		return mst->ecb->epid;
	case DTRACE_DIF_VAR_PROBEPROV:
		return (uintptr_t)mst->probe->prov->name;
	case DTRACE_DIF_VAR_PROBEMOD:
		return (uintptr_t)mst->probe->mod;
	case DTRACE_DIF_VAR_PROBEFUNC:
		return (uintptr_t)mst->probe->func;
	case DTRACE_DIF_VAR_PROBENAME:
		return (uintptr_t)mst->probe->name;
	}
	return 0;	/* the verifier lets no other number through */
}

/*
 * Bytes from @addr to the end of its page: a copy inside one page either
 * works whole or faults at its first byte.
 */
static size_t dtrace_page_left(uintptr_t addr)
{
	return PAGE_SIZE - offset_in_page(addr);
}

/*
 * Compare the strings at @a and @b, at most @max bytes.  Reads go by
 * chunks that never cross a page, so a string that ends just before an
 * unmapped page compares fine.
 */
static int dtrace_strcmp(uintptr_t a, uintptr_t b, u32 max,
			 struct dtrace_mstate *mst, u32 pc)
{
	char ca[32], cb[32];
	u32 done = 0;

	while (done < max) {
		size_t n = min3((size_t)(max - done), sizeof(ca),
				min(dtrace_page_left(a + done),
				    dtrace_page_left(b + done)));
		size_t i;

		if (copy_from_kernel_nofault(ca, (void *)(a + done), n)) {
			dtrace_fault(mst, DTRACEFLT_BADADDR, a + done, pc);
			return 0;
		}
		if (copy_from_kernel_nofault(cb, (void *)(b + done), n)) {
			dtrace_fault(mst, DTRACEFLT_BADADDR, b + done, pc);
			return 0;
		}
		for (i = 0; i < n; i++) {
			if (ca[i] != cb[i])
				return (unsigned char)ca[i] <
				       (unsigned char)cb[i] ? -1 : 1;
			if (!ca[i])
				return 0;
		}
		done += n;
	}
	return 0;
}

static u64 dtrace_load(struct dtrace_mstate *mst, uintptr_t addr,
		       u8 op, u32 pc)
{
	union {
		s8 sb;
		s16 sh;
		s32 sw;
		u8 ub;
		u16 uh;
		u32 uw;
		u64 x;
	} v;
	static const u8 size[DTRACE_DIF_OP_MAX] = {
		[DTRACE_DIF_OP_LDSB] = 1, [DTRACE_DIF_OP_LDSH] = 2,
		[DTRACE_DIF_OP_LDSW] = 4, [DTRACE_DIF_OP_LDUB] = 1,
		[DTRACE_DIF_OP_LDUH] = 2, [DTRACE_DIF_OP_LDUW] = 4,
		[DTRACE_DIF_OP_LDX] = 8,
	};

	if (copy_from_kernel_nofault(&v, (void *)addr, size[op])) {
		dtrace_fault(mst, DTRACEFLT_BADADDR, addr, pc);
		return 0;
	}
	switch (op) {
	case DTRACE_DIF_OP_LDSB:
		return v.sb;
	case DTRACE_DIF_OP_LDSH:
		return v.sh;
	case DTRACE_DIF_OP_LDSW:
		return v.sw;
	case DTRACE_DIF_OP_LDUB:
		return v.ub;
	case DTRACE_DIF_OP_LDUH:
		return v.uh;
	case DTRACE_DIF_OP_LDUW:
		return v.uw;
	}
	return v.x;
}

/* Division and remainder: zero faults, and S64_MIN / -1 must not trap. */
static u64 dtrace_dif_div(u8 op, u64 a, u64 b, struct dtrace_mstate *mst,
			  u32 pc)
{
	if (!b) {
		dtrace_fault(mst, DTRACEFLT_DIVZERO, 0, pc);
		return 0;
	}
	switch (op) {
	case DTRACE_DIF_OP_UDIV:
		return a / b;
	case DTRACE_DIF_OP_UREM:
		return a % b;
	case DTRACE_DIF_OP_SDIV:
		return (s64)b == -1 ? -a : (u64)((s64)a / (s64)b);
	}
	return (s64)b == -1 ? 0 : (u64)((s64)a % (s64)b);
}

/* The two-operand operations that cannot fault. */
static u64 dtrace_dif_alu(u8 op, u64 a, u64 b)
{
	switch (op) {
	case DTRACE_DIF_OP_ADD:
		return a + b;
	case DTRACE_DIF_OP_SUB:
		return a - b;
	case DTRACE_DIF_OP_MUL:
		return a * b;
	case DTRACE_DIF_OP_AND:
		return a & b;
	case DTRACE_DIF_OP_OR:
		return a | b;
	case DTRACE_DIF_OP_XOR:
		return a ^ b;
	case DTRACE_DIF_OP_SHL:
		return a << (b & 63);
	case DTRACE_DIF_OP_LSR:
		return a >> (b & 63);
	case DTRACE_DIF_OP_ASR:
		return (s64)a >> (b & 63);
	case DTRACE_DIF_OP_SEQ:
		return a == b;
	case DTRACE_DIF_OP_SNE:
		return a != b;
	case DTRACE_DIF_OP_SLT:
		return (s64)a < (s64)b;
	case DTRACE_DIF_OP_SLE:
		return (s64)a <= (s64)b;
	case DTRACE_DIF_OP_SLTU:
		return a < b;
	}
	return a <= b;	/* SLEU */
}

/**
 * dtrace_dif_run() - run a verified DIF program
 * @prog: the program
 * @mst: machine state of this firing; ->fault is set if it faults
 *
 * Branches only go forward (the verifier saw to it), so this loop ends
 * within prog->ninsns steps.
 * Context: probe context.
 * Return: the value of RET, or 0 after a fault.
 */
u64 dtrace_dif_run(const struct dtrace_prog *prog, struct dtrace_mstate *mst)
{
	u64 r[DTRACE_DIF_NREGS] = { 0 };
	u32 pc = 0;

	for (;;) {
		const struct dtrace_dif_insn *in = &prog->insns[pc++];
		u64 a = r[in->src1], b = r[in->src2];
		u64 *d = &r[in->dst];

		switch (in->op) {
		case DTRACE_DIF_OP_RET:
			return a;
		case DTRACE_DIF_OP_MOV:
			*d = a;
			break;
		case DTRACE_DIF_OP_LDI:
			*d = (s64)in->imm;
			break;
		case DTRACE_DIF_OP_SETX:
			*d = prog->inttab[in->imm];
			break;
		case DTRACE_DIF_OP_SETS:
			*d = (uintptr_t)(prog->strtab + in->imm);
			break;
		case DTRACE_DIF_OP_NOT:
			*d = ~a;
			break;
		case DTRACE_DIF_OP_NEG:
			*d = -a;
			break;
		case DTRACE_DIF_OP_SDIV:
		case DTRACE_DIF_OP_UDIV:
		case DTRACE_DIF_OP_SREM:
		case DTRACE_DIF_OP_UREM:
			*d = dtrace_dif_div(in->op, a, b, mst, pc - 1);
			break;
		case DTRACE_DIF_OP_SCMP:
			*d = dtrace_strcmp(a, b, mst->strsize, mst, pc - 1);
			break;
		case DTRACE_DIF_OP_JMP:
			pc += in->imm;
			break;
		case DTRACE_DIF_OP_JZ:
			if (!a)
				pc += in->imm;
			break;
		case DTRACE_DIF_OP_JNZ:
			if (a)
				pc += in->imm;
			break;
		case DTRACE_DIF_OP_LDV:
			*d = dtrace_dif_variable(mst, in->imm);
			break;
		case DTRACE_DIF_OP_LDSB ... DTRACE_DIF_OP_LDX:
			*d = dtrace_load(mst, a + (s64)in->imm, in->op, pc - 1);
			break;
		default:
			*d = dtrace_dif_alu(in->op, a, b);
			break;
		}
		if (unlikely(mst->fault))
			return 0;
	}
}
NOKPROBE_SYMBOL(dtrace_dif_run);

/*
 * Store the string at @src in @dst, @size bytes, NUL-terminated and
 * NUL-padded, truncated if longer.
 */
static void dtrace_store_string(char *dst, uintptr_t src, u32 size,
				struct dtrace_mstate *mst)
{
	u32 done = 0, i;

	while (done < size - 1) {
		size_t n = min_t(size_t, size - 1 - done,
				 dtrace_page_left(src + done));

		if (copy_from_kernel_nofault(dst + done, (void *)(src + done),
					     n)) {
			dtrace_fault(mst, DTRACEFLT_BADADDR, src + done, 0);
			return;
		}
		for (i = done; i < done + n; i++)
			if (!dst[i])
				goto pad;
		done += n;
	}
	i = size - 1;
pad:
	for (; i < size; i++)
		dst[i] = '\0';
}

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

static bool dtrace_ecb_may_fire(const struct dtrace_probe *probe,
				const struct dtrace_state *state)
{
	int activity = READ_ONCE(state->activity);

	if (probe == dtrace_probe_begin)
		return activity == DTRACE_ACTIVITY_WARMUP;
	if (probe == dtrace_probe_end)
		return activity == DTRACE_ACTIVITY_COOLDOWN;
	if (probe == dtrace_probe_error)
		return activity != DTRACE_ACTIVITY_INACTIVE &&
		       activity != DTRACE_ACTIVITY_STOPPED;
	return activity == DTRACE_ACTIVITY_ACTIVE;
}

/* exit(): stop recording anything but END, whether BEGIN runs or not. */
static void dtrace_state_exit(struct dtrace_state *state)
{
	if (cmpxchg(&state->activity, DTRACE_ACTIVITY_ACTIVE,
		    DTRACE_ACTIVITY_DRAINING) != DTRACE_ACTIVITY_ACTIVE)
		cmpxchg(&state->activity, DTRACE_ACTIVITY_WARMUP,
			DTRACE_ACTIVITY_DRAINING);
}

static bool dtrace_probe_fire(struct dtrace_probe *probe,
			      struct dtrace_mstate *mst,
			      struct dtrace_state *only);

/*
 * A clause of @ecb faulted in @action (0: predicate): fire dtrace:::ERROR
 * for the same consumer.  A fault in an ERROR clause, or a consumer with
 * no ERROR clause, is only counted.
 */
static void dtrace_ecb_error(struct dtrace_ecb *ecb, struct dtrace_mstate *mst,
			     u32 action)
{
	struct dtrace_buffer *buf = this_cpu_ptr(ecb->state->buffers);
	struct dtrace_mstate err = {
		.probe = dtrace_probe_error,
		.timestamp = ktime_get_mono_fast_ns(),
		.args = { 0, ecb->epid, action, mst->fault_pc, mst->fault,
			  mst->fault_addr },
		.in_error = true,
	};

	if (mst->in_error || !dtrace_probe_fire(dtrace_probe_error, &err,
						ecb->state))
		buf->errors++;
}

static void dtrace_ecb_fire(struct dtrace_ecb *ecb, struct dtrace_mstate *mst)
{
	const struct dtrace_clause *clause = ecb->clause;
	struct dtrace_state *state = ecb->state;
	struct dtrace_buffer *buf = this_cpu_ptr(state->buffers);
	struct dtrace_rechdr *hdr;
	bool exiting = false;
	char *data;
	u32 i;

	mst->ecb = ecb;
	mst->strsize = state->strsize;
	mst->fault = 0;
	if (clause->pred) {
		u64 v = dtrace_dif_run(clause->pred, mst);

		if (mst->fault) {
			dtrace_ecb_error(ecb, mst, 0);
			return;
		}
		if (!v)
			return;
	}

	if (buf->offset + ecb->recsize > state->bufsize) {
		buf->drops++;
		return;
	}
	hdr = buf->data[buf->active] + buf->offset;
	hdr->epid = ecb->epid;
	hdr->size = sizeof(*hdr) + clause->datasize;
	hdr->timestamp = mst->timestamp;
	data = (char *)(hdr + 1);

	for (i = 0; i < clause->nactions; i++) {
		const struct dtrace_action *act = &clause->actions[i];
		u64 v = dtrace_dif_run(act->prog, mst);

		if (!mst->fault &&
		    act->prog->rtype == DTRACE_DIF_RTYPE_STRING)
			dtrace_store_string(data + act->offset, v, act->size,
					    mst);
		else if (!mst->fault)
			dtrace_store_int(data + act->offset, v, act->size);
		if (mst->fault) {
			/* The record is dropped whole: nothing committed. */
			dtrace_ecb_error(ecb, mst, i + 1);
			return;
		}
		if (act->kind == DTRACE_ACT_EXIT)
			exiting = true;
	}
	buf->offset += ecb->recsize;
	if (exiting)
		dtrace_state_exit(state);
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
		    !dtrace_ecb_may_fire(probe, ecb->state))
			continue;
		dtrace_ecb_fire(ecb, mst);
		fired = true;
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

static void dtrace_probe_enter(struct dtrace_probe *probe,
			       struct dtrace_state *only, const u64 *args)
{
	struct dtrace_mstate mst = {
		.probe = probe,
		.timestamp = ktime_get_mono_fast_ns(),
	};

	memcpy(mst.args, args, 6 * sizeof(*args));
	dtrace_probe_fire(probe, &mst, only);
}

void dtrace_probe(dtrace_id_t id, u64 arg0, u64 arg1, u64 arg2, u64 arg3,
		  u64 arg4, u64 arg5)
{
	const u64 args[6] = { arg0, arg1, arg2, arg3, arg4, arg5 };
	struct dtrace_probe *probe;
	unsigned long flags;

	local_irq_save(flags);
	if (__this_cpu_inc_return(dtrace_nesting) == 1) {
		probe = dtrace_probe_find(id);
		if (probe && rcu_access_pointer(probe->ecbs))
			dtrace_probe_enter(probe, NULL, args);
	}
	__this_cpu_dec(dtrace_nesting);
	local_irq_restore(flags);
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
	static const u64 args[6];
	unsigned long flags;

	local_irq_save(flags);
	if (__this_cpu_inc_return(dtrace_nesting) == 1)
		dtrace_probe_enter(probe, state, args);
	__this_cpu_dec(dtrace_nesting);
	local_irq_restore(flags);
}
NOKPROBE_SYMBOL(dtrace_probe_fire_state);

/**
 * dtrace_buffer_switch() - hand this CPU's filled buffer to the consumer
 * @arg: the CPU's struct dtrace_buffer
 *
 * Context: on the buffer's own CPU with interrupts off (an IPI), so no
 * probe can be writing to it; or from process context for a CPU that is
 * offline and held so by cpus_read_lock().
 */
void dtrace_buffer_switch(void *arg)
{
	struct dtrace_buffer *buf = arg;

	buf->snap_used = buf->offset;
	buf->snap_drops = buf->drops - buf->drops_seen;
	buf->snap_errors = buf->errors - buf->errors_seen;
	buf->drops_seen = buf->drops;
	buf->errors_seen = buf->errors;
	buf->active ^= 1;
	buf->offset = 0;
}
NOKPROBE_SYMBOL(dtrace_buffer_switch);
