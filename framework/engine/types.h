/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The types of the kernel-neutral engine: code in framework/engine/ is
 * compiled into dtrace_core.ko and, unchanged, into the host library
 * that userland's unit tests and fuzzers link (userland/Makefile).  It
 * uses only these fixed-width types, uintptr_t, memcpy()/memset() and
 * the few services its own headers declare; everything else a kernel build has (or a host build
 * has) stays outside this directory.  This is the one place where the
 * two builds differ.
 */
#ifndef _DTRACE_ENGINE_TYPES_H
#define _DTRACE_ENGINE_TYPES_H

#ifdef __KERNEL__
#include <linux/types.h>
#include <linux/stddef.h>
#include <linux/string.h>
#else
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

typedef uint8_t u8;
typedef uint16_t u16;
typedef uint32_t u32;
typedef uint64_t u64;
typedef int8_t s8;
typedef int16_t s16;
typedef int32_t s32;
typedef int64_t s64;

#ifndef __always_inline		/* glibc's <sys/cdefs.h> has one */
#define __always_inline	inline __attribute__((__always_inline__))
#endif
#ifndef noinline
#define noinline	__attribute__((__noinline__))
#endif
#endif

#endif /* _DTRACE_ENGINE_TYPES_H */
