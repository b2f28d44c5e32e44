// SPDX-License-Identifier: GPL-2.0
/*
 * Task queues (include/dtrace/services.h): each is a workqueue, each
 * dispatched task a small allocated entry that frees itself once its
 * function has returned.  Tasks run in process context.
 */
#define pr_fmt(fmt) "dtrace: " fmt

#include <linux/slab.h>
#include <linux/workqueue.h>
#include <dtrace/services.h>
#include "internal.h"

struct dtrace_taskq {
	struct workqueue_struct	*wq;
};

struct dtrace_task {
	struct work_struct	work;
	dtrace_task_func_t	func;
	void			*arg;
};

struct dtrace_taskq *dtrace_taskq_create(const char *name, bool ordered)
{
	struct dtrace_taskq *tq = kzalloc(sizeof(*tq), GFP_KERNEL);

	if (!tq)
		return NULL;
	if (ordered)
		tq->wq = alloc_ordered_workqueue("%s", 0, name);
	else
		tq->wq = alloc_workqueue("%s", 0, 0, name);
	if (!tq->wq) {
		kfree(tq);
		return NULL;
	}
	return tq;
}
EXPORT_SYMBOL_NS_GPL(dtrace_taskq_create, DTRACE_NS);

static void dtrace_task_run(struct work_struct *work)
{
	struct dtrace_task *task = container_of(work, struct dtrace_task,
						work);

	task->func(task->arg);
	kfree(task);
}

int dtrace_taskq_dispatch(struct dtrace_taskq *tq, dtrace_task_func_t func,
			  void *arg, gfp_t gfp)
{
	struct dtrace_task *task = kmalloc(sizeof(*task), gfp);

	if (!task)
		return -ENOMEM;
	INIT_WORK(&task->work, dtrace_task_run);
	task->func = func;
	task->arg = arg;
	queue_work(tq->wq, &task->work);
	return 0;
}
EXPORT_SYMBOL_NS_GPL(dtrace_taskq_dispatch, DTRACE_NS);

void dtrace_taskq_wait(struct dtrace_taskq *tq)
{
	flush_workqueue(tq->wq);
}
EXPORT_SYMBOL_NS_GPL(dtrace_taskq_wait, DTRACE_NS);

/* destroy_workqueue() drains: every queued task runs first. */
void dtrace_taskq_destroy(struct dtrace_taskq *tq)
{
	destroy_workqueue(tq->wq);
	kfree(tq);
}
EXPORT_SYMBOL_NS_GPL(dtrace_taskq_destroy, DTRACE_NS);
