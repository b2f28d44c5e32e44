/* SPDX-License-Identifier: GPL-2.0 WITH Linux-syscall-note */
/*
 * /dev/dtrace_fasttrap: how the dtrace command creates probes in user
 * programs (the pid provider and USDT).  The command reads the ELF
 * files itself and hands the kernel an open file and an offset in it;
 * the kernel never parses ELF.  docs/providers/pid.md says what the
 * probes are; docs/abi.md says how this device is used.
 *
 * Probes made through an open of the device are held by it: closing it
 * (however the process ends) lets them go once nothing has them enabled.
 */
#ifndef _UAPI_LINUX_DTRACE_FASTTRAP_H
#define _UAPI_LINUX_DTRACE_FASTTRAP_H

#include <linux/ioctl.h>
#include <linux/types.h>
#include <linux/dtrace.h>

#define DTRACE_FASTTRAP_DEVICE	"/dev/dtrace_fasttrap"

/* What a probe is placed on. */
enum dtrace_ftp_kind {
	DTRACE_FTP_ENTRY,	/* first instruction of a function */
	DTRACE_FTP_RETURN,	/* the function returns (uretprobe) */
	DTRACE_FTP_OFFSET,	/* an instruction inside a function */
	DTRACE_FTP_USDT,	/* a USDT site (.note.stapsdt) */
	DTRACE_FTP_NKINDS
};

/*
 * Where a USDT argument is, from its note's "SIZE@OPERAND" spec.
 * Registers are numbered as struct pt_regs words, as uregs[] numbers
 * them (DTRACE_FTARG_NOREG for none).  REG: the register's value.  MEM:
 * the |size| bytes at regs[base] + regs[index] * scale + value (a
 * %rip-relative operand has base = the rip word and value relative to
 * the probe address).  IMM: value itself.  size is 1, 2, 4 or 8,
 * negative for a signed value, which is then sign-extended.
 */
enum dtrace_ftarg_kind {
	DTRACE_FTARG_REG,
	DTRACE_FTARG_MEM,
	DTRACE_FTARG_IMM
};

#define DTRACE_FTARG_NOREG	0xff

struct dtrace_ftarg {
	__u8	kind;
	__s8	size;
	__u8	base;
	__u8	index;
	__u8	scale;
	__u8	pad[3];
	__s64	value;
};

#define DTRACE_FTP_NARGS	DTRACE_PROBE_NARGS

/* Bytes of a USDT probe's declared argument type names (argtypes). */
#define DTRACE_FTP_TYPESLEN	1024

/*
 * DTRACEIOC_FTP_CREATE: make the probe @desc (every field a plain name,
 * the provider "pidPID", "NAMEPID" for USDT, or "pid" with @pid 0 for
 * every process), unless it exists; either way this open holds it.
 * In: fd, an open regular file; offset of the instruction in it; pid,
 * the process the probe fires in (0: any that maps the file); kind;
 * refctr, the file offset of a USDT semaphore (0: none); nargs and args
 * for USDT.  A USDT probe whose provider declaration is known (dtrace -G
 * recorded it) may also say its argument types: argtypes holds nargs
 * native type names ("int", "char *"), then nxargs translated ones,
 * each NUL-terminated and shorter than DTRACE_ARGTYPELEN; translated
 * argument i (D's args[i]) is native argument argmap[i].  nxargs 0 and
 * an empty argtypes: no types, each argument an integer of its size.
 * The first request that makes a probe sets its types.  Out: id.
 * Errors: EINVAL (bad names, kind, args, types, offset past the end of
 * the file), EBADF, ESRCH (no such process), EEXIST (the names are taken by
 * a probe at another place), E2BIG (too many probes), EPERM.
 */
struct dtrace_ioc_ftp_create {
	__u32			size;
	__s32			fd;
	__u64			offset;
	__u64			refctr;
	__s32			pid;
	__u32			kind;
	__u32			nargs;
	__u32			id;
	struct dtrace_probedesc	desc;
	struct dtrace_ftarg	args[DTRACE_FTP_NARGS];
	__u32			nxargs;
	__u8			argmap[DTRACE_FTP_NARGS];
	__u8			pad[2];
	char			argtypes[DTRACE_FTP_TYPESLEN];
};

#define DTRACE_FASTTRAP_IOC_MAGIC	0xd4

#define DTRACEIOC_FTP_CREATE	_IOWR(DTRACE_FASTTRAP_IOC_MAGIC, 1, \
				      struct dtrace_ioc_ftp_create)
/*
 * DTRACEIOC_FTP_SYNC: return once the probes made so far are enabled
 * for every consumer whose probe descriptions (retained enablings)
 * match them: a process held stopped while its probes were made may
 * then run without missing one.  No argument.
 */
#define DTRACEIOC_FTP_SYNC	_IO(DTRACE_FASTTRAP_IOC_MAGIC, 2)
/*
 * DTRACEIOC_FTP_WATCH: from now on, each process that execs (its new
 * image in place, before its first instruction) is queued for this open
 * and held until this open releases it, is closed, or the module's
 * exec_hold_ms passed (a process a kernel thread started, or one past
 * the holds the module has, is queued but not held).  read() gives the
 * pids queued (__s32 each; it waits for one unless O_NONBLOCK); poll()
 * says when there are some.  No argument.  Errors: ENOMEM.
 * DTRACEIOC_FTP_RELEASE: let go the processes read so far (their
 * probes made and synced).  No argument.  Errors: EINVAL (not watching).
 */
#define DTRACEIOC_FTP_WATCH	_IO(DTRACE_FASTTRAP_IOC_MAGIC, 3)
#define DTRACEIOC_FTP_RELEASE	_IO(DTRACE_FASTTRAP_IOC_MAGIC, 4)

#endif /* _UAPI_LINUX_DTRACE_FASTTRAP_H */
