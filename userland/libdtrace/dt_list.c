// SPDX-License-Identifier: GPL-2.0
/*
 * What "dtrace -lv" shows of a probe beyond its names: the type of each
 * argument, asked of its provider with DTRACEIOC_PROBEARG (the
 * translated type when the provider gives one, else the native one).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include "dt_impl.h"

/**
 * dtrace_probe_argtype() - the D type of args[@argno] of probe @id
 * @dtp: the handle
 * @id: the probe
 * @argno: 0 .. DTRACE_PROBE_NARGS - 1
 * @buf: out, the type's name, "" if the provider gives none
 * @len: size of @buf
 *
 * Return: 0, or -1 (EDT_NOPROBE, EINVAL for @argno out of range, or
 * EDT_NODEVICE_OP without the device).
 */
int dtrace_probe_argtype(dtrace_hdl_t *dtp, uint32_t id, int argno,
			 char *buf, size_t len)
{
	struct dtrace_ioc_probearg pa = {
		.size = sizeof(pa), .id = id, .argno = (uint32_t)argno,
	};

	if (dtp->fd < 0)
		return dt_set_errno(dtp, EDT_NODEVICE_OP);
	if (dt_ioctl(dtp, DTRACEIOC_PROBEARG, &pa))
		return errno == ENOENT ? dt_set_errno(dtp, EDT_NOPROBE) :
		       dt_set_errno_ioctl(dtp, errno);
	pa.native[sizeof(pa.native) - 1] = '\0';
	pa.xlate[sizeof(pa.xlate) - 1] = '\0';
	snprintf(buf, len, "%s", pa.xlate[0] ? pa.xlate : pa.native);
	return 0;
}
