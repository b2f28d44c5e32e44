/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Statically defined tracing for kernel modules: DTRACE_PROBE*() marks a
 * point in a driver's code as a probe, provider:module:function:name in
 * dtrace.  Nothing to register: dtrace_sdt.ko finds the sites when it
 * loads and whenever a module loads.  A driver built with these needs
 * no dtrace module to load or run.
 *
 *	DTRACE_PROBE(hello, start);
 *	DTRACE_PROBE2(hello, read, size_t, len, const char *, buf);
 *
 * Each argument is given with its C type, which dtrace -lv shows and D
 * programs see as args[N].  A "__" in the probe name reads "-" in D
 * (read__done is hello:::read-done).
 *
 * Cost: each site owns a static key.  While the probe is not enabled the
 * site is a jump over the probe code, patched to a no-op: no call, no
 * load, no test, and the arguments are not evaluated.  Enabled, the
 * arguments are evaluated and passed to dtrace_sdt, with preemption
 * disabled for the duration of the firing.
 *
 * Sites in a module's init function are never enabled: their probes
 * appear when the module is live, after init has run.
 * docs/providers/sdt.md and docs/writing-a-provider.md say more.
 */
#ifndef _DTRACE_SDT_H
#define _DTRACE_SDT_H

#include <linux/compiler.h>
#include <linux/jump_label.h>
#include <linux/preempt.h>
#include <linux/types.h>

#define DTRACE_SDT_MAXARGS	8

/**
 * struct dtrace_sdt_site - one DTRACE_PROBE*() in the code
 * @key: enabled while the site's probe is
 * @fire: dtrace_sdt's handler, set while dtrace_sdt is loaded
 * @id: the dtrace probe id of the site, set by dtrace_sdt
 * @nargs: number of arguments
 * @provider: provider name
 * @name: probe name as written ("read__done")
 * @func: the function the site is in
 * @types: the argument types, each followed by a NUL
 *
 * dtrace_sdt finds these by their symbol name, which starts with
 * DTRACE_SDT_SITE_PREFIX.  Fields after @id are constant.
 */
struct dtrace_sdt_site {
	struct static_key_false	key;
	void (*fire)(const struct dtrace_sdt_site *site, const u64 *args,
		     unsigned int nargs);
	u32			id;
	u32			nargs;
	const char		*provider;
	const char		*name;
	const char		*func;
	const char		*types;
};

#define DTRACE_SDT_SITE_PREFIX	"__dtrace_sdt_site_"

/* The enabled path: hand @args, site->nargs of them, to dtrace_sdt. */
static __always_inline void __dtrace_sdt_fire(struct dtrace_sdt_site *site,
					      const u64 *args)
{
	void (*fire)(const struct dtrace_sdt_site *s, const u64 *a,
		     unsigned int n);

	preempt_disable_notrace();
	fire = READ_ONCE(site->fire);
	if (fire)
		fire(site, args, site->nargs);
	preempt_enable_notrace();
}

#define __DTRACE_SDT_ARG(a)	((u64)(unsigned long)(a))

#define __DTRACE_SDT(prov, pname, n, tstr, ...)			\
do {									\
	static struct dtrace_sdt_site					\
	__dtrace_sdt_site_##prov##__##pname = {				\
		.key = STATIC_KEY_FALSE_INIT,				\
		.nargs = (n),						\
		.provider = #prov,					\
		.name = #pname,						\
		.func = __func__,					\
		.types = tstr,						\
	};								\
	if (static_branch_unlikely(					\
			&__dtrace_sdt_site_##prov##__##pname.key)) {	\
		const u64 __dtrace_args[] = { __VA_ARGS__ };		\
									\
		__dtrace_sdt_fire(&__dtrace_sdt_site_##prov##__##pname,	\
				  __dtrace_args);			\
	}								\
} while (0)

#define DTRACE_PROBE(prov, name)					\
	__DTRACE_SDT(prov, name, 0, "", 0)

#define DTRACE_PROBE1(prov, name, t1, a1)				\
	__DTRACE_SDT(prov, name, 1, #t1 "\0",				\
		     __DTRACE_SDT_ARG(a1))

#define DTRACE_PROBE2(prov, name, t1, a1, t2, a2)			\
	__DTRACE_SDT(prov, name, 2, #t1 "\0" #t2 "\0",			\
		     __DTRACE_SDT_ARG(a1), __DTRACE_SDT_ARG(a2))

#define DTRACE_PROBE3(prov, name, t1, a1, t2, a2, t3, a3)		\
	__DTRACE_SDT(prov, name, 3, #t1 "\0" #t2 "\0" #t3 "\0",	\
		     __DTRACE_SDT_ARG(a1), __DTRACE_SDT_ARG(a2),	\
		     __DTRACE_SDT_ARG(a3))

#define DTRACE_PROBE4(prov, name, t1, a1, t2, a2, t3, a3, t4, a4)	\
	__DTRACE_SDT(prov, name, 4,					\
		     #t1 "\0" #t2 "\0" #t3 "\0" #t4 "\0",		\
		     __DTRACE_SDT_ARG(a1), __DTRACE_SDT_ARG(a2),	\
		     __DTRACE_SDT_ARG(a3), __DTRACE_SDT_ARG(a4))

#define DTRACE_PROBE5(prov, name, t1, a1, t2, a2, t3, a3, t4, a4,	\
		      t5, a5)						\
	__DTRACE_SDT(prov, name, 5,					\
		     #t1 "\0" #t2 "\0" #t3 "\0" #t4 "\0" #t5 "\0",	\
		     __DTRACE_SDT_ARG(a1), __DTRACE_SDT_ARG(a2),	\
		     __DTRACE_SDT_ARG(a3), __DTRACE_SDT_ARG(a4),	\
		     __DTRACE_SDT_ARG(a5))

#define DTRACE_PROBE6(prov, name, t1, a1, t2, a2, t3, a3, t4, a4,	\
		      t5, a5, t6, a6)					\
	__DTRACE_SDT(prov, name, 6,					\
		     #t1 "\0" #t2 "\0" #t3 "\0" #t4 "\0" #t5 "\0"	\
		     #t6 "\0",						\
		     __DTRACE_SDT_ARG(a1), __DTRACE_SDT_ARG(a2),	\
		     __DTRACE_SDT_ARG(a3), __DTRACE_SDT_ARG(a4),	\
		     __DTRACE_SDT_ARG(a5), __DTRACE_SDT_ARG(a6))

#define DTRACE_PROBE7(prov, name, t1, a1, t2, a2, t3, a3, t4, a4,	\
		      t5, a5, t6, a6, t7, a7)				\
	__DTRACE_SDT(prov, name, 7,					\
		     #t1 "\0" #t2 "\0" #t3 "\0" #t4 "\0" #t5 "\0"	\
		     #t6 "\0" #t7 "\0",					\
		     __DTRACE_SDT_ARG(a1), __DTRACE_SDT_ARG(a2),	\
		     __DTRACE_SDT_ARG(a3), __DTRACE_SDT_ARG(a4),	\
		     __DTRACE_SDT_ARG(a5), __DTRACE_SDT_ARG(a6),	\
		     __DTRACE_SDT_ARG(a7))

#define DTRACE_PROBE8(prov, name, t1, a1, t2, a2, t3, a3, t4, a4,	\
		      t5, a5, t6, a6, t7, a7, t8, a8)			\
	__DTRACE_SDT(prov, name, 8,					\
		     #t1 "\0" #t2 "\0" #t3 "\0" #t4 "\0" #t5 "\0"	\
		     #t6 "\0" #t7 "\0" #t8 "\0",			\
		     __DTRACE_SDT_ARG(a1), __DTRACE_SDT_ARG(a2),	\
		     __DTRACE_SDT_ARG(a3), __DTRACE_SDT_ARG(a4),	\
		     __DTRACE_SDT_ARG(a5), __DTRACE_SDT_ARG(a6),	\
		     __DTRACE_SDT_ARG(a7), __DTRACE_SDT_ARG(a8))

#endif /* _DTRACE_SDT_H */
