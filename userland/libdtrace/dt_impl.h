/* SPDX-License-Identifier: GPL-2.0 */
/*
 * libdtrace internals: the handle, options, compiled clauses and the
 * per-EPID cache, shared by every dt_*.c file.  The compiler's own types
 * are in dt_ast.h, dt_type.h, dt_pcb.h and dt_as.h.  The public API is
 * dtrace.h; docs/userland.md maps the files.
 */
#ifndef _DT_IMPL_H
#define _DT_IMPL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "dtrace.h"
#include "dt_errtags.h"

#define DT_ALIGN(x, a)	(((x) + (a) - 1) & ~((__typeof__(x))(a) - 1))
#define DT_ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

/* Values of the options dtrace_setopt() knows (dt_options.c). */
struct dt_options {
	bool quiet;
	bool errtags;
	bool droptags;		/* drop reports start with "[DTRACEDROP_...]" */
	bool zdefs;		/* -Z */
	bool destructive;	/* -w */
	bool allowpanic;	/* panic() and breakpoint() may be used */
	bool cpp;		/* -C: run the C preprocessor */
	bool defaultargs;	/* unset $N macros are 0 / "" */
	bool argref;		/* macro arguments may go unreferenced */
	bool pspec;		/* an ambiguous specifier is a probe description */
	uint64_t bufsize;	/* bytes per CPU buffer */
	uint64_t strsize;	/* characters a string keeps (DTrace's) */
	uint64_t dynvarsize;	/* bytes of dynamic variable space */
	uint64_t scratchsize;	/* bytes of scratch per CPU */
	uint64_t switchrate;	/* ns between buffer snapshots */
	uint64_t stackframes;	/* default frames of stack() */
	uint64_t ustackframes;	/* default frames of ustack() */
	uint64_t maxframes;	/* most frames of any stack() or ustack() */
	uint32_t bufpolicy;	/* DTRACE_BUFPOLICY_* */
	bool rawbytes;		/* trace() of bytes always as a hex dump */
	uint64_t statusrate;	/* ns between status polls */
	uint64_t cleanrate;	/* DTrace's dynvar cleaning pace: no effect */
	/* Aggregations, buffers and output (issue 4; dt_options.c) */
	uint64_t aggsize;	/* bytes per CPU aggregation buffer */
	uint64_t aggrate;	/* ns between aggregation snapshots */
	uint64_t nspec;		/* speculations */
	uint64_t specsize;	/* bytes per CPU per speculation */
	uint64_t aggsortkeypos;	/* key sorted on first with aggsortkey */
	uint64_t aggsortpos;	/* aggregation of a printa() sorted on */
	bool aggsortkey;	/* sort by keys, then value */
	bool aggsortrev;	/* reverse the order */
	bool aggpack;		/* histograms on one line */
	bool aggzoom;		/* bars scale to the largest bucket */
	uint32_t bufresize;	/* DT_BUFRESIZE_* */
	bool temporal;		/* records of all CPUs in time order */
	bool flowindent;	/* -> func / <- func, indented */
	uint32_t oformat;	/* DT_OFORMAT_* */
	uint64_t cpu;		/* the only CPU traced, or DTRACE_CPU_ANY */
	bool debug;		/* libdtrace's debug messages on stderr */
	bool core;		/* dtrace(1) dumps core when done */
	uint32_t linkmode;	/* DT_LINK_* */
	bool knodefs;		/* kernel symbols may stay unresolved */
	uint64_t tregs;		/* tuple registers: keys of one tuple */
	bool noresolve;		/* user addresses as OBJECT:0xADDR */
	uint32_t evaltime;	/* DT_EVALTIME_*: accepted, see dt_options.c */
	/* The command line's own (dt_options.c: not from a D program) */
	bool cpphdrs;		/* -H: cpp lists the files it includes */
	uint32_t stdc;		/* -X: DT_STDC_* */
	uint64_t lockmem;	/* RLIMIT_MEMLOCK wanted; 0 unset */
	char *ldpath;		/* the linker -G would use */
	char *modpath;		/* where kernel modules are looked for */
	char *pcapfile;		/* pcap() writes packets there, if set */
	uint64_t pcapsize;	/* bytes of a packet pcap() captures */
	uint32_t version;	/* D version: DT_VERSION() */
};

/*
 * Bytes a string takes in records, keys and variables: strsize characters
 * and the NUL (the kernel's DTRACE_OPT_STRSIZE counts the NUL).
 */
static inline uint32_t dt_strbytes(const struct dt_options *opt)
{
	return (uint32_t)opt->strsize + 1;
}

/*
 * -x linkmode: how kernel symbols (`sym) are linked.  kernel and static
 * resolve them at compile time; dynamic would leave them to be linked
 * later, which only knodefs allows (and this DTrace then resolves them
 * now all the same).
 */
#define DT_LINK_KERNEL		0
#define DT_LINK_STATIC		1
#define DT_LINK_DYNAMIC		2

#define DT_STDC_A		0	/* -Xa: ISO C with extensions */
#define DT_STDC_C		1	/* -Xc: strictly conforming ISO C */
#define DT_STDC_S		2	/* -Xs: K&R C */
#define DT_STDC_T		3	/* -Xt: K&R C with ISO additions */
/* A D version, major.minor.micro, as one comparable number. */
#define DT_VERSION(maj, min, mic) \
	((uint32_t)(maj) << 24 | (uint32_t)(min) << 12 | (uint32_t)(mic))
#define DT_VERSION_LATEST	DT_VERSION(2, 0, 0)

#define DT_BUFRESIZE_AUTO	0	/* halve the sizes on ENOMEM */
#define DT_BUFRESIZE_MANUAL	1	/* fail */
/* -x evaltime: when a -c target's probes are made (DTrace's words) */
#define DT_EVALTIME_EXEC	0
#define DT_EVALTIME_PREINIT	1
#define DT_EVALTIME_POSTINIT	2
#define DT_EVALTIME_MAIN	3

#define DT_OFORMAT_TEXT		0
#define DT_OFORMAT_JSON		1	/* -O json: one object per line */

/* How one recorded value is read back out of a record. */
enum dt_rec_kind {
	DT_REC_INT,		/* size bytes, is_signed */
	DT_REC_STRING,		/* NUL-padded to size */
	DT_REC_BYREF,		/* size raw bytes of ->type */
	DT_REC_STACK,		/* size / 8 kernel pcs, 0-terminated */
	DT_REC_USTACK,		/* pid, then size / 8 - 1 user pcs */
	DT_REC_NONE,		/* size 0: raise(), stop(), chill() */
	DT_REC_KSYM,		/* 8-byte kernel address: sym(), func(),
				   mod() print it as ->symfmt says */
	DT_REC_USYM,		/* 16 bytes: pid, user address: usym(),
				   ufunc(), umod(), uaddr() */
};

/* How a DT_REC_KSYM or DT_REC_USYM address prints. */
enum dt_symfmt {
	DT_SYM_SYM,		/* sym(), usym(): module`symbol */
	DT_SYM_FUNC,		/* func(), ufunc(): module`symbol, as sym */
	DT_SYM_MOD,		/* mod(), umod(): module */
	DT_SYM_ADDR,		/* uaddr(): module`symbol+0xoff */
};

struct dt_type;

struct dt_recdesc {
	enum dt_rec_kind kind;
	uint32_t offset;	/* in the record data */
	uint32_t size;		/* bytes */
	bool is_signed;		/* DT_REC_INT */
	const struct dt_type *type;	/* the D type recorded; NULL for
					   STACK, USTACK and NONE */
	enum dt_symfmt symfmt;	/* DT_REC_KSYM, DT_REC_USYM */
};

/* What the consumer does with a clause's records, statement by statement. */
enum dt_stmt_kind {
	DT_STMT_TRACE,		/* trace(x): one record */
	DT_STMT_PRINTF,		/* printf(fmt, ...): ->fmt, nrecs values */
	DT_STMT_EXIT,		/* exit(n) */
	DT_STMT_STACK,		/* stack([n]) */
	DT_STMT_USTACK,		/* ustack([n]) */
	DT_STMT_TRACEMEM,	/* tracemem(addr, n): a BYREF record */
	DT_STMT_PCAP,		/* pcap(skb, proto): the packet, proto */
	DT_STMT_PRINT,		/* print(x): ->type-directed layout */
	DT_STMT_SYSTEM,		/* system(fmt, ...): run by the consumer */
	DT_STMT_FREOPEN,	/* freopen(fmt, ...): output to that file */
	DT_STMT_FTRUNCATE,	/* ftruncate(): output file emptied */
	DT_STMT_SILENT,		/* raise(), stop(), chill(), panic(),
				   speculate(), commit(), discard(): the
				   kernel acted; nothing is printed */
	/*
	 * Statements on aggregations, done by the consumer when it meets
	 * the clause's record (a clause with one always records); ->aggs
	 * names the aggregations by id.
	 */
	DT_STMT_PRINTA,		/* printa([fmt,] @a, ...): ->fmt or NULL */
	DT_STMT_CLEAR,		/* clear(@a) */
	DT_STMT_TRUNC,		/* trunc(@a[, n]): nrecs 0 or 1 (n) */
	DT_STMT_NORMALIZE,	/* normalize(@a, n): nrecs 1 (n) */
	DT_STMT_DENORMALIZE,	/* denormalize(@a) */
	DT_STMT_SETOPT,		/* setopt(name[, value]): ->optname,
				   ->optval (NULL if none) */
};

struct dt_pfmt;

struct dt_stmt {
	enum dt_stmt_kind kind;
	unsigned int first;	/* index of its first action/record */
	unsigned int nrecs;	/* how many it owns */
	struct dt_pfmt *fmt;	/* DT_STMT_PRINTF, DT_STMT_SYSTEM,
				   DT_STMT_PRINTA (NULL: default layout) */
	uint32_t *aggs;		/* ids of the aggregations it acts on */
	unsigned int naggs;
	char *optname;		/* DT_STMT_SETOPT */
	char *optval;
};

struct dt_aggdata;

/*
 * An aggregation, as the compiler made it from the first use of @name:
 * its kernel definition and how to read and print its key.  The same
 * function, parameters and key types at every use (the compiler
 * checks).  The consumer's merged entries hang off ->data (dt_agg.c).
 */
struct dt_agg {
	uint32_t id;			/* index in dtp->aggs; 1.. */
	char *name;			/* without the @; "" for @ alone */
	struct dtrace_ioc_aggdef def;	/* what DTRACEIOC_AGGDEF gets */
	bool defined;			/* sent to the kernel */
	unsigned int nkeys;
	struct dt_recdesc keys[DTRACE_AGG_MAXKEYS];	/* offsets in the
							   entry's key */
	uint32_t keysize;		/* bytes of the key, 8-aligned */
	uint32_t nvals;			/* u64 words of the value */
	bool printed;			/* printa() showed it: not printed
					   again at the end */
	struct dt_aggdata *data;	/* merged entries, the consumer's */
};

/* A DIF program with the tables its struct dtrace_difo points to. */
struct dt_difo {
	struct dtrace_difo k;		/* what DTRACEIOC_ENABLE gets */
	struct dtrace_dif_insn *insns;
	uint64_t *ints;
	char *strtab;
	struct dtrace_difv *vartab;	/* k.nvars entries */
};

/*
 * A compiled clause: probe descriptions, predicate, actions for the
 * kernel, and what userland needs to print the records.  Its id is the
 * cookie handed to DTRACEIOC_ENABLE.
 */
struct dt_clause {
	uint64_t id;			/* cookie; index in dtp->clauses */
	unsigned int index;		/* probe descriptions before it in
					   its program */
	bool is_error;			/* the internal dtrace:::ERROR clause */
	struct dtrace_probedesc *descs;
	unsigned int ndescs;
	struct dt_difo *pred;		/* NULL when there is none */
	struct dt_difo **progs;		/* one per action */
	struct dtrace_actdesc *acts;	/* nacts, filled at enable time */
	struct dt_recdesc *recs;	/* nacts */
	unsigned int nacts;
	struct dt_stmt *stmts;
	unsigned int nstmts;
	uint32_t datasize;
};

struct dtrace_prog {
	struct dt_clause **clauses;
	unsigned int nclauses;
	bool enabled;
};

/* What an EPID stands for, cached from DTRACEIOC_EPDESC. */
struct dt_epid {
	bool valid;
	uint32_t probe;
	uint64_t cookie;
	uint32_t datasize;
	struct dtrace_probedesc desc;
};

/* A probe of the table used instead of the kernel's with DTRACE_O_NODEV. */
struct dt_fakeprobe {
	uint32_t id;
	struct dtrace_probedesc desc;
};

struct dtrace_hdl {
	int fd;				/* /dev/dtrace, -1 with O_NODEV */
	int wakefd;			/* eventfd: dtrace_wake() ends
					   dtrace_sleep() (dt_work.c) */
	struct dt_typetab *types;	/* dt_type.c, dt_btf.c */
	struct dt_btf *btf;		/* kernel types, loaded on first use */
	struct dt_dstate *dstate;	/* declarations that outlive one
					   compilation: D variables, inlines,
					   translators (dt_decl.c) */

	/* Macro variables of the compiler ($1.., $target, $pid ...). */
	char **macro_argv;		/* $0 is the script name */
	int macro_argc;
	int target;			/* $target: -c or -p process, 0 none */
	int flags;			/* DTRACE_O_* */
	int err;			/* last EDT_* or errno */
	enum dt_errtag errtag;		/* tag of the last compile error */
	char errmsg[1024];		/* text of the last compile error */
	struct dt_options opt;
	bool opts_applied;		/* kernel's options sent (SETOPT) */

	struct dt_clause **clauses;	/* indexed by cookie */
	unsigned int nclauses, clauses_cap;
	struct dt_clause *errclause;	/* internal ERROR clause, once enabled */

	struct dt_agg **aggs;		/* indexed by id; [0] unused */
	unsigned int naggs;		/* ids in use + 1 */

	struct dt_epid *epids;		/* indexed by EPID */
	unsigned int nepids;

	/* The consumer (dt_work.c, dt_consume.c). */
	bool active;			/* GO done */
	bool stopped;			/* STOP done */
	bool done;			/* final snapshot processed */
	bool header_done;		/* CPU/ID header printed */
	bool testing;			/* _DTRACE_TESTING: no CPU, ID columns */
	bool exit_set;			/* an exit() record was seen */
	int out_saved;			/* freopen(): the output's first
					   file, dup()ed; -1 if none */
	int exit_status;
	int ncpus;
	int began_on;			/* CPU BEGIN fired on; -1 once drained */
	int ended_on;			/* CPU END fired on; -1 before STOP */
	char *snapbuf;
	size_t snapsize;
	uint64_t next_switch, next_status;	/* CLOCK_MONOTONIC ns */
	uint64_t next_agg;		/* next aggregation snapshot */
	char *aggbuf;			/* DTRACEIOC_AGGSNAP target */
	size_t aggbufsize;
	struct dt_symalias *symaliases;	/* symbol keys met (dt_agg.c) */
	unsigned int nsymaliases, capsymaliases;
	uint64_t aggdrops;		/* reported from AGGSNAP so far */
	struct dt_held *held;		/* -x temporal: records kept back */
	int *flowdepth;			/* -x flowindent: indent per CPU */
	FILE *pcap_fp;			/* pcap(): the pcapfile, once open */
	uint32_t pcap_link;		/* its link type */
	bool pcap_mixed;		/* packets of another one were met */
	int64_t pcap_walloff;		/* wall clock less monotonic, ns */

	dtrace_handle_err_f *err_handler;
	void *err_arg;
	dtrace_handle_drop_f *drop_handler;
	void *drop_arg;

	struct dt_symtab *syms;		/* kernel and user symbols (dt_sym.c) */
	struct dt_proc *proc;		/* -c/-p target (dt_proc.c) */
	struct dt_uprov *uprovs;	/* USDT providers declared (-h, -G) */
	int ftfd;			/* /dev/dtrace_fasttrap, -1 until
					   user probes are made (dt_pid.c) */
	int pidtag;			/* D_* tag of the last failed
					   dt_pid_provide(), 0 for none */
	struct dt_pid_kept *pidkept;	/* descriptions of a process's */
	size_t npidkept;		/* probes, made again (dt_pid.c) */
	int watchpid;			/* the watcher of execs (dt_pid.c), */
	int watchfd;			/* 0 and -1 without one */
	struct dt_pid_nonotes *nonotes;	/* files without USDT notes */
	size_t nnonotes;		/* (dt_pid.c) */
	char **cpp_argv;		/* -D/-U/-I for -C (dt_cpp.c) */
	int cpp_argc;
	char **libdirs;			/* -L, searched before the default */
	int nlibdirs;
	bool in_program;		/* options set by #pragma D option */

	struct dt_fakeprobe *fake;	/* DTRACE_O_NODEV probe table */
	unsigned int nfake;
};

int dt_set_errno(dtrace_hdl_t *dtp, int err);
void dt_dprintf(const dtrace_hdl_t *dtp, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
int dt_set_errmsg(dtrace_hdl_t *dtp, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
int dt_set_errno_ioctl(dtrace_hdl_t *dtp, int err);

/* dt_open.c */
int dt_ioctl(dtrace_hdl_t *dtp, unsigned long cmd, void *arg);

/* dt_probe.c */
int dt_probe_match(dtrace_hdl_t *dtp, struct dtrace_probedesc *desc,
		   uint32_t *idp, unsigned int flags);
int dt_probe_lookup(dtrace_hdl_t *dtp, uint32_t id,
		    struct dtrace_probedesc *desc);
int dt_fake_probe_add(dtrace_hdl_t *dtp, const char *prov, const char *mod,
		      const char *func, const char *name);

/*
 * dt_pid.c: user probes a description names, made before matching it;
 * for an enabled description, made again when the process maps more.
 */
int dt_pid_provide(dtrace_hdl_t *dtp, struct dtrace_probedesc *desc);
int dt_pid_provide_kept(dtrace_hdl_t *dtp, struct dtrace_probedesc *desc);
void dt_pid_refresh(dtrace_hdl_t *dtp);
void dt_pid_refresh_sync(dtrace_hdl_t *dtp);
bool dt_pid_kept_in(const dtrace_hdl_t *dtp, int pid);
bool dt_pid_follows(const dtrace_hdl_t *dtp);
void dt_pid_follow(dtrace_hdl_t *dtp, int pid);
void dt_pid_watch_start(dtrace_hdl_t *dtp);
void dt_pid_watch_stop(dtrace_hdl_t *dtp);
void dt_pid_kept_free(dtrace_hdl_t *dtp);

/* dt_options.c */
void dt_options_init(struct dt_options *opt);
uint64_t dt_options_frames(const struct dt_options *opt, bool user,
			   uint64_t given);
void dt_options_fini(struct dt_options *opt);
int dt_version_parse(const char *s, uint32_t *vp);
int dt_options_apply(dtrace_hdl_t *dtp);
uint64_t dt_now(void);

/* dt_clause.c */
struct dt_clause *dt_clause_alloc(void);
void dt_clause_free(struct dt_clause *cl);
void dt_difo_free(struct dt_difo *dp);
int dt_clause_register(dtrace_hdl_t *dtp, struct dt_clause *cl);
void dt_program_free(dtrace_prog_t *pgp);

/* dt_proc.c */
void dt_proc_release(dtrace_hdl_t *dtp);
int dt_proc_exec(dtrace_hdl_t *dtp, int pid);

/* dt_consume.c */
int dt_consume(dtrace_hdl_t *dtp, FILE *fp);
int dt_consume_buffer(dtrace_hdl_t *dtp, FILE *fp, int cpu, const char *buf,
		      size_t len);
struct dt_epid *dt_epid_get(dtrace_hdl_t *dtp, uint32_t epid);

/*
 * dt_cpp.c: run the C preprocessor (-C) over @len bytes of @text, with
 * the -D/-U/-I options given to dtrace_cpp_option() (and -H, -X).  The
 * output keeps "# LINE "/dev/stdin"" markers, which dt_lex.l follows.
 * Return: the malloc'd output (NUL-terminated, length in *@outlen), or
 * NULL with the handle's error set and the preprocessor's message in
 * dtp->errmsg.
 */
char *dt_cpp_run(dtrace_hdl_t *dtp, const char *text, size_t len,
		 size_t *outlen);

/* dt_dis.c */
void dt_dis_difo(const struct dt_difo *dp, const char *title, FILE *fp);
const char *dt_dis_opname(unsigned int op);

#endif /* _DT_IMPL_H */
