/* SPDX-License-Identifier: GPL-2.0 WITH Linux-syscall-note */
/*
 * The one interface between dtrace_core.ko and the dtrace(1) command:
 * /dev/dtrace ioctls, probe descriptions, consumer options, the DIF
 * instruction set and the layout of records in the principal buffers.
 * docs/abi.md explains the rules for extending it; read it first.
 *
 * Every ioctl argument starts with "__u32 size": the caller sets it to
 * sizeof() of the struct it was built with.  A shorter struct is accepted
 * (missing fields read as zero); a longer one is accepted only if the bytes
 * the kernel does not know are zero.  Reserved and padding fields must be
 * zero.  User pointers travel as __aligned_u64.
 */
#ifndef _UAPI_LINUX_DTRACE_H
#define _UAPI_LINUX_DTRACE_H

#include <linux/types.h>
#include <linux/ioctl.h>

/* Bumped on any incompatible change; DTRACEIOC_VERSION reports it. */
#define DTRACE_ABI_VERSION	3

#define DTRACE_PROVNAMELEN	64
#define DTRACE_MODNAMELEN	64
#define DTRACE_FUNCNAMELEN	128
#define DTRACE_NAMELEN		64

/* Probe ids start at 1; 0 names no probe. */
#define DTRACE_IDNONE		0

/*
 * Limits both sides keep to; defined here only.  A probe passes D at
 * most DTRACE_PROBE_NARGS arguments (arg0..arg9, args[0..9]; a USDT
 * site as many, DTRACE_FTP_NARGS); a stack() record or key holds at
 * most DTRACE_STACK_MAX kernel frames, a ustack() one
 * DTRACE_USTACK_MAX user frames.
 */
#define DTRACE_PROBE_NARGS	10
#define DTRACE_STACK_MAX	128
#define DTRACE_USTACK_MAX	128

/*
 * A probe description.  In a match, every field is a glob (*, ?, [...],
 * backslash escapes) and an empty field matches anything.  In a result,
 * the fields are the probe's names, NUL-terminated.
 */
struct dtrace_probedesc {
	char	provider[DTRACE_PROVNAMELEN];
	char	mod[DTRACE_MODNAMELEN];
	char	func[DTRACE_FUNCNAMELEN];
	char	name[DTRACE_NAMELEN];
};

/*
 * Stability attributes, as DTrace has them: each part of a probe's
 * names and its arguments carries a triple (how stable the names are,
 * how stable the data's meaning is, on what the interface depends).
 * The values are ordered: a lower one is less stable, and the
 * attributes of a whole are the minimum over its parts.  All zero
 * (Internal/Internal/Unknown) is what a provider that declares none has.
 */
#define DTRACE_STABILITY_INTERNAL	0	/* the implementation's own */
#define DTRACE_STABILITY_PRIVATE	1	/* its own consumers' */
#define DTRACE_STABILITY_OBSOLETE	2	/* to be removed */
#define DTRACE_STABILITY_EXTERNAL	3	/* someone else's */
#define DTRACE_STABILITY_UNSTABLE	4	/* may change in any release */
#define DTRACE_STABILITY_EVOLVING	5	/* may change in a minor release */
#define DTRACE_STABILITY_STABLE		6	/* changes in a major release */
#define DTRACE_STABILITY_STANDARD	7	/* follows a standard */
#define DTRACE_STABILITY_MAX		7

#define DTRACE_CLASS_UNKNOWN		0	/* no known dependency */
#define DTRACE_CLASS_CPU		1	/* this CPU model's */
#define DTRACE_CLASS_PLATFORM		2	/* this platform's */
#define DTRACE_CLASS_GROUP		3	/* this group of platforms' */
#define DTRACE_CLASS_ISA		4	/* this instruction set's */
#define DTRACE_CLASS_COMMON		5	/* every system's */
#define DTRACE_CLASS_MAX		5

/* One attribute triple: DTRACE_STABILITY_*, DTRACE_STABILITY_*, DTRACE_CLASS_* */
struct dtrace_attr {
	__u8	name;		/* identifier names */
	__u8	data;		/* data semantics */
	__u8	dep;		/* dependency class */
};

/* A provider's attributes: one triple per part of its probes (16 bytes). */
struct dtrace_pattr {
	struct dtrace_attr	provider;
	struct dtrace_attr	mod;
	struct dtrace_attr	func;
	struct dtrace_attr	name;
	struct dtrace_attr	args;
	__u8			pad;
};

/*
 * DIF: the bytecode a clause is compiled to.  A register machine with
 * DTRACE_DIF_NREGS 64-bit registers; all registers start at zero.  One
 * instruction is eight bytes.  Branch targets are pc + 1 + imm with imm
 * >= 0, so control only moves forward and every program ends; the last
 * instruction must be RET.  The verifier (framework/dif.c) refuses a
 * program that breaks any of these rules.
 */
#define DTRACE_DIF_NREGS	16
#define DTRACE_DIF_MAXINSNS	8192	/* instructions in one program */
#define DTRACE_DIF_MAXINTS	1024	/* entries in the integer table */
#define DTRACE_DIF_MAXSTRTAB	65536	/* bytes in the string table */
#define DTRACE_DIF_MAXVARS	1024	/* entries in the variable table */
#define DTRACE_DIF_TUPLE_MAX	10	/* entries on the tuple stack */

struct dtrace_dif_insn {
	__u8	op;		/* DTRACE_DIF_OP_* */
	__u8	dst;		/* destination register */
	__u8	src1;		/* first source register */
	__u8	src2;		/* second source register */
	__s32	imm;		/* immediate, table index or branch offset */
};

/*
 * Opcodes.  "rd" is dst, "r1"/"r2" are src1/src2.  Every value that is
 * read from memory goes through a fault-safe copy; a bad address is a
 * DTRACEFLT_BADADDR fault, never a kernel oops.
 *
 * Strings and by-reference values (structs, arrays, strings kept in
 * variables) live in registers as addresses.  Where a string is read,
 * at most strsize bytes are read; a missing NUL ends it there.
 *
 * Scratch space: each clause firing gets an empty per-CPU scratch area
 * (DTRACE_OPT_SCRATCHSIZE bytes).  ALLOCS and the subroutines that make
 * strings (strjoin, substr, copyinstr, ...) allocate from it; running
 * out is a DTRACEFLT_NOSCRATCH fault.  Scratch and the storage of the
 * program's global and clause-local by-reference variables are the only
 * memory a program may store to (STB..STX, STSTR); a store anywhere else
 * faults.
 *
 * The tuple stack holds the keys of an associative array access and the
 * arguments of a subroutine call: FLUSHTS empties it, PUSHTV and PUSHTR
 * push, and LDGA/STGA/LDTA/STTA/CALL consume (and leave it empty).  More
 * than DTRACE_DIF_TUPLE_MAX entries is a DTRACEFLT_TUPOFLOW fault.
 *
 * Variables are named by id in imm and must be declared in the
 * program's variable table (struct dtrace_difv) with the scope and kind
 * the opcode implies; the verifier checks.  Ids are the consumer's
 * choice: one id, one variable, for all clauses of a consumer.
 */
enum {
	DTRACE_DIF_OP_RET = 1,	/* return r1 */
	DTRACE_DIF_OP_MOV,	/* rd = r1 */
	DTRACE_DIF_OP_LDI,	/* rd = (s64)imm */
	DTRACE_DIF_OP_SETX,	/* rd = inttab[imm] */
	DTRACE_DIF_OP_SETS,	/* rd = address of strtab + imm (a string) */
	DTRACE_DIF_OP_ADD,	/* rd = r1 + r2 */
	DTRACE_DIF_OP_SUB,	/* rd = r1 - r2 */
	DTRACE_DIF_OP_MUL,	/* rd = r1 * r2 */
	DTRACE_DIF_OP_SDIV,	/* rd = (s64)r1 / (s64)r2; r2 == 0 faults */
	DTRACE_DIF_OP_UDIV,	/* rd = r1 / r2; r2 == 0 faults */
	DTRACE_DIF_OP_SREM,	/* rd = (s64)r1 % (s64)r2; r2 == 0 faults */
	DTRACE_DIF_OP_UREM,	/* rd = r1 % r2; r2 == 0 faults */
	DTRACE_DIF_OP_AND,	/* rd = r1 & r2 */
	DTRACE_DIF_OP_OR,	/* rd = r1 | r2 */
	DTRACE_DIF_OP_XOR,	/* rd = r1 ^ r2 */
	DTRACE_DIF_OP_SHL,	/* rd = r1 << (r2 & 63) */
	DTRACE_DIF_OP_LSR,	/* rd = r1 >> (r2 & 63), logical */
	DTRACE_DIF_OP_ASR,	/* rd = r1 >> (r2 & 63), arithmetic */
	DTRACE_DIF_OP_NOT,	/* rd = ~r1 */
	DTRACE_DIF_OP_NEG,	/* rd = -r1 */
	DTRACE_DIF_OP_SEQ,	/* rd = r1 == r2 */
	DTRACE_DIF_OP_SNE,	/* rd = r1 != r2 */
	DTRACE_DIF_OP_SLT,	/* rd = (s64)r1 < (s64)r2 */
	DTRACE_DIF_OP_SLE,	/* rd = (s64)r1 <= (s64)r2 */
	DTRACE_DIF_OP_SLTU,	/* rd = r1 < r2 */
	DTRACE_DIF_OP_SLEU,	/* rd = r1 <= r2 */
	DTRACE_DIF_OP_SCMP,	/* rd = strcmp(r1, r2) as -1/0/1, strsize-bounded */
	DTRACE_DIF_OP_JMP,	/* pc += 1 + imm */
	DTRACE_DIF_OP_JZ,	/* if r1 == 0: pc += 1 + imm */
	DTRACE_DIF_OP_JNZ,	/* if r1 != 0: pc += 1 + imm */
	DTRACE_DIF_OP_LDV,	/* rd = built-in variable imm (DTRACE_DIF_VAR_*) */
	DTRACE_DIF_OP_LDSB,	/* rd = *(s8 *)(r1 + imm), kernel address */
	DTRACE_DIF_OP_LDSH,	/* rd = *(s16 *)(r1 + imm) */
	DTRACE_DIF_OP_LDSW,	/* rd = *(s32 *)(r1 + imm) */
	DTRACE_DIF_OP_LDUB,	/* rd = *(u8 *)(r1 + imm) */
	DTRACE_DIF_OP_LDUH,	/* rd = *(u16 *)(r1 + imm) */
	DTRACE_DIF_OP_LDUW,	/* rd = *(u32 *)(r1 + imm) */
	DTRACE_DIF_OP_LDX,	/* rd = *(u64 *)(r1 + imm) */
	/* ABI 2 */
	/*
	 * rd = *(s8 *)(r1 + imm), user address of the current task
	 * (copy_from_user_nofault)
	 */
	DTRACE_DIF_OP_ULDSB,
	DTRACE_DIF_OP_ULDSH,	/* as LDSH, user address */
	DTRACE_DIF_OP_ULDSW,	/* as LDSW, user address */
	DTRACE_DIF_OP_ULDUB,	/* as LDUB, user address */
	DTRACE_DIF_OP_ULDUH,	/* as LDUH, user address */
	DTRACE_DIF_OP_ULDUW,	/* as LDUW, user address */
	DTRACE_DIF_OP_ULDX,	/* as LDX, user address */
	DTRACE_DIF_OP_STB,	/* *(u8 *)(rd + imm) = r1; rd + imm in scratch */
	DTRACE_DIF_OP_STH,	/* *(u16 *)(rd + imm) = r1 */
	DTRACE_DIF_OP_STW,	/* *(u32 *)(rd + imm) = r1 */
	DTRACE_DIF_OP_STX,	/* *(u64 *)(rd + imm) = r1 */
	/*
	 * rd = built-in array imm [r1]: VAR_ARGS (arg r1) or VAR_UREGS (user
	 * register r1)
	 */
	DTRACE_DIF_OP_LDVA,
	DTRACE_DIF_OP_LDGS,	/* rd = global scalar imm (address if by-ref) */
	DTRACE_DIF_OP_STGS,	/* global scalar imm = r1 (by-ref: copied) */
	DTRACE_DIF_OP_LDLS,	/* rd = clause-local (this->) imm */
	DTRACE_DIF_OP_STLS,	/* clause-local imm = r1 */
	DTRACE_DIF_OP_LDTS,	/* rd = thread-local (self->) imm; 0 if unset */
	/* thread-local imm = r1; storing 0 into an integer frees it */
	DTRACE_DIF_OP_STTS,
	DTRACE_DIF_OP_LDGA,	/* rd = global array imm [tuple]; 0 if unset */
	/*
	 * global array imm [tuple] = r1; storing 0 into an integer element
	 * frees it
	 */
	DTRACE_DIF_OP_STGA,
	DTRACE_DIF_OP_LDTA,	/* rd = thread-local array imm [tuple] */
	DTRACE_DIF_OP_STTA,	/* thread-local array imm [tuple] = r1 */
	DTRACE_DIF_OP_FLUSHTS,	/* empty the tuple stack */
	DTRACE_DIF_OP_PUSHTV,	/* push the integer r1 */
	/* push the by-ref value at r1: imm bytes, or a string when imm is 0 */
	DTRACE_DIF_OP_PUSHTR,
	/*
	 * rd = subroutine imm (DTRACE_DIF_SUBR_*) of the arguments on the
	 * tuple stack
	 */
	DTRACE_DIF_OP_CALL,
	DTRACE_DIF_OP_ALLOCS,	/* rd = r1 bytes of zeroed scratch */
	/*
	 * the string at r1 into the imm bytes at rd (1..DTRACE_STRSIZE_MAX,
	 * where STB may store): imm - 1 characters at most (and strsize - 1),
	 * then NULs to the end; a D struct's string member
	 */
	DTRACE_DIF_OP_STSTR,
	DTRACE_DIF_OP_MAX	/* first unused opcode */
};

/*
 * Built-in variables read by DTRACE_DIF_OP_LDV.  String-valued ones
 * (execname, probe*) yield the address of a NUL-terminated string.
 */
enum {
	DTRACE_DIF_VAR_ARG0 = 0,	/* ARG0 + n is argn, n < 10 */
	DTRACE_DIF_VAR_ARG9 = 9,
	DTRACE_DIF_VAR_PID = 16,	/* thread group id of the current task */
	DTRACE_DIF_VAR_TID,		/* id of the current task */
	DTRACE_DIF_VAR_PPID,		/* tgid of the real parent */
	DTRACE_DIF_VAR_UID,		/* real uid in the initial namespace */
	DTRACE_DIF_VAR_GID,		/* real gid in the initial namespace */
	DTRACE_DIF_VAR_EXECNAME,	/* string: comm of the current task */
	DTRACE_DIF_VAR_CPU,		/* cpu the probe fired on */
	DTRACE_DIF_VAR_TIMESTAMP,	/* monotonic ns, same clock as records */
	DTRACE_DIF_VAR_WALLTIMESTAMP,	/* ns since the epoch */
	DTRACE_DIF_VAR_ID,		/* probe id */
	DTRACE_DIF_VAR_EPID,		/* enabled probe id */
	DTRACE_DIF_VAR_PROBEPROV,	/* string */
	DTRACE_DIF_VAR_PROBEMOD,	/* string */
	DTRACE_DIF_VAR_PROBEFUNC,	/* string */
	DTRACE_DIF_VAR_PROBENAME,	/* string */
	/* ABI 2 */
	DTRACE_DIF_VAR_CURTHREAD,	/* address of the current task_struct */
	/*
	 * error of the current system call, as the provider reports it; else 0
	 */
	DTRACE_DIF_VAR_ERRNO,
	DTRACE_DIF_VAR_VTIMESTAMP,	/* ns the current task has run on a CPU */
	DTRACE_DIF_VAR_STACKDEPTH,	/* frames on the kernel stack */
	DTRACE_DIF_VAR_USTACKDEPTH,	/* frames on the user stack */
	/* kernel pc the probed function returns to */
	DTRACE_DIF_VAR_CALLER,
	DTRACE_DIF_VAR_UCALLER,		/* user pc of the current task's caller */
	/* interrupt level: 0 task, 1 softirq, 2 hardirq, 3 NMI */
	DTRACE_DIF_VAR_IPL,
	DTRACE_DIF_VAR_ARGS,		/* LDVA only: args[] */
	/*
	 * LDVA only: uregs[], struct pt_regs of user mode, index in u64 words
	 */
	DTRACE_DIF_VAR_UREGS,
	DTRACE_DIF_VAR_MAX		/* first unused variable */
};

/*
 * Subroutines called by DTRACE_DIF_OP_CALL.  The arguments are the
 * tuple stack, first pushed first.  A string result is in scratch.  The
 * ones marked destructive are refused at enable time unless
 * DTRACE_OPT_DESTRUCTIVE is set.  docs/subroutines.md says what each
 * one does.
 *
 * This list is the one definition of the subroutines, for the kernel
 * and for dtrace(1): X(NAME, "D name", fewest arguments, most
 * arguments, argument kinds, result kind, destructive), numbered from 1
 * in this order (so new ones go at the end).  Argument kinds, one
 * letter each, as DTrace declares them: s a string, char * (pushed with
 * PUSHTR imm 0, or PUSHTV of its address: both work; NULL is 0),
 * i an int, z a size_t, P a pid_t, a an address (void *), m a
 * struct mutex *.
 * Result kinds: i int, z size_t, l int64_t, h uint16_t, u uint32_t,
 * U uint64_t, s string, p void *, v void.
 */
#define DTRACE_DIF_SUBR_LIST(X)						\
	X(RAND,		"rand",		0, 0, "",	'i', 0)		\
	X(STRLEN,	"strlen",	1, 1, "s",	'z', 0)		\
	X(STRJOIN,	"strjoin",	2, 2, "ss",	's', 0)		\
	X(SUBSTR,	"substr",	2, 3, "sii",	's', 0)		\
	X(INDEX,	"index",	2, 3, "ssi",	'i', 0)		\
	X(RINDEX,	"rindex",	2, 3, "ssi",	'i', 0)		\
	X(STRCHR,	"strchr",	2, 2, "si",	's', 0)		\
	X(STRRCHR,	"strrchr",	2, 2, "si",	's', 0)		\
	X(STRSTR,	"strstr",	2, 2, "ss",	's', 0)		\
	X(STRTOK,	"strtok",	2, 2, "ss",	's', 0)		\
	X(BASENAME,	"basename",	1, 1, "s",	's', 0)		\
	X(DIRNAME,	"dirname",	1, 1, "s",	's', 0)		\
	X(CLEANPATH,	"cleanpath",	1, 1, "s",	's', 0)		\
	X(LLTOSTR,	"lltostr",	1, 2, "ii",	's', 0)		\
	X(STRTOLL,	"strtoll",	1, 2, "si",	'l', 0)		\
	X(TOUPPER,	"toupper",	1, 1, "s",	's', 0)		\
	X(TOLOWER,	"tolower",	1, 1, "s",	's', 0)		\
	X(HTONS,	"htons",	1, 1, "i",	'h', 0)		\
	X(HTONL,	"htonl",	1, 1, "i",	'u', 0)		\
	X(HTONLL,	"htonll",	1, 1, "i",	'U', 0)		\
	X(NTOHS,	"ntohs",	1, 1, "i",	'h', 0)		\
	X(NTOHL,	"ntohl",	1, 1, "i",	'u', 0)		\
	X(NTOHLL,	"ntohll",	1, 1, "i",	'U', 0)		\
	X(INET_NTOA,	"inet_ntoa",	1, 1, "a",	's', 0)		\
	X(INET_NTOA6,	"inet_ntoa6",	1, 2, "ai",	's', 0)		\
	X(INET_NTOP,	"inet_ntop",	2, 2, "ia",	's', 0)		\
	X(COPYIN,	"copyin",	2, 2, "az",	'p', 0)		\
	X(COPYINSTR,	"copyinstr",	1, 2, "az",	's', 0)		\
	X(COPYINTO,	"copyinto",	3, 3, "aza",	'v', 0)		\
	X(BCOPY,	"bcopy",	3, 3, "aaz",	'v', 0)		\
	X(ALLOCA,	"alloca",	1, 1, "z",	'p', 0)		\
	X(PROGENYOF,	"progenyof",	1, 1, "P",	'i', 0)		\
	X(GETMAJOR,	"getmajor",	1, 1, "i",	'u', 0)		\
	X(GETMINOR,	"getminor",	1, 1, "i",	'u', 0)		\
	X(D_PATH,	"d_path",	1, 1, "a",	's', 0)		\
	X(MUTEX_OWNED,	"mutex_owned",	1, 1, "m",	'i', 0)		\
	X(MUTEX_OWNER,	"mutex_owner",	1, 1, "m",	'p', 0)		\
	X(RW_ISWRITER,	"rw_iswriter",	1, 1, "a",	'i', 0)		\
	X(SPIN_LOCKED,	"spin_locked",	1, 1, "a",	'i', 0)		\
	X(COPYOUT,	"copyout",	3, 3, "aaz",	'v', 1)		\
	X(COPYOUTSTR,	"copyoutstr",	3, 3, "saz",	'v', 1)		\
	/* ABI 3 */							\
	X(SPECULATION,	"speculation",	0, 0, "",	'i', 0)		\
	X(PSARGS,	"_psargs",	1, 1, "a",	's', 0)		\
	X(LINK_NTOP,	"link_ntop",	2, 2, "ia",	's', 0)		\
	X(MUTEX_TYPE_ADAPTIVE, "mutex_type_adaptive", 1, 1, "m", 'i', 0) \
	X(MUTEX_TYPE_SPIN, "mutex_type_spin", 1, 1, "m", 'i', 0)	\
	X(CPUINFO,	"_cpuinfo",	1, 1, "i",	'p', 0)

#define DTRACE_DIF_SUBR_ENUM(name, dname, min, max, args, res, destr) \
	DTRACE_DIF_SUBR_##name,

enum {
	DTRACE_DIF_SUBR_NONE,		/* 0 names no subroutine */
	DTRACE_DIF_SUBR_LIST(DTRACE_DIF_SUBR_ENUM)
	DTRACE_DIF_SUBR_MAX		/* first unused subroutine */
};

/*
 * What _cpuinfo(cpu) returns the address of (in scratch): the CPU as
 * the D library's cpuinfo_t describes it (userland/lib/sched.d declares
 * cpuinfo_t and processor_info_t with this layout), or NULL for a CPU
 * that does not exist.  Linux has no processor sets (cpu_pset is -1);
 * cpu_chip is the physical package, cpu_lgrp the NUMA node, pi_clock
 * the nominal clock in MHz, pi_state DTRACE_P_ONLINE or
 * DTRACE_P_OFFLINE.
 */
#define DTRACE_P_OFFLINE	1
#define DTRACE_P_ONLINE		2

struct dtrace_processor_info {
	__s32	pi_state;
	char	pi_processor_type[16];	/* the architecture: "x86_64" */
	char	pi_fputypes[32];
	__s32	pi_clock;
};

struct dtrace_cpuinfo {
	__s32	cpu_id;
	__s32	cpu_pset;
	__s32	cpu_chip;
	__s32	cpu_lgrp;
	struct dtrace_processor_info cpu_info;
};

/*
 * What a DIF program returns: an integer in a register, a string, or a
 * by-reference value (rsize bytes at the address returned: a struct, an
 * array, tracemem() or copyin() data).  A string program has rsize 0;
 * an action storing it gives the size of its slot, NUL included: the
 * string is truncated to fit and NUL-padded.
 */
#define DTRACE_DIF_RTYPE_INT	0	/* rsize bytes: 1, 2, 4 or 8 */
#define DTRACE_DIF_RTYPE_STRING	1	/* the address of a string */
#define DTRACE_DIF_RTYPE_BYREF	2	/* the address of rsize bytes */

/*
 * One entry of a program's variable table: every variable the program
 * loads or stores.  A by-reference variable (a string of at most size
 * bytes, NUL included, or size bytes of anything) is read as the
 * address of its storage and written by copying.  Declarations of one
 * id must agree across all clauses of a consumer.  dsize, for a
 * self-> variable or an associative array, is what one element counts
 * against dynvarsize, as DTrace counts it (the value's D type size; for
 * an array also 4 bytes of variable id, its keys' type sizes and 8);
 * 0 counts the encoded key and the value's size.
 */
#define DTRACE_DIFV_SCOPE_GLOBAL	0
#define DTRACE_DIFV_SCOPE_THREAD	1	/* self-> */
#define DTRACE_DIFV_SCOPE_LOCAL		2	/* this-> */

#define DTRACE_DIFV_KIND_SCALAR		0
#define DTRACE_DIFV_KIND_ARRAY		1	/* associative array */

#define DTRACE_DIFV_TYPE_INT		0	/* 8 bytes */
#define DTRACE_DIFV_TYPE_STRING		1	/* size bytes, NUL-terminated */
#define DTRACE_DIFV_TYPE_BYREF		2	/* size bytes */

struct dtrace_difv {
	__u32	id;		/* >= 1, < DTRACE_DIF_MAXVARS */
	__u8	scope;		/* DTRACE_DIFV_SCOPE_* */
	__u8	kind;		/* DTRACE_DIFV_KIND_* */
	__u8	type;		/* DTRACE_DIFV_TYPE_* */
	__u8	reserved;
	__u32	size;		/* bytes of the value; 8 for INT */
	__u32	dsize;		/* bytes of dynvarsize an element takes */
};

/*
 * One DIF program.  An empty program (ninsns == 0) is allowed where a
 * program is optional: a missing predicate is always true.
 */
struct dtrace_difo {
	__aligned_u64	insns;		/* struct dtrace_dif_insn[ninsns] */
	__aligned_u64	inttab;		/* __u64[nints] */
	__aligned_u64	strtab;		/* char[strtab_len], ends with NUL */
	__aligned_u64	vartab;		/* struct dtrace_difv[nvars] */
	__u32		ninsns;
	__u32		nints;
	__u32		strtab_len;
	__u32		nvars;
	__u32		rtype;		/* DTRACE_DIF_RTYPE_* */
	__u32		rsize;		/* bytes of an INT or BYREF result */
};

/*
 * The rules of the DIF verifier, numbered: DTRACEIOC_ENABLE reports the
 * one a refused program broke (dif_rule) and where (dif_insn), and
 * dtrace(1) prints its text.  X(NAME, "text"), numbered from 1 in this
 * order; new rules go at the end.  docs/abi.md explains each one.
 */
#define DTRACE_DIFERR_LIST(X)						\
	X(NINSNS, "no instructions, or more than DTRACE_DIF_MAXINSNS")	\
	X(NINTS, "integer table larger than DTRACE_DIF_MAXINTS")	\
	X(STRTAB, "string table larger than DTRACE_DIF_MAXSTRTAB")	\
	X(NVARS, "variable table larger than DTRACE_DIF_MAXVARS")	\
	X(RTYPE, "unknown return type, or a size it cannot have")	\
	X(STRTAB_NUL, "string table does not end with a NUL")		\
	X(LAST_RET, "last instruction is not RET")			\
	X(VAR_ID, "variable id out of range")				\
	X(VAR_RESERVED, "reserved field of a variable is not zero")	\
	X(VAR_SCOPE, "unknown variable scope or kind, or a local array") \
	X(VAR_TYPE, "unknown variable type, or a size it cannot have")	\
	X(VAR_DUP, "variable declared twice")				\
	X(OPCODE, "unknown opcode")					\
	X(REG, "register out of range, or an unused one not zero")	\
	X(INT_INDEX, "integer table index out of range")		\
	X(STR_OFFSET, "string table offset out of range")		\
	X(BRANCH, "branch target out of range")				\
	X(BUILTIN, "unknown built-in variable")				\
	X(ARRAY, "unknown built-in array")				\
	X(DVAR, "variable not declared with the scope and kind of its opcode") \
	X(SUBR, "unknown subroutine")					\
	X(PUSH, "PUSHTR size larger than DTRACE_RECORD_MAX")		\
	X(IMM, "unused immediate is not zero")				\
	X(STSTR, "STSTR size not 1..DTRACE_STRSIZE_MAX")

#define DTRACE_DIFERR_ENUM(name, text)	DTRACE_DIFERR_##name,

enum {
	DTRACE_DIFERR_NONE,		/* not refused by the verifier */
	DTRACE_DIFERR_LIST(DTRACE_DIFERR_ENUM)
	DTRACE_DIFERR_MAX		/* first unused rule */
};

/*
 * Faults a DIF program can take.  The kernel reports them by firing
 * dtrace:::ERROR with arg0 = EPID, arg1 = the probe's ID, arg2 = action
 * number (0 is the predicate, actions count from 1), arg3 = DIF offset
 * in instructions, arg4 = DTRACEFLT_*, arg5 = the faulting address or
 * value.
 */
#define DTRACEFLT_UNKNOWN	0	/* unknown fault */
#define DTRACEFLT_BADADDR	1	/* bad address */
#define DTRACEFLT_BADALIGN	2	/* bad alignment */
#define DTRACEFLT_ILLOP		3	/* illegal operation */
#define DTRACEFLT_DIVZERO	4	/* divide by zero */
#define DTRACEFLT_NOSCRATCH	5	/* out of scratch space */
#define DTRACEFLT_KPRIV		6	/* privileged kernel access */
#define DTRACEFLT_UPRIV		7	/* privileged user access */
#define DTRACEFLT_TUPOFLOW	8	/* tuple stack overflow */
#define DTRACEFLT_BADSTACK	9	/* bad stack */
#define DTRACEFLT_BADSIZE	10	/* bad size */

/*
 * Actions: what a clause does when its predicate holds.  Each action
 * stores "size" bytes at "offset" into the clause's record (after the
 * struct dtrace_rechdr); records of one clause may not overlap.  How the
 * consumer prints them (trace, printf, ...) is its own business: the
 * kernel only gathers data.  Actions run in order; a fault in one drops
 * the whole record.
 */
enum {
	/*
	 * store the value of difo: an integer in size bytes, a string
	 * NUL-padded to size, or size bytes of a BYREF result
	 */
	DTRACE_ACT_DIFEXPR = 1,
	/*
	 * store (s32)difo and stop tracing: the state goes from ACTIVE to
	 * DRAINING
	 */
	DTRACE_ACT_EXIT,
	/* ABI 2 */
	/*
	 * no difo; store arg kernel return addresses (u64, size = 8 * arg),
	 * unused ones 0
	 */
	DTRACE_ACT_STACK,
	/*
	 * no difo; store the pid (u64) then arg user return addresses:
	 * size = 8 * (arg + 1)
	 */
	DTRACE_ACT_USTACK,
	/*
	 * destructive: send signal difo to the current thread; stores nothing
	 * (size 0)
	 */
	DTRACE_ACT_RAISE,
	/* destructive: stop the current process (SIGSTOP); no difo, size 0 */
	DTRACE_ACT_STOP,
	/*
	 * destructive: spin difo ns (at most 500 ms per second per CPU);
	 * size 0
	 */
	DTRACE_ACT_CHILL,
	/* needs DTRACE_DESTRUCTIVE_PANIC: panic the kernel; no difo, size 0 */
	DTRACE_ACT_PANIC,
	/* ABI 3 */
	/*
	 * aggregate into aggregation arg (defined by DTRACEIOC_AGGDEF): difo
	 * pushes the non-stack keys in order, then the increment if the
	 * aggregation has one, and returns the value; size 0
	 */
	DTRACE_ACT_AGGREGATE,
	/*
	 * this firing's record goes to speculation (s64)difo instead of the
	 * principal buffer; size 0; must come before every action that stores
	 * data
	 */
	DTRACE_ACT_SPECULATE,
	DTRACE_ACT_COMMIT,	/* commit speculation difo; size 0 */
	DTRACE_ACT_DISCARD,	/* discard speculation difo; size 0 */
	/*
	 * pcap(): difo returns the address of a struct sk_buff (0: no
	 * packet); store struct dtrace_pcaprec, then as many bytes of the
	 * packet's linear data as fit in size - sizeof(struct
	 * dtrace_pcaprec), the rest 0; size > sizeof(struct dtrace_pcaprec),
	 * offset 8-aligned
	 */
	DTRACE_ACT_PCAP,
	DTRACE_ACT_MAX
};

struct dtrace_actdesc {
	__u32			kind;		/* DTRACE_ACT_* */
	__u32			offset;		/* in the record's data */
	__u32			size;		/* bytes stored */
	__u32			reserved;
	__u64			arg;		/* kind-specific, else 0 */
	struct dtrace_difo	difo;
};

/* What DTRACE_ACT_PCAP stores before the packet's bytes. */
struct dtrace_pcaprec {
	__u32	origlen;	/* the packet's length (skb->len) */
	__u32	caplen;		/* bytes of it that follow */
	/*
	 * where the network (IP) header starts in those bytes, or
	 * DTRACE_PCAP_NHOFF_NONE
	 */
	__u32	nhoff;
	__u32	reserved;
};

#define DTRACE_PCAP_NHOFF_NONE	0xffffffffU

/* The largest record one clause may write (header excluded). */
#define DTRACE_RECORD_MAX	65536
#define DTRACE_ACTIONS_MAX	1024

/*
 * Every record in a principal buffer starts with this header; the data
 * of the clause follows, and the next record starts at the next 8-byte
 * boundary after header + data.  The EPID tells, through
 * DTRACEIOC_EPDESC, which probe fired and which clause recorded.
 */
struct dtrace_rechdr {
	__u32	epid;
	__u32	size;		/* header + data, not counting padding */
	__u64	timestamp;	/* monotonic ns */
};

/*
 * Consumer options, set with DTRACEIOC_SETOPT before DTRACEIOC_GO.
 */
enum {
	DTRACE_OPT_BUFSIZE = 1,	/* bytes per CPU buffer; default 4 MiB */
	DTRACE_OPT_BUFPOLICY,	/* DTRACE_BUFPOLICY_*; default SWITCH */
	DTRACE_OPT_STRSIZE,	/* bytes a string may take; default 256 */
	/* ABI 2 */
	/*
	 * bytes of dynamic variable space (self->, associative arrays);
	 * default 1 MiB
	 */
	DTRACE_OPT_DYNVARSIZE,
	DTRACE_OPT_SCRATCHSIZE,	/* bytes of scratch per CPU; default 64 KiB */
	DTRACE_OPT_DESTRUCTIVE,	/* DTRACE_DESTRUCTIVE_* bits; default 0 */
	/* ABI 3 */
	/*
	 * bytes per CPU aggregation buffer (two per CPU, allocated only if an
	 * aggregation is defined); default 4 MiB
	 */
	DTRACE_OPT_AGGSIZE,
	DTRACE_OPT_NSPEC,	/* speculations; default 1 */
	/* bytes per CPU per speculation; default 1 MiB */
	DTRACE_OPT_SPECSIZE,
	DTRACE_OPT_CPU,		/* only its probes fire; DTRACE_CPU_ANY */
	DTRACE_OPT_MAX
};

#define DTRACE_CPU_ANY		(~(__u64)0)

/*
 * Principal buffer policies.  SWITCH: two buffers per CPU, switched at
 * each DTRACEIOC_BUFSNAP; a full buffer drops (counted).  FILL: one
 * buffer per CPU; the first record that does not fit stops tracing as
 * exit() would (state DRAINING, counted as a drop), with room kept for
 * the END clauses' records; BUFSNAP returns nothing until the state is
 * STOPPED, then everything.  RING: one buffer per CPU that wraps,
 * overwriting its oldest records (not counted as drops); BUFSNAP
 * returns nothing until STOPPED, then the records left, oldest first.
 */
#define DTRACE_BUFPOLICY_SWITCH	0
#define DTRACE_BUFPOLICY_FILL	1
#define DTRACE_BUFPOLICY_RING	2

#define DTRACE_BUFSIZE_DEFAULT	(4u << 20)
#define DTRACE_BUFSIZE_MIN	1	/* GO: E2BIG if a record is larger */
#define DTRACE_BUFSIZE_MAX	(1u << 30)
#define DTRACE_STRSIZE_DEFAULT	256
#define DTRACE_STRSIZE_MAX	65536
#define DTRACE_DYNVARSIZE_DEFAULT	(1u << 20)
#define DTRACE_DYNVARSIZE_MIN		1	/* small: more drops */
#define DTRACE_DYNVARSIZE_MAX		(1u << 30)
#define DTRACE_SCRATCHSIZE_DEFAULT	(64u << 10)
#define DTRACE_SCRATCHSIZE_MIN		1
#define DTRACE_SCRATCHSIZE_MAX		(16u << 20)
#define DTRACE_AGGSIZE_DEFAULT		(4u << 20)
#define DTRACE_AGGSIZE_MIN		4096
#define DTRACE_AGGSIZE_MAX		(1u << 30)
#define DTRACE_NSPEC_DEFAULT		1
#define DTRACE_NSPEC_MAX		1024
#define DTRACE_SPECSIZE_DEFAULT		(1u << 20)
#define DTRACE_SPECSIZE_MIN		1	/* small: more drops */
#define DTRACE_SPECSIZE_MAX		(1u << 30)

#define DTRACE_DESTRUCTIVE_ALLOW	0x1	/* raise, stop, chill, copyout */
#define DTRACE_DESTRUCTIVE_PANIC	0x2	/* panic, as well */

/*
 * Life of a consumer state.  BEGIN clauses fire only in WARMUP, END
 * clauses only in COOLDOWN, all others only in ACTIVE.
 */
enum {
	DTRACE_ACTIVITY_INACTIVE = 0,	/* open, not yet started */
	DTRACE_ACTIVITY_WARMUP,		/* BEGIN is firing */
	DTRACE_ACTIVITY_ACTIVE,		/* tracing */
	DTRACE_ACTIVITY_DRAINING,	/* exit() was called */
	DTRACE_ACTIVITY_COOLDOWN,	/* END is firing */
	DTRACE_ACTIVITY_STOPPED		/* done; buffers may still be read */
};

/*
 * DTRACEIOC_VERSION: what ABI the kernel speaks.
 * Out: version = DTRACE_ABI_VERSION.  Errors: EFAULT.
 */
struct dtrace_ioc_version {
	__u32	size;
	__u32	version;
};

/*
 * DTRACEIOC_PROBEMATCH: find the first probe with id >= @id that matches
 * @desc.  With DTRACE_MATCH_PROVIDE, providers first create any probes
 * the description names that do not exist yet (tick-1s).
 * In: id, flags, desc.  Out: id, desc = the probe found, and (ABI 3,
 * appended) attr, its provider's stability attributes.
 * Errors: ENOENT when none is left, EINVAL on bad flags, EFAULT.
 */
#define DTRACE_MATCH_PROVIDE	0x1

struct dtrace_ioc_probe {
	__u32			size;
	__u32			flags;
	__u32			id;
	__u32			reserved;
	struct dtrace_probedesc	desc;
	struct dtrace_pattr	attr;		/* out */
};

/*
 * DTRACEIOC_SETOPT: set consumer option @option to @value.
 * Errors: EINVAL for an unknown option or a value out of range, EBUSY
 * once tracing has started.
 */
struct dtrace_ioc_setopt {
	__u32	size;
	__u32	option;		/* DTRACE_OPT_* */
	__u64	value;
};

/*
 * DTRACEIOC_ENABLE: enable one clause on every probe matching @desc.
 * Each probe gets an enabled probe (ECB) with its own EPID.  All or
 * nothing: on any error no probe stays enabled.
 * In: desc, pred (ninsns 0 for none), actions, nactions, cookie (an
 * opaque number the consumer gets back from DTRACEIOC_EPDESC).
 * Out: nmatched, the number of probes enabled (0 is not an error).
 * When the verifier refuses a program (EINVAL), and only then, the
 * struct is copied out too, with dif_rule (DTRACE_DIFERR_*), dif_prog
 * (0 the predicate, N action #N) and dif_insn (the offset of the
 * instruction, 0 for a rule about the tables) saying why; a caller
 * whose size ends before dif_rule gets EINVAL alone, as before ABI 3.
 * Errors: EINVAL for a program the verifier refuses or a bad action
 * layout, E2BIG for too many actions or too large a record, EBUSY once
 * tracing has started, ENODEV if a provider is being unloaded, ENOMEM,
 * EFAULT, or whatever a provider's enable returned.
 */
struct dtrace_ioc_enable {
	__u32			size;
	__u32			nactions;
	__aligned_u64		actions;	/* struct dtrace_actdesc[] */
	__u64			cookie;
	__u32			nmatched;
	__u32			reserved;
	struct dtrace_probedesc	desc;
	struct dtrace_difo	pred;
	/* ABI 3, out: why the verifier refused a program */
	__u32			dif_rule;	/* DTRACE_DIFERR_*, 0: none */
	__u32			dif_prog;	/* 0 predicate, N action #N */
	__u32			dif_insn;	/* instruction offset */
	__u32			reserved2;
};

/*
 * DTRACEIOC_EPDESC: what an EPID stands for.
 * In: epid.  Out: probe id, cookie of the clause, record data size.
 * Errors: ENOENT for an EPID this consumer does not own.
 */
struct dtrace_ioc_epdesc {
	__u32	size;
	__u32	epid;
	__u32	probe;
	__u32	datasize;
	__u64	cookie;
};

/*
 * DTRACEIOC_GO: allocate buffers, fire BEGIN, start tracing.
 * DTRACEIOC_STOP: stop tracing and fire END.
 * Out: cpu, the CPU that BEGIN or END fired on.
 * Errors: EBUSY if already started (GO) or not started (STOP), ENOMEM
 * when the buffers cannot be had, ENOSPC (GO) when under the fill policy
 * the records of all END clauses together are larger than
 * DTRACE_OPT_BUFSIZE, E2BIG (GO) when a clause's record is.
 */
struct dtrace_ioc_go {
	__u32	size;
	__u32	cpu;
};

/*
 * DTRACEIOC_BUFSNAP: take the records CPU @cpu wrote since the last
 * snapshot.  The kernel switches that CPU to its other buffer and copies
 * the filled one to @data.
 * In: cpu, data, bufsize (bytes at data; must be >= DTRACE_OPT_BUFSIZE).
 * Out: used (bytes copied), drops (records lost because the buffer was
 * full), errors (faults in clauses) and dyndrops (stores to dynamic
 * variables lost because the space was full) since the last snapshot.
 * Errors: EINVAL for a cpu that does not exist, ENOSPC if bufsize is too
 * small, ENXIO before GO, EFAULT.
 */
struct dtrace_ioc_bufsnap {
	__u32		size;
	__u32		cpu;
	__aligned_u64	data;
	__u64		bufsize;
	__u64		used;
	__u64		drops;
	__u64		errors;
	__u64		dyndrops;	/* dynamic variable stores lost */
	/* ABI 3: speculation failures since the last snapshot */
	__u64		specdrops;	/* records lost: speculative buffer full */
	/*
	 * speculation() found only ids still being committed or discarded, or
	 * speculate() an id that is
	 */
	__u64		specbusy;
	__u64		specunavail;	/* speculation() found no free id */
};

/*
 * DTRACEIOC_STATUS: where the consumer state stands.
 * Out: activity (DTRACE_ACTIVITY_*), and counts since the state started
 * of records dropped, clause faults, dynamic variable drops,
 * aggregation drops and speculation failures, over all CPUs.
 */
struct dtrace_ioc_status {
	__u32	size;
	__u32	activity;
	__u64	drops;
	__u64	errors;
	__u64	dyndrops;
	/* ABI 3 */
	__u64	aggdrops;
	__u64	specdrops;
	__u64	specbusy;
	__u64	specunavail;
};

/*
 * DTRACEIOC_PROBEARG: the type of argument @argno of probe @id, as its
 * provider describes it (providers that do not leave both empty).
 * native is the C type of argN as the provider passes it ("struct file *",
 * "size_t"); xlate, if set, the D type args[argno] has after translation
 * ("psinfo_t *"), with mapping the index of the native argument it is
 * translated from.  mapping DTRACE_ARGNONE says the probe has no
 * argument argno (args[argno] is an error in a D program): a provider
 * that knows how many arguments its probe has says so.
 * In: id, argno.  Out: native, xlate, mapping.
 * Errors: ENOENT for no such probe, EINVAL for argno >= DTRACE_PROBE_NARGS.
 */
#define DTRACE_ARGTYPELEN	128
#define DTRACE_ARGNONE		0xffffffffU

struct dtrace_ioc_probearg {
	__u32	size;
	__u32	id;
	__u32	argno;
	__u32	mapping;
	char	native[DTRACE_ARGTYPELEN];
	char	xlate[DTRACE_ARGTYPELEN];
};

/*
 * Aggregations.  The consumer defines each aggregation it uses with
 * DTRACEIOC_AGGDEF before DTRACEIOC_GO: an id, the aggregating function
 * with its parameters, and the layout of its key.  DTRACE_ACT_AGGREGATE
 * actions then name it by id.  Each CPU aggregates into its own buffer
 * (DTRACE_OPT_AGGSIZE bytes, a hash of entries); DTRACEIOC_AGGSNAP
 * switches one CPU's buffer and copies out the entries gathered since
 * the last snapshot, which the consumer merges: every function's values
 * are sums, minima or maxima, so merging is adding (or min/max).  An
 * entry that does not fit is an aggregation drop.
 */
#define DTRACE_AGG_MAXID	1024	/* ids are 1..DTRACE_AGG_MAXID - 1 */
#define DTRACE_AGG_MAXKEYS	8	/* keys + increment fit the tuple stack */
#define DTRACE_AGG_KEYMAX	65536	/* bytes of one entry's keys */

/*
 * Aggregating functions and their values (u64/s64 words after the key):
 *  COUNT	1: count (+= 1, or the increment)
 *  SUM		1: sum of values
 *  AVG		2: count, sum
 *  MIN, MAX	1: the least or greatest value (s64)
 *  STDDEV	4: count, sum, sum of squares as u128 (low word, high word)
 *  QUANTIZE	DTRACE_QUANTIZE_NBUCKETS counts: bucket ZEROBUCKET holds 0,
 *		   ZEROBUCKET + 1 + n holds [2^n, 2^(n+1)), ZEROBUCKET - 1 - n
 *		   holds (-2^(n+1), -2^n]
 *  LQUANTIZE	levels + 2 counts, levels = (high - low) / step: bucket 0
 *		   is < low, bucket 1 + i is [low + i*step, low + (i+1)*step),
 *		   the last is >= low + levels*step
 *  LLQUANTIZE	counts of the log-linear buckets, 2 * side + 3 of them:
 *		   for each order o = low..high, with width
 *		   w = max(factor^(o+1) / steps, 1), the side's buckets
 *		   [factor^o + i*w, factor^o + (i+1)*w) up to factor^(o+1);
 *		   bucket 0 is <= -factor^(high+1), then the negative side
 *		   (mirrored, most negative first), bucket side + 1 holds
 *		   abs(v) < factor^low, then the positive side, and the last
 *		   is >= factor^(high+1) (framework/engine/quantize.h)
 * The quantizing functions add the increment (1 if none) to a bucket.
 */
enum {
	DTRACE_AGG_COUNT = 1,
	DTRACE_AGG_SUM,
	DTRACE_AGG_AVG,
	DTRACE_AGG_MIN,
	DTRACE_AGG_MAX,
	DTRACE_AGG_STDDEV,
	DTRACE_AGG_QUANTIZE,
	DTRACE_AGG_LQUANTIZE,
	DTRACE_AGG_LLQUANTIZE,
	DTRACE_AGG_FUNCMAX
};

#define DTRACE_QUANTIZE_NBUCKETS	127
#define DTRACE_QUANTIZE_ZEROBUCKET	63
#define DTRACE_LQUANTIZE_MAXLEVELS	65535	/* levels of an lquantize */
#define DTRACE_LLQUANTIZE_MAXBUCKETS	65535

/* One key of an aggregation; each takes ALIGN(size, 8) bytes of the key. */
#define DTRACE_AGGKEY_INT	0	/* size 8 */
#define DTRACE_AGGKEY_STRING	1	/* size bytes, NUL-padded */
#define DTRACE_AGGKEY_BYREF	2	/* size bytes */
/* size = 8 * frames: kernel pcs, filled by the kernel, not pushed */
#define DTRACE_AGGKEY_STACK	3
/* size = 8 * (frames + 1): pid, then user pcs; filled by the kernel */
#define DTRACE_AGGKEY_USTACK	4

struct dtrace_aggkey {
	__u32	kind;		/* DTRACE_AGGKEY_* */
	__u32	size;
};

/*
 * an increment follows the keys on the tuple stack (count, quantize,
 * lquantize, llquantize only)
 */
#define DTRACE_AGGDEF_INCR	0x1

/*
 * DTRACEIOC_AGGDEF: define aggregation @id.  Defining an id again with
 * the very same description is allowed (a no-op).
 * params: LQUANTIZE low, high, step; LLQUANTIZE factor, low, high,
 * steps (factor >= 2, 0 <= low < high, steps a multiple of factor or
 * a divisor of it, factor^(high+1) fits in 63 bits); other functions
 * all zero.
 * Errors: EINVAL for a bad description, EEXIST for an id defined
 * differently, EBUSY once tracing has started, EFAULT.
 */
struct dtrace_ioc_aggdef {
	__u32			size;
	__u32			id;
	__u32			func;		/* DTRACE_AGG_* */
	__u32			nkeys;
	__u32			flags;		/* DTRACE_AGGDEF_* */
	__u32			reserved;
	__s64			params[4];
	struct dtrace_aggkey	keys[DTRACE_AGG_MAXKEYS];
};

/*
 * An entry as DTRACEIOC_AGGSNAP copies it out: this header, the key
 * (the keys in order, each 8-aligned), the values; size covers all
 * three and is a multiple of 8.  hash and next are the kernel's own.
 */
struct dtrace_aggent {
	__u32	aggid;
	__u32	size;
	__u32	hash;
	__u32	next;
};

/*
 * DTRACEIOC_AGGSNAP: switch CPU @cpu's aggregation buffers and copy the
 * entries gathered since the last snapshot to @data, back to back.
 * In: cpu, data, bufsize (must be >= DTRACE_OPT_AGGSIZE).  Out: used
 * (bytes copied; 0 when no aggregation is defined), drops (entries that
 * did not fit, since the last snapshot).
 * Errors: EINVAL for a cpu that does not exist, ENOSPC if bufsize is too
 * small, ENXIO before GO, EFAULT.
 */
struct dtrace_ioc_aggsnap {
	__u32		size;
	__u32		cpu;
	__aligned_u64	data;
	__u64		bufsize;
	__u64		used;
	__u64		drops;
};

#define DTRACE_IOC_MAGIC	'D'
#define DTRACEIOC_VERSION	_IOWR(DTRACE_IOC_MAGIC, 1, struct dtrace_ioc_version)
#define DTRACEIOC_PROBEMATCH	_IOWR(DTRACE_IOC_MAGIC, 2, struct dtrace_ioc_probe)
#define DTRACEIOC_SETOPT	_IOWR(DTRACE_IOC_MAGIC, 3, struct dtrace_ioc_setopt)
#define DTRACEIOC_ENABLE	_IOWR(DTRACE_IOC_MAGIC, 4, struct dtrace_ioc_enable)
#define DTRACEIOC_EPDESC	_IOWR(DTRACE_IOC_MAGIC, 5, struct dtrace_ioc_epdesc)
#define DTRACEIOC_GO		_IOWR(DTRACE_IOC_MAGIC, 6, struct dtrace_ioc_go)
#define DTRACEIOC_STOP		_IOWR(DTRACE_IOC_MAGIC, 7, struct dtrace_ioc_go)
#define DTRACEIOC_BUFSNAP	_IOWR(DTRACE_IOC_MAGIC, 8, struct dtrace_ioc_bufsnap)
#define DTRACEIOC_STATUS	_IOWR(DTRACE_IOC_MAGIC, 9, struct dtrace_ioc_status)
#define DTRACEIOC_PROBEARG	_IOWR(DTRACE_IOC_MAGIC, 10, struct dtrace_ioc_probearg)
#define DTRACEIOC_AGGDEF	_IOWR(DTRACE_IOC_MAGIC, 11, struct dtrace_ioc_aggdef)
#define DTRACEIOC_AGGSNAP	_IOWR(DTRACE_IOC_MAGIC, 12, struct dtrace_ioc_aggsnap)

#endif /* _UAPI_LINUX_DTRACE_H */
