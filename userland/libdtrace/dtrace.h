/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The public libdtrace API: what cmd/dtrace.c (and any other consumer)
 * may call.  Everything returns 0/-1 or a pointer/NULL; on failure the
 * reason is in the handle, read with dtrace_errno() and dtrace_errmsg().
 * Internals live in dt_impl.h; docs/userland.md describes the passes.
 */
#ifndef _DTRACE_H
#define _DTRACE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <linux/dtrace.h>

#define DTRACE_VERSION	1	/* version of this API (dtrace_open) */

/* libdtrace error codes, above any errno. */
#define EDT_BASE	1000
enum {
	EDT_NODEV = EDT_BASE,	/* no /dev/dtrace */
	EDT_NOPERM,		/* not allowed to open or use it */
	EDT_VERSION,		/* kernel ABI version differs */
	EDT_COMPILER,		/* compile error; text in dtp->errmsg */
	EDT_NOMEM,
	EDT_BADOPTNAME,
	EDT_BADOPTVAL,
	EDT_ACTIVE,		/* tracing already started */
	EDT_NOTACTIVE,		/* tracing not started */
	EDT_NOPROBE,		/* description matches no probe */
	EDT_BADPDESC,		/* malformed probe description */
	EDT_BADEPID,		/* EPID the kernel does not know */
	EDT_CORRUPT,		/* malformed record in a snapshot */
	EDT_VERSARG,		/* dtrace_open() asked for another API */
	EDT_NODEVICE_OP,	/* needs the device, handle has none */
	EDT_DESTRUCTIVE,	/* destructive action without -w */
	EDT_PROBELIMIT,		/* a provider's enabled-probe limit hit */
	EDT_NOTARMABLE,		/* the probes matched cannot be armed */
	EDT_UPROBE,		/* user probes not made; text in errmsg */
	EDT_DIFREFUSED,		/* the kernel's verifier refused a program;
				   text in errmsg */
	EDT_BADBTF,		/* the kernel's BTF refused as invalid */
	EDT_NOBTF,		/* the kernel has no BTF where it is read */
	EDT_INTERNAL,		/* a bug of dtrace's own */
	EDT_LOCKDOWN,		/* kernel lockdown refuses /dev/dtrace */
	EDT_LOCKDOWN_DESTR,	/* kernel lockdown refuses destructive actions */
	EDT_BADOPTCTX,		/* a command-line option set by a program */
	EDT_BUFTOOSMALL,	/* a clause's record exceeds bufsize */
	EDT_ENDTOOBIG,		/* fill: END's records together exceed it */
	EDT_MAX
};

typedef struct dtrace_hdl dtrace_hdl_t;
typedef struct dtrace_prog dtrace_prog_t;
typedef struct dtrace_probedesc dtrace_probedesc_t;

/* dtrace_open() flags */
#define DTRACE_O_NODEV	0x1	/* no /dev/dtrace: compile only, fake probes */

/* Which field a probe description names when it has one field only. */
typedef enum dtrace_probespec {
	DTRACE_PROBESPEC_PROVIDER = 0,	/* -P */
	DTRACE_PROBESPEC_MOD,		/* -m */
	DTRACE_PROBESPEC_FUNC,		/* -f */
	DTRACE_PROBESPEC_NAME,		/* -n, and D programs */
	DTRACE_PROBESPEC_ID		/* -i: a probe's id, else as -n */
} dtrace_probespec_t;

/* dtrace_program_*compile() flags */
#define DTRACE_C_ZDEFS	0x1	/* a description may match zero probes */

typedef struct dtrace_proginfo {
	unsigned int matched;	/* probes enabled, the ERROR clause aside */
} dtrace_proginfo_t;

/* What dtrace_work() says about the trace. */
typedef enum dtrace_workstatus {
	DTRACE_WORKSTATUS_ERROR = -1,
	DTRACE_WORKSTATUS_OKAY,
	DTRACE_WORKSTATUS_DONE
} dtrace_workstatus_t;

/* A fault reported through dtrace:::ERROR, handed to the error handler. */
typedef struct dtrace_errdata {
	uint32_t epid;			/* enabled probe that faulted */
	uint32_t probe;			/* its probe id */
	const dtrace_probedesc_t *desc;	/* its probe's names */
	int action;			/* 0: predicate, else action number */
	uint64_t offset;		/* DIF instruction index */
	uint64_t fault;			/* DTRACEFLT_* */
	uint64_t addr;			/* faulting address or value */
	const char *msg;		/* the whole message, no "dtrace: " */
} dtrace_errdata_t;

/* Records lost, or faults only counted, handed to the drop handler. */
typedef struct dtrace_dropdata {
	int cpu;
	uint64_t drops;
	const char *msg;		/* the whole message, no "dtrace: " */
} dtrace_dropdata_t;

typedef int dtrace_handle_err_f(const dtrace_errdata_t *, void *);
typedef int dtrace_handle_drop_f(const dtrace_dropdata_t *, void *);
typedef int dtrace_probe_f(dtrace_hdl_t *, uint32_t id,
			   const dtrace_probedesc_t *, void *);
typedef int dtrace_desc_f(dtrace_hdl_t *, const dtrace_probedesc_t *,
			  void *);

dtrace_hdl_t *dtrace_open(int version, int flags, int *errp);
void dtrace_close(dtrace_hdl_t *dtp);

int dtrace_errno(dtrace_hdl_t *dtp);
const char *dtrace_errmsg(dtrace_hdl_t *dtp, int err);
const char *dtrace_errtag(dtrace_hdl_t *dtp);

int dtrace_setopt(dtrace_hdl_t *dtp, const char *opt, const char *val);
int dtrace_getopt(dtrace_hdl_t *dtp, const char *opt, int64_t *val);
int dtrace_cpp_option(dtrace_hdl_t *dtp, int opt, const char *arg);
int dtrace_macro_args(dtrace_hdl_t *dtp, int argc, char *const argv[]);

/* The target process: -c (created stopped) or -p (grabbed). */
int dtrace_proc_create(dtrace_hdl_t *dtp, const char *cmd,
		       const char **argv0p);
int dtrace_proc_grab(dtrace_hdl_t *dtp, int pid);
void dtrace_proc_continue(dtrace_hdl_t *dtp);
bool dtrace_proc_exited(dtrace_hdl_t *dtp, char *msg, size_t len);

int dtrace_str2desc(dtrace_hdl_t *dtp, dtrace_probespec_t spec,
		    const char *s, dtrace_probedesc_t *pdp);
void dtrace_desc2str(const dtrace_probedesc_t *pdp, char *buf,
		     size_t len);
int dtrace_probe_iter(dtrace_hdl_t *dtp, const dtrace_probedesc_t *pdp,
		      dtrace_probe_f *func, void *arg);
int dtrace_probe_argtype(dtrace_hdl_t *dtp, uint32_t id, int argno,
			 char *buf, size_t len);

/* Stability attributes: DTrace's rules and names (dt_attr.c). */
int dtrace_probe_attr(dtrace_hdl_t *dtp, uint32_t id, struct dtrace_attr *desc,
		      struct dtrace_attr *args);
struct dtrace_attr dtrace_attr_min(struct dtrace_attr a, struct dtrace_attr b);
int dtrace_program_attr(dtrace_hdl_t *dtp, const dtrace_prog_t *pgp,
			struct dtrace_attr *desc, struct dtrace_attr *stmt);
const char *dtrace_stability_name(unsigned int v);
const char *dtrace_class_name(unsigned int v);

dtrace_prog_t *dtrace_program_strcompile(dtrace_hdl_t *dtp, const char *s,
					 dtrace_probespec_t spec,
					 unsigned int cflags);
/*
 * USDT providers declared by the programs compiled so far ("provider
 * NAME { probe ...; };"): dtrace -h writes their C header, dtrace -G an
 * ELF object defining their semaphores, to link with the code that uses
 * the header.  docs/usdt.md.
 */
int dtrace_provider_header(dtrace_hdl_t *dtp, FILE *fp, const char *guard);
int dtrace_provider_object(dtrace_hdl_t *dtp, const char *path);

dtrace_prog_t *dtrace_program_fcompile(dtrace_hdl_t *dtp, FILE *fp,
				       const char *name,
				       unsigned int cflags);
int dtrace_program_desc_iter(dtrace_hdl_t *dtp, dtrace_prog_t *pgp,
			     dtrace_desc_f *func, void *arg);
int dtrace_program_exec(dtrace_hdl_t *dtp, dtrace_prog_t *pgp,
			dtrace_proginfo_t *pip);
void dtrace_program_dump(dtrace_hdl_t *dtp, dtrace_prog_t *pgp, FILE *fp);

int dtrace_handle_err(dtrace_hdl_t *dtp, dtrace_handle_err_f *func,
		      void *arg);
int dtrace_handle_drop(dtrace_hdl_t *dtp, dtrace_handle_drop_f *func,
		       void *arg);

int dtrace_go(dtrace_hdl_t *dtp);
int dtrace_stop(dtrace_hdl_t *dtp);
void dtrace_sleep(dtrace_hdl_t *dtp);
void dtrace_wake(dtrace_hdl_t *dtp);
dtrace_workstatus_t dtrace_work(dtrace_hdl_t *dtp, FILE *fp);
int dtrace_exit_status(dtrace_hdl_t *dtp, int *statusp);

/*
 * Aggregations: dtrace_work() snapshots them at aggrate and before it
 * takes records; dtrace_aggregate_print() prints those printa() has
 * not, once tracing is done.
 */
int dtrace_aggregate_snap(dtrace_hdl_t *dtp);
int dtrace_aggregate_print(dtrace_hdl_t *dtp, FILE *fp);

#endif /* _DTRACE_H */
