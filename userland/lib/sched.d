/*
 * SPDX-License-Identifier: GPL-2.0
 *
 * The CPU in the shape D programs know from other DTraces: cpuinfo_t
 * and its processor_info_t, curcpu (the CPU a probe fires on) and the
 * built-in variables chip, lgrp and pset.  The kernel builds a CPU's
 * description in _cpuinfo() (struct dtrace_cpuinfo in the ABI header,
 * which has cpuinfo_t's layout); the sched provider's enqueue and
 * dequeue give a CPU number, translated here.  Compiled for the
 * programs that use it (userland/libdtrace/dt_lib.c).  docs/providers/sched.md
 * documents them.
 */

typedef int chipid_t;
typedef int lgrp_id_t;
typedef int psetid_t;

/* pi_state */
inline int P_OFFLINE = 1;
inline int P_ONLINE = 2;

typedef struct processor_info {
	int pi_state;			/* P_ONLINE or P_OFFLINE */
	char pi_processor_type[16];	/* the architecture, as uname -m */
	char pi_fputypes[32];		/* empty: Linux names none */
	int pi_clock;			/* nominal clock (the TSC's), MHz */
} processor_info_t;

typedef struct cpuinfo {
	processorid_t cpu_id;		/* the CPU's number */
	psetid_t cpu_pset;		/* -1: Linux has no processor sets */
	chipid_t cpu_chip;		/* its physical package */
	lgrp_id_t cpu_lgrp;		/* its NUMA node */
	processor_info_t cpu_info;
} cpuinfo_t;

translator cpuinfo_t < int C > {
	cpu_id = ((cpuinfo_t *)_cpuinfo(C))->cpu_id;
	cpu_pset = ((cpuinfo_t *)_cpuinfo(C))->cpu_pset;
	cpu_chip = ((cpuinfo_t *)_cpuinfo(C))->cpu_chip;
	cpu_lgrp = ((cpuinfo_t *)_cpuinfo(C))->cpu_lgrp;
	cpu_info = ((cpuinfo_t *)_cpuinfo(C))->cpu_info;
};

inline cpuinfo_t *curcpu = (cpuinfo_t *)_cpuinfo(cpu);
inline chipid_t chip = curcpu->cpu_chip;
inline lgrp_id_t lgrp = curcpu->cpu_lgrp;
inline psetid_t pset = curcpu->cpu_pset;
