/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The DIF engine: the verifier (dif_verify.c, process context), the
 * interpreter (dif_exec_ctx.c) and the subroutines (dif_subr_ctx.c),
 * kernel-neutral C that dtrace_core.ko and userland's host library
 * (unit tests, fuzzers, the fake device) compile unchanged.  What each
 * build supplies is in env.h; docs/architecture.md ("The engine") has
 * the picture.
 */
#ifndef _DTRACE_ENGINE_DIF_H
#define _DTRACE_ENGINE_DIF_H

#include "types.h"
#include <linux/dtrace.h>

/*
 * Entry points that probe context reaches keep kprobes off them in the
 * kernel; the host has no kprobes.
 */
#ifdef __KERNEL__
#include <linux/kprobes.h>
#define DTRACE_ENGINE_NOKPROBE(fn)	NOKPROBE_SYMBOL(fn)
#else
#define DTRACE_ENGINE_NOKPROBE(fn)
#endif

/*
 * Reads of traced memory go in chunks that never cross a page of this
 * size, so a fault names the exact first byte that cannot be read.
 */
#define DTRACE_ENGINE_PAGE	4096UL

static inline size_t dtrace_dif_min(size_t a, size_t b)
{
	return a < b ? a : b;
}

/* The probe arguments a program sees as arg0..arg9 and args[]. */
#define DTRACE_DIF_NARGS	(DTRACE_DIF_VAR_ARG9 - DTRACE_DIF_VAR_ARG0 + 1)

/*
 * The straight form of a program, made once by dtrace_dif_verify(): up
 * to two loads of constants and built-in variables (LDI, SETX, LDV),
 * then at most one FLUSHTS and one push (PUSHTV, PUSHTR), then RET.
 * That is what the compiler makes of an aggregation's key and value
 * (`@[pid] = sum(arg2)`, `@ = count()`), the most common program of
 * all; dtrace_dif_exec() runs it without its decode loop, with the
 * same results, faults and fault offsets.
 */
/* two: dtrace_dif_exec_straight() keeps them in two locals, v1 and v2 */
#define DTRACE_DIF_STRAIGHT_LOADS	2

enum {
	DTRACE_DIF_LOAD_CONST,		/* LDI, SETX: value */
	DTRACE_DIF_LOAD_ARG,		/* LDV of arg0..arg9: var */
	DTRACE_DIF_LOAD_VAR,		/* LDV of another built-in: var */
};

struct dtrace_dif_load {
	u8				kind;	/* DTRACE_DIF_LOAD_* */
	u32				pc;	/* of the load, for a fault */
	u32				var;
	u64				value;
};

struct dtrace_dif_straight {
	bool				ok;	/* the program has this form */
	u8				nloads;
	/* operands: 0 is a register never loaded (0), i + 1 loads[i] */
	u8				push_src;
	u8				ret_src;
	u8				push;	/* PUSHTV, PUSHTR or 0: none */
	u32				push_size;	/* PUSHTR's imm */
	struct dtrace_dif_load		loads[DTRACE_DIF_STRAIGHT_LOADS];
};

/*
 * The straight form of a predicate, made once by dtrace_dif_verify():
 * one or two terms, joined by && or || as the compiler joins them (the
 * first term's truth, JZ or JNZ to the RET, the second's truth, RET).
 * A term is one or two loads (those of a straight form, a string
 * constant, a thread-local scalar) and at most one compare of them: an
 * integer compare (SEQ, SNE, SLT, SLE, SLTU, SLEU), or a string
 * compare (SCMP) whose result is tested against zero (SEQ, SNE), an
 * integer compare's result may be negated (SEQ %r0: `!(pid == 1)`); or
 * no compare, the value of its one load (`/self->ts/`, `/arg0/`).  The
 * compiler makes `/pid == 1/` into `LDV pid; LDI 1; SEQ; RET`,
 * `/execname == "sshd"/` into `LDV execname; SETS "sshd"; SCMP; SEQ
 * %r0; RET`.  dtrace_dif_exec() runs it without the decode loop, with
 * the same value, faults and fault offsets.
 */
#define DTRACE_DIF_PRED_TERMS		2

enum {
	DTRACE_DIF_LOAD_STR = DTRACE_DIF_LOAD_VAR + 1,	/* SETS: value */
	DTRACE_DIF_LOAD_TLS,		/* LDTS: var */
};

struct dtrace_dif_term {
	u8				nloads;	/* 1 or 2 */
	/* operands: 0 is %r0 (0), i + 1 loads[i] */
	u8				a;
	u8				b;
	u8				cmp;	/* SEQ..SLEU, SCMP, or 0: none */
	u8				test;	/* then SEQ or SNE %r0, or 0 */
	bool				truth;	/* then SNE %r0: 0 or 1 */
	u32				cmp_pc;	/* of the compare, for a fault */
	struct dtrace_dif_load		loads[DTRACE_DIF_STRAIGHT_LOADS];
};

struct dtrace_dif_pred {
	bool				ok;	/* the program has this form */
	u8				nterms;
	bool				conj;	/* two terms: && (JZ), not || (JNZ) */
	struct dtrace_dif_term		terms[DTRACE_DIF_PRED_TERMS];
};

/*
 * Whether dtrace_dif_verify() makes straight forms, of predicates too
 * (default true); the kernel's module parameter dtrace_core.straight
 * sets it, so that a test can run the same programs through the decode
 * loop and compare.
 */
extern bool dtrace_dif_straight_on;

/*
 * Branch targets ahead at once that dtrace_dif_verify() follows to show
 * that a program writes each register before it reads it.
 */
#define DTRACE_DIF_PENDING		16

/* A DIF program, copied in and verified (dtrace_dif_verify()). */
struct dtrace_dif_prog {
	struct dtrace_dif_insn		*insns;
	u64				*inttab;
	char				*strtab;
	struct dtrace_difv		*vartab;
	u32				ninsns;
	u32				nints;
	u32				strtab_len;
	u32				nvars;
	u32				rtype;
	u32				rsize;
	u32				maxpush;	/* largest PUSHTR imm */
	bool				destructive;	/* CALLs one */
	bool				speculates;	/* CALLs speculation() */
	/* every register is written before it is read, on every path */
	bool				regs_written;
	struct dtrace_dif_straight	straight;
	struct dtrace_dif_pred		pred;
};

/*
 * Why the verifier refused a program: the rule (DTRACE_DIFERR_*, whose
 * text dtrace_dif_rule_text() gives) and the instruction it found
 * breaking it (0 for rules about the tables).
 */
struct dtrace_dif_err {
	u32				rule;
	u32				insn;
};

/*
 * A declared variable as the consumer's table has it; size 0 means
 * undeclared.  offset places global and clause-local scalars in their
 * storage (the kernel sets it at GO).  dsize: struct dtrace_difv's.
 */
struct dtrace_var {
	u8				scope;	/* DTRACE_DIFV_SCOPE_* */
	u8				kind;	/* DTRACE_DIFV_KIND_* */
	u8				type;	/* DTRACE_DIFV_TYPE_* */
	u32				size;
	u32				dsize;
	u32				offset;
};

/*
 * One entry of the tuple stack: an associative array key or a
 * subroutine argument.  An integer has size 0; a by-reference value is
 * the address of size bytes; a string is the address of at most size
 * (= strsize) bytes, ending at its first NUL.
 */
struct dtrace_tuple_ent {
	u64				value;
	u32				size;
	bool				is_string;
};

/* The tuple stack of one program run. */
struct dtrace_tuple {
	struct dtrace_tuple_ent		ent[DTRACE_DIF_TUPLE_MAX];
	u32				n;
};

/*
 * The engine's part of the machine state of one probe firing.  Each
 * build embeds it in a state of its own (the kernel's struct
 * dtrace_mstate adds the probe, the ECB, the registers) and gets back
 * to that with container_of() in its env.h functions.
 * dtrace_dif_clause_start() resets what lasts one clause firing.
 */
struct dtrace_dif_mstate {
	/* scratch of the current clause firing: [base, end), next free at ptr */
	uintptr_t			scratch_base;
	uintptr_t			scratch_ptr;
	uintptr_t			scratch_end;
	u64				args[DTRACE_DIF_NARGS];
	/*
	 * The decode loop's registers: here, not on the stack, where a
	 * kernel that zeroes its stacks would zero them at every run.
	 */
	u64				regs[DTRACE_DIF_NREGS];
	u64				timestamp;	/* 0 until read */
	u32				strsize;
	u32				fault;		/* DTRACEFLT_*, 0 if none */
	u32				fault_pc;
	u64				fault_addr;
	/* strtok(): the string of the last non-NULL call, where to go on */
	uintptr_t			strtok_addr;
	u32				strtok_off;
};

/*
 * Not a fault: what a helper gives dtrace_dif_fault() to end the clause
 * quietly, with no record and no ERROR, as DTrace does after a dynamic
 * variable drop.  Above every DTRACEFLT_*.
 */
#define DTRACE_DIF_QUIT			0x10000

/*
 * Record a fault: the interpreter notes the DIF offset and stops the
 * program after the instruction that faulted.  The first fault stays.
 */
static inline void dtrace_dif_fault(struct dtrace_dif_mstate *mst, u32 fault,
				    u64 addr)
{
	if (!mst->fault) {
		mst->fault = fault;
		mst->fault_addr = addr;
	}
}

/*
 * Start a clause firing: empty scratch of @size bytes at @scratch, no
 * fault, no strtok() string.  Strings are at most @strsize bytes.
 */
static inline void dtrace_dif_clause_start(struct dtrace_dif_mstate *mst,
					   void *scratch, u32 size,
					   u32 strsize)
{
	mst->scratch_base = (uintptr_t)scratch;
	mst->scratch_ptr = mst->scratch_base;
	mst->scratch_end = mst->scratch_base + size;
	mst->strsize = strsize;
	mst->fault = 0;
	mst->fault_pc = 0;
	mst->strtok_addr = 0;
	mst->strtok_off = 0;
}

/* dif_verify.c: process context */
bool dtrace_dif_verify(struct dtrace_dif_prog *prog, struct dtrace_dif_err *err);
bool dtrace_dif_header_verify(const struct dtrace_difo *difo,
			      struct dtrace_dif_err *err);
const char *dtrace_dif_rule_text(u32 rule);
bool dtrace_dif_subr_destructive(u32 subr);

/* dif_exec_ctx.c: probe context */
u64 dtrace_dif_exec_prog(const struct dtrace_dif_prog *prog,
			 struct dtrace_dif_mstate *mst,
			 struct dtrace_tuple *tup);
u64 dtrace_dif_exec_pred(const struct dtrace_dif_pred *p,
			 struct dtrace_dif_mstate *mst,
			 struct dtrace_tuple *tup);
bool dtrace_dif_read_pages(struct dtrace_dif_mstate *mst, void *dst,
			   uintptr_t src, size_t n, bool user);
u32 dtrace_dif_copy_strn(struct dtrace_dif_mstate *mst, char *dst,
			 uintptr_t src, u32 size);
void dtrace_dif_copy_string(struct dtrace_dif_mstate *mst, char *dst,
			    uintptr_t src, u32 size);
void dtrace_dif_copy_value(struct dtrace_dif_mstate *mst, void *dst,
			   uintptr_t src, const struct dtrace_var *var);
void *dtrace_dif_scratch_alloc(struct dtrace_dif_mstate *mst, size_t size);
bool dtrace_dif_scratch_valid(const struct dtrace_dif_mstate *mst,
			      uintptr_t addr, size_t size);

/**
 * dtrace_dif_exec() - run a verified DIF program
 * @prog: the program, accepted by dtrace_dif_verify()
 * @mst: machine state of this firing; ->fault is set if it faults
 * @tup: the tuple stack, emptied here; at RET it holds what the
 *	program pushed and did not consume (an aggregation's keys)
 *
 * dtrace_dif_exec_prog(), but for the empty straight form (no load, no
 * push: `@ = count()`'s FLUSHTS; RET), which is answered here, inline,
 * and a predicate's straight form, whose function is called directly.
 * Context: probe context.
 * Return: the value of RET, or 0 after a fault.
 */
static inline u64 dtrace_dif_exec(const struct dtrace_dif_prog *prog,
				  struct dtrace_dif_mstate *mst,
				  struct dtrace_tuple *tup)
{
	const struct dtrace_dif_straight *s = &prog->straight;

	if (s->ok) {
		if (!s->nloads && !s->push) {
			tup->n = 0;
			return 0;
		}
	} else if (prog->pred.ok) {
		return dtrace_dif_exec_pred(&prog->pred, mst, tup);
	}
	return dtrace_dif_exec_prog(prog, mst, tup);
}

/* dif_subr_ctx.c: probe context */
u64 dtrace_dif_subr(u32 subr, const struct dtrace_tuple_ent *tup, u32 ntup,
		    struct dtrace_dif_mstate *mst);
char *dtrace_dif_strbuf(struct dtrace_dif_mstate *mst);
int dtrace_dif_strload(struct dtrace_dif_mstate *mst, char *dst,
		       uintptr_t src, u32 max, bool user);

#endif /* _DTRACE_ENGINE_DIF_H */
