// SPDX-License-Identifier: GPL-2.0
/*
 * dtrace_vminfo.ko: the vminfo provider, the Linux counterparts of
 * DTrace's virtual memory statistics probes, for those events the kernel
 * has a hook for: page faults, from x86's exceptions tracepoints.  Each
 * probe fires where the event happens, with arg0 the amount the
 * statistic grows by (1).  This file declares the probes and their
 * hooks for the core's hook service (which creates the probes and arms
 * a hook while its probe is enabled) and holds the handlers, which run
 * in probe context (the whole file is kept out of reach of function
 * tracing).  docs/providers/vminfo.md lists the probes, their sources,
 * and DTrace's probes that have no Linux hook.
 */
#define pr_fmt(fmt) "dtrace vminfo: " fmt

#include <linux/kernel.h>
#include <linux/kprobes.h>
#include <linux/module.h>
#include <linux/ptrace.h>
#include <asm/trap_pf.h>
#include <dtrace/hooks.h>
#include <dtrace/provider.h>

enum vmi_probe { VMI_AS_FAULT, VMI_KERNEL_ASFLT, VMI_PROT_FAULT, VMI_NPROBES };

static dtrace_id_t vmi_ids[VMI_NPROBES];
/* Whether each probe fires (the core's hook provider sets them). */
static bool vmi_enabled[VMI_NPROBES];

static void vmi_fire(enum vmi_probe p)
{
	if (READ_ONCE(vmi_enabled[p]))
		dtrace_probe(vmi_ids[p], 1, 0, 0, 0, 0, 0);
}
NOKPROBE_SYMBOL(vmi_fire);

/*
 * exceptions:page_fault_user: a page fault taken in user mode, before
 * the kernel handles it.  Context: the fault, interrupts on; probe
 * context.
 */
static void vmi_fault_user(void *data, unsigned long address,
			   struct pt_regs *regs, unsigned long error_code)
{
	vmi_fire(VMI_AS_FAULT);
}
NOKPROBE_SYMBOL(vmi_fault_user);

/* exceptions:page_fault_kernel: one taken in kernel mode. */
static void vmi_fault_kernel(void *data, unsigned long address,
			     struct pt_regs *regs, unsigned long error_code)
{
	vmi_fire(VMI_KERNEL_ASFLT);
}
NOKPROBE_SYMBOL(vmi_fault_kernel);

/* page_fault_user again: the faults on a page present but protected. */
static void vmi_fault_prot(void *data, unsigned long address,
			   struct pt_regs *regs, unsigned long error_code)
{
	if (error_code & X86_PF_PROT)
		vmi_fire(VMI_PROT_FAULT);
}
NOKPROBE_SYMBOL(vmi_fault_prot);

/* Probe p is fired by hook p. */
static const struct dtrace_hook_desc vmi_hook_descs[VMI_NPROBES] = {
	[VMI_AS_FAULT] = DTRACE_HOOK_TP("page_fault_user", vmi_fault_user),
	[VMI_KERNEL_ASFLT] = DTRACE_HOOK_TP("page_fault_kernel",
					    vmi_fault_kernel),
	[VMI_PROT_FAULT] = DTRACE_HOOK_TP("page_fault_user", vmi_fault_prot),
};

static const char *const vmi_names[VMI_NPROBES] = {
	[VMI_AS_FAULT] = "as_fault",
	[VMI_KERNEL_ASFLT] = "kernel_asflt",
	[VMI_PROT_FAULT] = "prot_fault",
};

static const struct dtrace_hook_arg vmi_args[] = {
	{ "int", "" },
};

static struct dtrace_hook_provider vmi_prov = {
	.name		= "vminfo",
	.owner		= THIS_MODULE,
	.probes		= vmi_names,
	.descs		= vmi_hook_descs,
	.n		= VMI_NPROBES,
	.args		= vmi_args,
	.nargs		= ARRAY_SIZE(vmi_args),
	.enabled	= vmi_enabled,
	.ids		= vmi_ids,
};

module_dtrace_hook_provider(vmi_prov);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("DTrace vminfo provider: virtual memory events");
MODULE_IMPORT_NS(DTRACE_NS);
