// SPDX-License-Identifier: GPL-2.0
/*
 * DIF programs as the consumer hands them in: copying them into kernel
 * memory, once, at enable time, and handing them to the engine's
 * verifier (engine/dif_verify.c), so that the interpreter can trust
 * every register number, table index, variable id and branch target.
 * Process context only.
 */
#define pr_fmt(fmt) "dtrace: " fmt

#include <linux/slab.h>
#include <linux/uaccess.h>
#include "internal.h"

/**
 * dtrace_prog_create() - copy in and verify a consumer's DIF program
 * @udifo: the program's description, already copied from user space;
 *	its table pointers are user addresses
 * @err: set to the rule the program breaks when the verifier refuses it
 *
 * Context: process; may sleep.
 * Return: the program, ERR_PTR(-EINVAL) for one the verifier refuses
 * (@err says why), -EFAULT or -ENOMEM.
 */
struct dtrace_dif_prog *dtrace_prog_create(const struct dtrace_difo *udifo,
					   struct dtrace_dif_err *err)
{
	struct dtrace_dif_prog *prog;
	int ret = -ENOMEM;

	if (!dtrace_dif_header_verify(udifo, err))
		return ERR_PTR(-EINVAL);

	prog = dtrace_zalloc(sizeof(*prog), GFP_KERNEL);
	if (!prog)
		return ERR_PTR(-ENOMEM);
	prog->ninsns = udifo->ninsns;
	prog->nints = udifo->nints;
	prog->strtab_len = udifo->strtab_len;
	prog->nvars = udifo->nvars;
	prog->rtype = udifo->rtype;
	prog->rsize = udifo->rsize;

	prog->insns = dtrace_zalloc_array(prog->ninsns, sizeof(*prog->insns),
					  GFP_KERNEL);
	prog->inttab = dtrace_zalloc_array(prog->nints ?: 1, sizeof(u64),
					   GFP_KERNEL);
	prog->strtab = dtrace_zalloc(prog->strtab_len ?: 1, GFP_KERNEL);
	prog->vartab = dtrace_zalloc_array(prog->nvars ?: 1,
					   sizeof(*prog->vartab), GFP_KERNEL);
	if (!prog->insns || !prog->inttab || !prog->strtab || !prog->vartab)
		goto out_free;

	ret = -EFAULT;
	if (copy_from_user(prog->insns, u64_to_user_ptr(udifo->insns),
			   array_size(prog->ninsns, sizeof(*prog->insns))) ||
	    copy_from_user(prog->inttab, u64_to_user_ptr(udifo->inttab),
			   array_size(prog->nints, sizeof(u64))) ||
	    copy_from_user(prog->strtab, u64_to_user_ptr(udifo->strtab),
			   prog->strtab_len) ||
	    copy_from_user(prog->vartab, u64_to_user_ptr(udifo->vartab),
			   array_size(prog->nvars, sizeof(*prog->vartab))))
		goto out_free;

	ret = -EINVAL;
	if (!dtrace_dif_verify(prog, err))
		goto out_free;
	return prog;

out_free:
	dtrace_prog_free(prog);
	return ERR_PTR(ret);
}

void dtrace_prog_free(struct dtrace_dif_prog *prog)
{
	if (!prog)
		return;
	dtrace_free(prog->insns);
	dtrace_free(prog->inttab);
	dtrace_free(prog->strtab);
	dtrace_free(prog->vartab);
	dtrace_free(prog);
}
