// SPDX-License-Identifier: GPL-2.0
/*
 * A small ring of the core's own events, read from /proc/dtrace/trace
 * by an operator wondering what happened: consumers opening, starting,
 * stopping and closing, enablings, providers coming and going, module
 * references.  The newest DTRACE_TRACE_NENTS events are kept.
 * dtrace_trace() may be called from any context but probe context (it
 * takes a spinlock with interrupts off); never from dtrace_probe().
 */
#define pr_fmt(fmt) "dtrace: " fmt

#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/seq_file.h>
#include <linux/spinlock.h>
#include <linux/timekeeping.h>
#include "internal.h"

#define DTRACE_TRACE_NENTS	256
#define DTRACE_TRACE_MSGLEN	96

struct dtrace_trace_ent {
	u64	ns;	/* since boot */
	pid_t	pid;
	char	msg[DTRACE_TRACE_MSGLEN];
};

static DEFINE_SPINLOCK(dtrace_trace_lock);
static struct dtrace_trace_ent dtrace_trace_ring[DTRACE_TRACE_NENTS];
static u64 dtrace_trace_next;	/* events ever traced */

void dtrace_trace(const char *fmt, ...)
{
	struct dtrace_trace_ent *ent;
	unsigned long flags;
	va_list ap;

	spin_lock_irqsave(&dtrace_trace_lock, flags);
	ent = &dtrace_trace_ring[dtrace_trace_next++ % DTRACE_TRACE_NENTS];
	ent->ns = ktime_get_boottime_ns();
	ent->pid = in_task() ? task_pid_nr(current) : 0;
	va_start(ap, fmt);
	vscnprintf(ent->msg, sizeof(ent->msg), fmt, ap);
	va_end(ap);
	spin_unlock_irqrestore(&dtrace_trace_lock, flags);
}

/*
 * The ring, oldest first.  Copied out in pieces under the lock, printed
 * without it.
 */
int dtrace_trace_show(struct seq_file *m, void *v)
{
	struct dtrace_trace_ent ent;
	u64 first, i;

	seq_printf(m, "%14s %7s  %s\n", "TIME", "PID", "EVENT");
	spin_lock_irq(&dtrace_trace_lock);
	first = dtrace_trace_next > DTRACE_TRACE_NENTS ?
		dtrace_trace_next - DTRACE_TRACE_NENTS : 0;
	spin_unlock_irq(&dtrace_trace_lock);
	for (i = first;; i++) {
		spin_lock_irq(&dtrace_trace_lock);
		if (i >= dtrace_trace_next) {
			spin_unlock_irq(&dtrace_trace_lock);
			break;
		}
		/* Overwritten while we printed: skip to the oldest left. */
		if (dtrace_trace_next - i > DTRACE_TRACE_NENTS)
			i = dtrace_trace_next - DTRACE_TRACE_NENTS;
		ent = dtrace_trace_ring[i % DTRACE_TRACE_NENTS];
		spin_unlock_irq(&dtrace_trace_lock);
		seq_printf(m, "%7llu.%06llu %7d  %s\n", ent.ns / NSEC_PER_SEC,
			   (ent.ns % NSEC_PER_SEC) / NSEC_PER_USEC, ent.pid,
			   ent.msg);
	}
	return 0;
}
