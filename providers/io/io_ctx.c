// SPDX-License-Identifier: GPL-2.0
/*
 * Probe context of the io provider: the block layer's tracepoints and a
 * kretprobe on submit_bio_wait(), turned into io:::start, done,
 * wait-start and wait-done.  Handlers run in process, softirq or
 * hardirq context with the request or bio they are given; they call
 * dtrace_probe_args() or dtrace_probe_regs() and return.  No locks, no
 * allocation, no sleeping.  io.c arms them.
 *
 * The arguments, translated by the D library (userland/lib/io.d):
 *
 *	arg0..arg2	start, done: the struct request *; wait-start,
 *			wait-done: the struct bio * (bufinfo_t *,
 *			devinfo_t *, fileinfo_t *)
 *	arg3		1 in done and wait-done: the I/O is over (B_DONE)
 *	arg4		done, wait-done: the errno it failed with, or 0
 *	arg5		done: bytes of the request not transferred
 *
 * arg3 to arg5 have no args[] type: bufinfo_t's translators read them
 * for b_flags, b_error and b_resid.
 */
#define pr_fmt(fmt) "dtrace io: " fmt

#include <linux/bio.h>
#include <linux/blk-mq.h>
#include <linux/blkdev.h>
#include <linux/kprobes.h>
#include <linux/ptrace.h>
#include <linux/string.h>
#include "io_prov.h"

dtrace_id_t iop_ids[IOP_NPROBES];
bool iop_enabled[IOP_NPROBES];

/*
 * What a wait-done needs of the bio waited for: the bio, and its
 * iterator as it was submitted (completion advances it to the end).
 */
struct iop_wait_data {
	struct bio		*bio;
	struct bvec_iter	iter;
};

static void iop_fire(enum iop_probe p, const void *buf, u64 done, u64 err,
		     u64 resid)
{
	u64 args[6] = { (uintptr_t)buf, (uintptr_t)buf, (uintptr_t)buf,
			done, err, resid };

	if (READ_ONCE(iop_enabled[p]))
		dtrace_probe_args(iop_ids[p], args, ARRAY_SIZE(args), 0);
}
NOKPROBE_SYMBOL(iop_fire);

/* block_rq_issue: @rq goes to the device's driver. */
static void iop_issue(void *data, struct request *rq)
{
	iop_fire(IOP_START, rq, 0, 0, 0);
}
NOKPROBE_SYMBOL(iop_issue);

/*
 * block_rq_complete: the driver ends @nr_bytes of @rq (all of it,
 * unless it completes the request in parts), before the block layer
 * ends the bios.  blk_status_to_errno() is a lookup in a table; it is
 * called for a failed request only.
 */
static void iop_complete(void *data, struct request *rq, blk_status_t error,
			 unsigned int nr_bytes)
{
	u64 bytes = blk_rq_bytes(rq);
	int err = error ? -blk_status_to_errno(error) : 0;

	iop_fire(IOP_DONE, rq, 1, err, bytes > nr_bytes ? bytes - nr_bytes : 0);
}
NOKPROBE_SYMBOL(iop_complete);

/*
 * submit_bio_wait(bio), entry: the caller submits @bio and sleeps until
 * it completes.  wait-start fires now, before the bio reaches the
 * device (Linux submits and waits in one call).
 */
static int iop_wait_entry(struct kretprobe_instance *ri, struct pt_regs *regs)
{
	struct iop_wait_data *d = (void *)ri->data;
	u64 args[3];

	d->bio = (struct bio *)regs_get_kernel_argument(regs, 0);
	d->iter = d->bio->bi_iter;
	if (READ_ONCE(iop_enabled[IOP_WAIT_START])) {
		args[0] = (uintptr_t)d->bio;
		args[1] = args[0];
		args[2] = args[0];
		dtrace_probe_kprobe(iop_ids[IOP_WAIT_START], args, 3,
				    &get_kretprobe(ri)->kp, regs, true);
	}
	return !READ_ONCE(iop_enabled[IOP_WAIT_DONE]);
}
NOKPROBE_SYMBOL(iop_wait_entry);

/*
 * submit_bio_wait() returns, the bio complete: wait-done is given a
 * copy of the bio with the iterator it was submitted with, so that
 * bufinfo_t shows the I/O rather than what is left of it (nothing).
 */
static int iop_wait_ret(struct kretprobe_instance *ri, struct pt_regs *regs)
{
	struct iop_wait_data *d = (void *)ri->data;
	long ret = (long)regs_return_value(regs);
	struct bio copy;
	u64 args[5] = { (uintptr_t)&copy, (uintptr_t)&copy, (uintptr_t)&copy,
			1, ret < 0 ? -ret : 0 };

	if (!READ_ONCE(iop_enabled[IOP_WAIT_DONE]))
		return 0;
	memcpy(&copy, d->bio, sizeof(copy));
	copy.bi_iter = d->iter;
	dtrace_probe_regs(iop_ids[IOP_WAIT_DONE], args, 5, regs, false);
	return 0;
}
NOKPROBE_SYMBOL(iop_wait_ret);

const struct dtrace_hook_desc iop_hook_descs[IOP_NHOOKS] = {
	[IOP_HOOK_ISSUE] = DTRACE_HOOK_TP("block_rq_issue", iop_issue),
	[IOP_HOOK_COMPLETE] = DTRACE_HOOK_TP("block_rq_complete", iop_complete),
	[IOP_HOOK_WAIT] = {
		.kind = DTRACE_HOOK_KRETPROBE, .symbols = { "submit_bio_wait" },
		.entry = iop_wait_entry, .ret = iop_wait_ret,
		.data_size = sizeof(struct iop_wait_data),
	},
};
