// SPDX-License-Identifier: GPL-2.0
/*
 * The DIF interpreter: dtrace_dif_run() executes one verified program
 * (dif.c verified it at enable time) on the registers, the tuple stack,
 * the built-in and declared variables and the scratch of one clause
 * firing.  Probe context, under the rules at the top of probe_ctx.c;
 * built without ftrace hooks.
 *
 * Faults: every helper records its fault with dtrace_fault_set(); the
 * loop stops after the faulting instruction and notes its offset in
 * mst->fault_pc.
 */
#define pr_fmt(fmt) "dtrace: " fmt

#include <linux/cred.h>
#include <linux/kprobes.h>
#include <linux/percpu.h>
#include <linux/preempt.h>
#include <linux/ptrace.h>
#include <linux/sched.h>
#include <linux/sched/task_stack.h>
#include <linux/string.h>
#include <linux/timekeeping.h>
#include <linux/uaccess.h>
#include "internal.h"

/* Whether current has user-mode registers worth reading. */
static bool dtrace_has_user(void)
{
	return current->mm && !(current->flags & PF_KTHREAD);
}

static u64 dtrace_dif_ipl(void)
{
	if (in_nmi())
		return 3;
	if (in_hardirq())
		return 2;
	return in_serving_softirq() ? 1 : 0;
}

static u64 dtrace_dif_variable(struct dtrace_mstate *mst, s32 var)
{
	struct task_struct *task = current;
	u64 pcs[2];

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
		return dtrace_mstate_timestamp(mst);
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
	case DTRACE_DIF_VAR_CURTHREAD:
		return (uintptr_t)task;
	case DTRACE_DIF_VAR_ERRNO:
		return mst->errno_val;
	case DTRACE_DIF_VAR_VTIMESTAMP:
		/* As of the task's last tick or switch; see docs/abi.md. */
		return READ_ONCE(task->se.sum_exec_runtime);
	case DTRACE_DIF_VAR_STACKDEPTH:
		return dtrace_stack_kernel(mst, NULL, 0);
	case DTRACE_DIF_VAR_USTACKDEPTH:
		return dtrace_stack_user(mst, NULL, DTRACE_USTACK_MAX);
	case DTRACE_DIF_VAR_CALLER:
		return dtrace_caller(mst);
	case DTRACE_DIF_VAR_UCALLER:
		return dtrace_stack_user(mst, pcs, 2) == 2 ? pcs[1] : 0;
	case DTRACE_DIF_VAR_IPL:
		return dtrace_dif_ipl();
	}
	return 0;	/* the verifier lets no other number through */
}

/* LDVA: args[i] and uregs[i]. */
static u64 dtrace_dif_array(struct dtrace_mstate *mst, s32 var, u64 i)
{
	if (var == DTRACE_DIF_VAR_ARGS) {
		if (i < ARRAY_SIZE(mst->args))
			return mst->args[i];
	} else if (i < sizeof(struct pt_regs) / sizeof(u64)) {
		if (!dtrace_has_user())
			return 0;
		return ((u64 *)task_pt_regs(current))[i];
	}
	dtrace_fault_set(mst, DTRACEFLT_ILLOP, i);
	return 0;
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
			 struct dtrace_mstate *mst)
{
	char ca[32], cb[32];
	u32 done = 0;

	while (done < max) {
		size_t n = min3((size_t)(max - done), sizeof(ca),
				min(dtrace_page_left(a + done),
				    dtrace_page_left(b + done)));
		size_t i;

		if (copy_from_kernel_nofault(ca, (void *)(a + done), n)) {
			dtrace_fault_set(mst, DTRACEFLT_BADADDR, a + done);
			return 0;
		}
		if (copy_from_kernel_nofault(cb, (void *)(b + done), n)) {
			dtrace_fault_set(mst, DTRACEFLT_BADADDR, b + done);
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

/* LD* and ULD*: size and signedness by opcode. */
static u64 dtrace_load(struct dtrace_mstate *mst, uintptr_t addr, u8 op)
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
	static const u8 size[7] = { 1, 2, 4, 1, 2, 4, 8 };
	bool user = op >= DTRACE_DIF_OP_ULDSB;
	u8 kind = op - (user ? DTRACE_DIF_OP_ULDSB : DTRACE_DIF_OP_LDSB);
	long ret;

	v.x = 0;
	if (user)
		ret = copy_from_user_nofault(&v, (void __user *)addr,
					     size[kind]);
	else
		ret = copy_from_kernel_nofault(&v, (void *)addr, size[kind]);
	if (ret) {
		dtrace_fault_set(mst, DTRACEFLT_BADADDR, addr);
		return 0;
	}
	switch (kind) {
	case 0:
		return v.sb;
	case 1:
		return v.sh;
	case 2:
		return v.sw;
	case 3:
		return v.ub;
	case 4:
		return v.uh;
	case 5:
		return v.uw;
	}
	return v.x;
}

/* STB..STX: only into the scratch handed out so far. */
static void dtrace_store(struct dtrace_mstate *mst, uintptr_t addr, u8 op,
			 u64 v)
{
	size_t size = 1 << (op - DTRACE_DIF_OP_STB);
	union {
		u8 b;
		u16 h;
		u32 w;
		u64 x;
	} u;

	if (!dtrace_scratch_valid(mst, addr, size)) {
		dtrace_fault_set(mst, DTRACEFLT_BADADDR, addr);
		return;
	}
	switch (size) {
	case 1:
		u.b = v;
		break;
	case 2:
		u.h = v;
		break;
	case 4:
		u.w = v;
		break;
	default:
		u.x = v;
		break;
	}
	memcpy((void *)addr, &u, size);
}

/* Division and remainder: zero faults, and S64_MIN / -1 must not trap. */
static u64 dtrace_dif_div(u8 op, u64 a, u64 b, struct dtrace_mstate *mst)
{
	if (!b) {
		dtrace_fault_set(mst, DTRACEFLT_DIVZERO, 0);
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

/* Bytes dtrace_copy_string() copies before it looks for the NUL. */
#define DTRACE_STRING_CHUNK	32

/**
 * dtrace_copy_strn() - store a string, bounded and NUL-terminated
 * @mst: machine state; a bad @src faults BADADDR
 * @dst: @size bytes of kernel memory
 * @src: address of the string
 * @size: bytes at @dst, NUL included; at least 1
 *
 * The bytes of @dst after the NUL are left as they were.
 * Context: probe context.
 * Return: the length of the string stored (the offset of its NUL).
 */
u32 dtrace_copy_strn(struct dtrace_mstate *mst, char *dst, uintptr_t src,
		     u32 size)
{
	u32 done = 0, i;

	/*
	 * A chunk at a time: most strings end in the first one, and the
	 * bytes after the NUL are never read.
	 */
	while (done < size - 1) {
		size_t n = min_t(size_t, size - 1 - done,
				 min_t(size_t, dtrace_page_left(src + done),
				       DTRACE_STRING_CHUNK));

		if (copy_from_kernel_nofault(dst + done, (void *)(src + done),
					     n)) {
			dtrace_fault_set(mst, DTRACEFLT_BADADDR, src + done);
			dst[0] = '\0';
			return 0;
		}
		for (i = done; i < done + n; i++)
			if (!dst[i])
				return i;
		done += n;
	}
	dst[size - 1] = '\0';
	return size - 1;
}
NOKPROBE_SYMBOL(dtrace_copy_strn);

/**
 * dtrace_copy_string() - store a string, bounded, NUL-terminated and padded
 * @mst: machine state; a bad @src faults BADADDR
 * @dst: @size bytes of kernel memory, all written
 * @src: address of the string
 * @size: bytes at @dst, NUL included; at least 1
 *
 * Context: probe context.
 */
void dtrace_copy_string(struct dtrace_mstate *mst, char *dst, uintptr_t src,
			u32 size)
{
	u32 n = dtrace_copy_strn(mst, dst, src, size);

	memset(dst + n, 0, size - n);
}
NOKPROBE_SYMBOL(dtrace_copy_string);

/**
 * dtrace_copy_value() - store a value into a variable's storage
 * @mst: machine state; a bad @src faults BADADDR
 * @dst: the storage, var->size bytes
 * @src: the integer, or the address of the string or bytes
 * @var: the variable's declaration
 *
 * Context: probe context.
 */
void dtrace_copy_value(struct dtrace_mstate *mst, void *dst, uintptr_t src,
		       const struct dtrace_var *var)
{
	switch (var->type) {
	case DTRACE_DIFV_TYPE_INT:
		*(u64 *)dst = src;
		break;
	case DTRACE_DIFV_TYPE_STRING:
		dtrace_copy_string(mst, dst, src, var->size);
		break;
	default:
		if (copy_from_kernel_nofault(dst, (void *)src, var->size))
			dtrace_fault_set(mst, DTRACEFLT_BADADDR, src);
		break;
	}
}
NOKPROBE_SYMBOL(dtrace_copy_value);

/* Global or clause-local scalar storage of variable @id. */
static char *dtrace_var_storage(struct dtrace_mstate *mst, u8 op, s32 id)
{
	struct dtrace_state *state = mst->ecb->state;
	char *base = state->globals;

	if (op == DTRACE_DIF_OP_LDLS || op == DTRACE_DIF_OP_STLS)
		base = this_cpu_ptr(state->buffers)->locals;
	return base + state->vars[id].offset;
}

static u64 dtrace_var_load(struct dtrace_mstate *mst, u8 op, s32 id)
{
	char *p = dtrace_var_storage(mst, op, id);

	if (mst->ecb->state->vars[id].type == DTRACE_DIFV_TYPE_INT)
		return *(u64 *)p;
	return (uintptr_t)p;
}

static void dtrace_tuple_push(struct dtrace_mstate *mst,
			      struct dtrace_tuple *t, u64 v, u32 size,
			      bool is_string)
{
	if (t->n == DTRACE_DIF_TUPLE_MAX) {
		dtrace_fault_set(mst, DTRACEFLT_TUPOFLOW, v);
		return;
	}
	t->ent[t->n].value = v;
	t->ent[t->n].size = size;
	t->ent[t->n].is_string = is_string;
	t->n++;
}

/* The opcodes of ABI 2 that name variables, the tuple stack or scratch. */
static u64 dtrace_dif_exec_var(const struct dtrace_dif_insn *in, u64 a,
			       u64 old, struct dtrace_tuple *t,
			       struct dtrace_mstate *mst)
{
	u32 n = t->n;
	u64 v = old;

	switch (in->op) {
	case DTRACE_DIF_OP_LDGS:
	case DTRACE_DIF_OP_LDLS:
		return dtrace_var_load(mst, in->op, in->imm);
	case DTRACE_DIF_OP_STGS:
	case DTRACE_DIF_OP_STLS:
		dtrace_copy_value(mst, dtrace_var_storage(mst, in->op, in->imm),
				  a, &mst->ecb->state->vars[in->imm]);
		break;
	case DTRACE_DIF_OP_LDTS:
		return dtrace_dynvar_load(mst, in->imm, true, NULL, 0);
	case DTRACE_DIF_OP_STTS:
		dtrace_dynvar_store(mst, in->imm, true, NULL, 0, a);
		break;
	case DTRACE_DIF_OP_LDGA:
	case DTRACE_DIF_OP_LDTA:
		t->n = 0;
		return dtrace_dynvar_load(mst, in->imm,
					  in->op == DTRACE_DIF_OP_LDTA,
					  t->ent, n);
	case DTRACE_DIF_OP_STGA:
	case DTRACE_DIF_OP_STTA:
		t->n = 0;
		dtrace_dynvar_store(mst, in->imm, in->op == DTRACE_DIF_OP_STTA,
				    t->ent, n, a);
		break;
	case DTRACE_DIF_OP_FLUSHTS:
		t->n = 0;
		break;
	case DTRACE_DIF_OP_PUSHTV:
		dtrace_tuple_push(mst, t, a, 0, false);
		break;
	case DTRACE_DIF_OP_PUSHTR:
		if (in->imm)
			dtrace_tuple_push(mst, t, a, in->imm, false);
		else
			dtrace_tuple_push(mst, t, a, mst->strsize, true);
		break;
	case DTRACE_DIF_OP_CALL:
		t->n = 0;
		return dtrace_dif_subr(in->imm, t->ent, n, mst);
	case DTRACE_DIF_OP_ALLOCS:
		return (uintptr_t)dtrace_scratch_alloc(mst, a);
	}
	return v;
}

/**
 * dtrace_dif_run_tuple() - run a verified DIF program, keep its tuple stack
 * @prog: the program
 * @mst: machine state of this firing; ->fault is set if it faults
 * @tup: the tuple stack, empty at the start; at RET it holds what the
 *	program pushed and did not consume (an aggregation's keys)
 *
 * Branches only go forward (the verifier saw to it), so this loop ends
 * within prog->ninsns steps.  The entries of @tup may point into the
 * clause's scratch: read them before the clause firing ends.
 * Context: probe context.
 * Return: the value of RET, or 0 after a fault.
 */
u64 dtrace_dif_run_tuple(const struct dtrace_prog *prog,
			 struct dtrace_mstate *mst, struct dtrace_tuple *tup)
{
	u64 r[DTRACE_DIF_NREGS] = { 0 };
	u32 pc = 0;

	tup->n = 0;
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
			*d = dtrace_dif_div(in->op, a, b, mst);
			break;
		case DTRACE_DIF_OP_SCMP:
			*d = dtrace_strcmp(a, b, mst->strsize, mst);
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
		case DTRACE_DIF_OP_LDVA:
			*d = dtrace_dif_array(mst, in->imm, a);
			break;
		case DTRACE_DIF_OP_LDSB ... DTRACE_DIF_OP_LDX:
		case DTRACE_DIF_OP_ULDSB ... DTRACE_DIF_OP_ULDX:
			*d = dtrace_load(mst, a + (s64)in->imm, in->op);
			break;
		case DTRACE_DIF_OP_STB ... DTRACE_DIF_OP_STX:
			dtrace_store(mst, *d + (s64)in->imm, in->op, a);
			break;
		case DTRACE_DIF_OP_LDGS ... DTRACE_DIF_OP_ALLOCS:
			*d = dtrace_dif_exec_var(in, a, *d, tup, mst);
			break;
		default:
			*d = dtrace_dif_alu(in->op, a, b);
			break;
		}
		if (unlikely(mst->fault)) {
			mst->fault_pc = pc - 1;
			return 0;
		}
	}
}
NOKPROBE_SYMBOL(dtrace_dif_run_tuple);

/**
 * dtrace_dif_run() - run a verified DIF program
 * @prog: the program
 * @mst: machine state of this firing; ->fault is set if it faults
 *
 * Context: probe context.
 * Return: the value of RET, or 0 after a fault.
 */
u64 dtrace_dif_run(const struct dtrace_prog *prog, struct dtrace_mstate *mst)
{
	struct dtrace_tuple tup;

	return dtrace_dif_run_tuple(prog, mst, &tup);
}
NOKPROBE_SYMBOL(dtrace_dif_run);
