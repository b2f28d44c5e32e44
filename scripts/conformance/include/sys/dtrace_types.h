/* SPDX-License-Identifier: GPL-2.0 */
/*
 * For the conformance suite's C triggers only (scripts/conformance/
 * triggers.sh puts this folder on their include path): the header of
 * DTrace's development files that some triggers include for the time
 * unit constants Solaris' <sys/time.h> had.
 */
#ifndef _DT_CONFORMANCE_SYS_DTRACE_TYPES_H
#define _DT_CONFORMANCE_SYS_DTRACE_TYPES_H

#include <sys/types.h>

#define MILLISEC	1000L
#define MICROSEC	1000000L
#define NANOSEC		1000000000L

#endif
