// SPDX-License-Identifier: GPL-2.0
/*
 * Opening and closing a libdtrace handle: /dev/dtrace, the ABI version
 * handshake, the CPU count, and the teardown of everything the handle
 * owns.  DTRACE_O_NODEV gives a handle with no device, whose probes come
 * from a small table (dt_probe.c): enough to compile, for host tests.
 * The macro arguments ($0, $1, ...) are kept here too.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include <sys/eventfd.h>
#include <sys/ioctl.h>
#include <unistd.h>
#include <linux/capability.h>
#include "dt_agg.h"
#include "dt_consume.h"
#include "dt_provider.h"
#include "dt_sym.h"
#include "dt_var.h"
#include "dt_type.h"

#define DT_DEVICE	"/dev/dtrace"

/* ioctl() on the device, restarted after a signal.  Return: 0 or -1. */
int dt_ioctl(dtrace_hdl_t *dtp, unsigned long cmd, void *arg)
{
	int ret;

	if (dtp->fd < 0) {
		errno = ENODEV;
		return -1;
	}
	do {
		ret = ioctl(dtp->fd, cmd, arg);
	} while (ret < 0 && errno == EINTR);
	return ret < 0 ? -1 : 0;
}

/* Has this process CAP_SYS_ADMIN in its effective set? */
static bool dt_cap_sys_admin(void)
{
	FILE *fp = fopen("/proc/self/status", "re");
	unsigned long long eff;
	char line[256];
	bool ret = false;

	if (!fp)
		return false;
	while (fgets(line, sizeof(line), fp)) {
		if (sscanf(line, "CapEff: %llx", &eff) == 1) {
			ret = eff & (1ULL << CAP_SYS_ADMIN);
			break;
		}
	}
	fclose(fp);
	return ret;
}

static int dt_open_device(dtrace_hdl_t *dtp)
{
	struct dtrace_ioc_version v = { .size = sizeof(v) };

	dtp->fd = open(DT_DEVICE, O_RDWR | O_CLOEXEC);
	if (dtp->fd < 0) {
		if (errno == ENOENT || errno == ENODEV || errno == ENXIO)
			return EDT_NODEV;
		/* with CAP_SYS_ADMIN, only the kernel's lockdown refuses */
		if (errno == EPERM && dt_cap_sys_admin())
			return EDT_LOCKDOWN;
		if (errno == EACCES || errno == EPERM)
			return EDT_NOPERM;
		return errno;
	}
	if (dt_ioctl(dtp, DTRACEIOC_VERSION, &v)) {
		if (errno == EACCES || errno == EPERM)
			return EDT_NOPERM;
		return errno == ENOTTY ? EDT_VERSION : errno;
	}
	if (v.version != DTRACE_ABI_VERSION)
		return EDT_VERSION;
	return 0;
}

static int dt_open_fake(dtrace_hdl_t *dtp)
{
	if (dt_fake_probe_add(dtp, "dtrace", "", "", "BEGIN") ||
	    dt_fake_probe_add(dtp, "dtrace", "", "", "END") ||
	    dt_fake_probe_add(dtp, "dtrace", "", "", "ERROR"))
		return EDT_NOMEM;
	return 0;
}

/**
 * dtrace_open() - open a handle
 * @version: DTRACE_VERSION
 * @flags: DTRACE_O_*
 * @errp: out, the error code on failure
 *
 * Return: the handle, or NULL with *@errp set (EDT_NODEV, EDT_NOPERM,
 * EDT_VERSION, ...).
 */
dtrace_hdl_t *dtrace_open(int version, int flags, int *errp)
{
	dtrace_hdl_t *dtp;
	long ncpus;
	int err;

	if (version != DTRACE_VERSION) {
		*errp = EDT_VERSARG;
		return NULL;
	}
	dtp = calloc(1, sizeof(*dtp));
	if (!dtp) {
		*errp = EDT_NOMEM;
		return NULL;
	}
	dtp->fd = -1;
	dtp->ftfd = -1;
	dtp->watchfd = -1;
	dtp->wakefd = -1;
	dtp->began_on = -1;
	dtp->ended_on = -1;
	dtp->flags = flags;
	/* as DTrace's test suite runs it: see dt_columns() */
	dtp->testing = getenv("_DTRACE_TESTING") != NULL;
	dtp->out_saved = -1;
	dt_options_init(&dtp->opt);
	dtp->opt.debug = getenv("DTRACE_DEBUG") != NULL;
	ncpus = sysconf(_SC_NPROCESSORS_CONF);
	dtp->ncpus = ncpus > 0 ? (int)ncpus : 1;

	/* before any signal handler can call dtrace_wake() on the handle */
	dtp->wakefd = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
	if (dtp->wakefd < 0)
		err = errno;
	else
		err = (flags & DTRACE_O_NODEV) ? dt_open_fake(dtp) :
						 dt_open_device(dtp);
	if (err) {
		dt_dprintf(dtp, "open failed: %s", dtrace_errmsg(NULL, err));
		dtrace_close(dtp);
		*errp = err;
		return NULL;
	}
	dt_dprintf(dtp, "opened %s, %d CPUs",
		   (flags & DTRACE_O_NODEV) ? "without the device" :
		   "/dev/dtrace", dtp->ncpus);
	return dtp;
}

static void dt_strv_free(char **v, int n)
{
	int i;

	for (i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

/**
 * dtrace_macro_args() - set the macro arguments $0 .. $argc-1
 * @dtp: the handle
 * @argc: how many, $0 (the script's name) included
 * @argv: their text
 *
 * Return: 0, or -1 with EDT_NOMEM.
 */
int dtrace_macro_args(dtrace_hdl_t *dtp, int argc, char *const argv[])
{
	char **v = calloc((size_t)argc + 1, sizeof(*v));
	int i;

	if (!v)
		return dt_set_errno(dtp, EDT_NOMEM);
	for (i = 0; i < argc; i++) {
		v[i] = strdup(argv[i]);
		if (!v[i]) {
			dt_strv_free(v, i);
			return dt_set_errno(dtp, EDT_NOMEM);
		}
	}
	dt_strv_free(dtp->macro_argv, dtp->macro_argc);
	dtp->macro_argv = v;
	dtp->macro_argc = argc;
	return 0;
}

void dtrace_close(dtrace_hdl_t *dtp)
{
	unsigned int i;

	if (!dtp)
		return;
	dt_pid_watch_stop(dtp);
	if (dtp->fd >= 0)
		close(dtp->fd);	/* the kernel tears the consumer down */
	if (dtp->ftfd >= 0)
		close(dtp->ftfd);	/* then the user probes can go */
	if (dtp->out_saved >= 0)
		close(dtp->out_saved);
	if (dtp->wakefd >= 0)
		close(dtp->wakefd);
	dt_proc_release(dtp);
	dt_pid_kept_free(dtp);
	dt_uprov_free(dtp);
	dt_strv_free(dtp->macro_argv, dtp->macro_argc);
	dt_strv_free(dtp->cpp_argv, dtp->cpp_argc);
	dt_strv_free(dtp->libdirs, dtp->nlibdirs);
	dt_pcap_close(dtp);
	dt_options_fini(&dtp->opt);
	for (i = 0; i < dtp->nclauses; i++)
		dt_clause_free(dtp->clauses[i]);
	for (i = 1; i < dtp->naggs; i++)
		if (dtp->aggs[i])
			dt_agg_data_free(dtp->aggs[i]);
	free(dtp->aggbuf);
	dt_agg_symaliases_free(dtp);
	free(dtp->flowdepth);
	dt_temporal_free(dtp);
	free(dtp->clauses);
	free(dtp->epids);
	free(dtp->snapbuf);
	free(dtp->fake);
	dt_sym_close(dtp);
	dt_var_destroy_all(dtp);
	dt_btf_close(dtp);
	dt_typetab_destroy(dtp->types);	/* after BTF: it owns its types */
	free(dtp);
}
