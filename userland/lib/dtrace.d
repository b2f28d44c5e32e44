/*
 * SPDX-License-Identifier: GPL-2.0
 *
 * Names every D program has: NULL, and the fault codes the ERROR probe
 * gives in arg4 (include/uapi/linux/dtrace.h's DTRACEFLT_* values; see
 * docs/d-reference.md, "The ERROR probe").
 */

inline void *NULL = (void *)0;

inline int DTRACEFLT_UNKNOWN = 0;	/* unknown fault */
inline int DTRACEFLT_BADADDR = 1;	/* bad address */
inline int DTRACEFLT_BADALIGN = 2;	/* bad alignment */
inline int DTRACEFLT_ILLOP = 3;		/* illegal operation */
inline int DTRACEFLT_DIVZERO = 4;	/* divide by zero */
inline int DTRACEFLT_NOSCRATCH = 5;	/* out of scratch space */
inline int DTRACEFLT_KPRIV = 6;		/* privileged kernel access */
inline int DTRACEFLT_UPRIV = 7;		/* privileged user access */
inline int DTRACEFLT_TUPOFLOW = 8;	/* tuple stack overflow */
inline int DTRACEFLT_BADSTACK = 9;	/* bad stack */
inline int DTRACEFLT_BADSIZE = 10;	/* bad size */
