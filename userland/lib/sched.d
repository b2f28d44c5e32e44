/*
 * SPDX-License-Identifier: GPL-2.0
 *
 * The CPU a thread runs on, in the shape D programs know from other
 * DTraces: cpuinfo_t, translated from a Linux struct task_struct
 * (through the kernel's BTF), and curcpu for the current thread's CPU.
 * Loaded before every program (userland/libdtrace/dt_lib.c), like
 * psinfo.d; docs/d-reference.md lists the members.
 */

/* processorid_t, a CPU's number, is built in (dt_type.c) */
typedef id_t psetid_t;		/* a processor set (Linux has none) */
typedef id_t chipid_t;		/* a physical package */
typedef id_t lgrp_id_t;		/* a locality group (NUMA node) */

typedef struct cpuinfo {
	processorid_t cpu_id;	/* the CPU's number */
	psetid_t cpu_pset;	/* -1: Linux has no processor sets */
	chipid_t cpu_chip;	/* -1: not known from the task */
	lgrp_id_t cpu_lgrp;	/* 0: one locality group */
} cpuinfo_t;

translator cpuinfo_t < struct task_struct *T > {
	cpu_id = T->thread_info.cpu;
	cpu_pset = -1;
	cpu_chip = -1;
	cpu_lgrp = 0;
};

inline cpuinfo_t *curcpu = xlate < cpuinfo_t * > (curthread);
