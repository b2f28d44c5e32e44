/*
 * ASSERTION: curcpu translates the current CPU: cpu_id is cpu, cpu_pset
 * -1 (no processor sets), cpu_lgrp 0; cpuinfo_t and its id types are
 * declared.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet

extern cpuinfo_t ci;

BEGIN
{
	printf("%d %d %d %d\n", curcpu->cpu_id == cpu, curcpu->cpu_pset,
	    curcpu->cpu_lgrp, sizeof(cpuinfo_t) == 4 * sizeof(processorid_t));
	exit(0);
}
