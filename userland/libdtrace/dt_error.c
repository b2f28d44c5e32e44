// SPDX-License-Identifier: GPL-2.0
/*
 * libdtrace's error model: EDT_* codes above errno kept in the handle,
 * their messages, and the names of the D_* diagnostic tags.  A failing
 * call sets the code with dt_set_errno() and returns -1 (or NULL).
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "dt_impl.h"

static const char *const dt_errmsgs[] = {
	[EDT_NODEV - EDT_BASE]	= "DTrace device not available on system",
	[EDT_NOPERM - EDT_BASE] =
		"DTrace requires additional privileges: CAP_SYS_ADMIN (run it as root)",
	[EDT_VERSION - EDT_BASE] =
		"DTrace kernel module speaks a different ABI version",
	[EDT_COMPILER - EDT_BASE] = "D program compilation failed",
	[EDT_NOMEM - EDT_BASE]	= "Memory allocation failure",
	[EDT_BADOPTNAME - EDT_BASE] = "Invalid option name",
	[EDT_BADOPTVAL - EDT_BASE] = "Invalid value for specified option",
	[EDT_ACTIVE - EDT_BASE]	= "Operation illegal when tracing is active",
	[EDT_NOTACTIVE - EDT_BASE] = "Operation illegal when tracing is not active",
	[EDT_NOPROBE - EDT_BASE] = "No probe matches description",
	[EDT_BADPDESC - EDT_BASE] = "Invalid probe description",
	[EDT_BADEPID - EDT_BASE] = "Invalid enabled probe identifier",
	[EDT_CORRUPT - EDT_BASE] = "Corrupt record in trace buffer",
	[EDT_VERSARG - EDT_BASE] = "Client requested an unsupported API version",
	[EDT_NODEVICE_OP - EDT_BASE] =
		"Operation needs the DTrace device, opened without it",
	[EDT_DESTRUCTIVE - EDT_BASE] = "Destructive actions not allowed",
	[EDT_PROBELIMIT - EDT_BASE] =
		"Too many probes to enable: a provider's limit was reached "
		"(narrow the probe description; fbt's is its max_enabled "
		"parameter)",
	[EDT_NOTARMABLE - EDT_BASE] =
		"The probes matched cannot be enabled: the kernel does not "
		"allow tracing there",
	[EDT_UPROBE - EDT_BASE] = "User probes could not be created",
	[EDT_DIFREFUSED - EDT_BASE] = "DIF program refused by the kernel",
	[EDT_BADBTF - EDT_BASE] =
		"The kernel's BTF is invalid, so the probes cannot be made "
		"(/proc/dtrace/trace says why)",
	[EDT_NOBTF - EDT_BASE] =
		"The kernel's BTF cannot be read: no /sys/kernel/btf/vmlinux "
		"under the init process's root (/proc/dtrace/trace)",
	[EDT_INTERNAL - EDT_BASE] =
		"Internal error in dtrace (a bug of its own: please report it)",
	[EDT_LOCKDOWN - EDT_BASE] =
		"The kernel is locked down for confidentiality: it refuses DTrace, which reads kernel memory (see /sys/kernel/security/lockdown)",
	[EDT_LOCKDOWN_DESTR - EDT_BASE] =
		"Destructive actions not allowed: the kernel is locked down (see /sys/kernel/security/lockdown)",
	[EDT_BADOPTCTX - EDT_BASE] =
		"Option cannot be used from within a D program",
	[EDT_BUFTOOSMALL - EDT_BASE] = "Enabling exceeds size of buffer",
	[EDT_ENDTOOBIG - EDT_BASE] =
		"END enablings exceed size of principal buffer",
};

static const char *const dt_tagnames[] = {
#define DT_ERRTAG_NAME(t) [t] = #t,
	DT_ERRTAGS(DT_ERRTAG_NAME)
#undef DT_ERRTAG_NAME
};

const char *dt_errtag_name(enum dt_errtag tag)
{
	if ((unsigned int)tag >= D_NTAGS)
		return "D_UNKNOWN";
	return dt_tagnames[tag];
}

/**
 * dt_dprintf() - a debug message, with -x debug or $DTRACE_DEBUG set
 * @dtp: the handle
 * @fmt: printf format of the message, without a newline
 *
 * "libdtrace DEBUG <ns since boot>: <message>" on stderr.
 */
void dt_dprintf(const dtrace_hdl_t *dtp, const char *fmt, ...)
{
	va_list ap;

	if (!dtp->opt.debug)
		return;
	fprintf(stderr, "libdtrace DEBUG %llu: ", (unsigned long long)dt_now());
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

int dt_set_errno(dtrace_hdl_t *dtp, int err)
{
	dtp->err = err;
	return -1;
}

int dtrace_errno(dtrace_hdl_t *dtp)
{
	return dtp->err;
}

/**
 * dtrace_errmsg() - the text of an error code
 * @dtp: the handle, or NULL
 * @err: an errno value or EDT_* code
 *
 * For EDT_COMPILER the text is the diagnostic of the last compilation,
 * already formatted ("[D_TAG] line N: message" as options ask).
 */
const char *dtrace_errmsg(dtrace_hdl_t *dtp, int err)
{
	if ((err == EDT_COMPILER || err == EDT_UPROBE ||
	     err == EDT_DIFREFUSED) && dtp &&
	    dtp->errmsg[0])
		return dtp->errmsg;
	if (err >= EDT_BASE && err < EDT_MAX && dt_errmsgs[err - EDT_BASE])
		return dt_errmsgs[err - EDT_BASE];
	return strerror(err);
}

/* EDT_UPROBE with a message; returns -1. */
int dt_set_errmsg(dtrace_hdl_t *dtp, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(dtp->errmsg, sizeof(dtp->errmsg), fmt, ap);
	va_end(ap);
	return dt_set_errno(dtp, EDT_UPROBE);
}

/* The D_* tag of the last compile error, "" if there was none. */
const char *dtrace_errtag(dtrace_hdl_t *dtp)
{
	if (dtp->err != EDT_COMPILER)
		return "";
	return dt_errtag_name(dtp->errtag);
}

/*
 * Map an errno from /dev/dtrace to what the user is best told.  Once
 * the device is open, EPERM only comes from ENABLE refusing a
 * destructive action: for want of the destructive option (-w), or,
 * when -w was given (the compiler refuses them without it), because
 * the kernel is locked down.  E2BIG and EOPNOTSUPP come from a provider
 * refusing to arm probes; EBADMSG and ENODATA from a provider that
 * makes its probes from the kernel's BTF (fbt) and has none.
 */
int dt_set_errno_ioctl(dtrace_hdl_t *dtp, int err)
{
	if (err == EPERM)
		err = dtp->opt.destructive ? EDT_LOCKDOWN_DESTR :
					     EDT_DESTRUCTIVE;
	else if (err == EACCES)
		err = EDT_NOPERM;
	else if (err == E2BIG)
		err = EDT_PROBELIMIT;
	else if (err == EOPNOTSUPP)
		err = EDT_NOTARMABLE;
	else if (err == EBADMSG)
		err = EDT_BADBTF;
	else if (err == ENODATA)
		err = EDT_NOBTF;
	return dt_set_errno(dtp, err);
}
