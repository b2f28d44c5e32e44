// SPDX-License-Identifier: GPL-2.0
/*
 * The life of a trace from userland's side: options to the kernel (if
 * no enabling sent them yet) and DTRACEIOC_GO (retried with smaller
 * buffers under bufresize=auto), the sleep between buffer switches
 * (switchrate), aggregation snapshots (aggrate) and status polls
 * (statusrate, 10hz), which dtrace_wake() ends early, DTRACEIOC_STATUS
 * to notice exit(), and DTRACEIOC_STOP (END) followed by the last
 * snapshots.  Records are processed by dt_consume.c, aggregations
 * merged by dt_agg.c.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <poll.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>
#include "dt_agg.h"
#include "dt_sym.h"

/**
 * dtrace_go() - send the options, start tracing (BEGIN fires)
 * @dtp: a handle with its programs enabled
 *
 * Return: 0, or -1 (EDT_ACTIVE, EDT_NOMEM, EDT_ENDTOOBIG when under
 * the fill policy END's records together do not fit in bufsize,
 * EDT_BUFTOOSMALL when a clause's record does not, an errno of the
 * kernel).
 */
int dtrace_go(dtrace_hdl_t *dtp)
{
	struct dtrace_ioc_go go = { .size = sizeof(go) };
	uint64_t now;

	if (dtp->active)
		return dt_set_errno(dtp, EDT_ACTIVE);
	if (dtp->fd < 0)
		return dt_set_errno(dtp, EDT_NODEVICE_OP);
	if (dt_options_apply(dtp))
		return -1;
	dt_pid_watch_start(dtp);	/* before anything can exec */
	while (dt_ioctl(dtp, DTRACEIOC_GO, &go)) {
		int err = errno;

		if (err == ENOSPC)
			return dt_set_errno(dtp, EDT_ENDTOOBIG);
		if (err == E2BIG)
			return dt_set_errno(dtp, EDT_BUFTOOSMALL);
		if (err != ENOMEM || dt_options_resize(dtp) <= 0)
			return dt_set_errno_ioctl(dtp, err);
	}
	/* The kernel rounds the buffer size up to 8 bytes. */
	dtp->snapsize = DT_ALIGN(dtp->opt.bufsize, 8);
	dtp->snapbuf = malloc(dtp->snapsize);
	if (!dtp->snapbuf)
		return dt_set_errno(dtp, EDT_NOMEM);
	dtp->active = true;
	dtp->began_on = (int)go.cpu;
	dt_dprintf(dtp, "tracing started, BEGIN fired on CPU %u", go.cpu);
	now = dt_now();
	/* BEGIN's records go out at once; BEGIN may have called exit() */
	dtp->next_switch = now;
	dtp->next_status = now;
	dtp->next_agg = now + dtp->opt.aggrate;
	return 0;
}

/* Stop tracing: END fires; the next dtrace_work() takes the last data. */
int dtrace_stop(dtrace_hdl_t *dtp)
{
	struct dtrace_ioc_go go = { .size = sizeof(go) };

	if (!dtp->active)
		return dt_set_errno(dtp, EDT_NOTACTIVE);
	if (dtp->stopped)
		return 0;
	if (dt_ioctl(dtp, DTRACEIOC_STOP, &go))
		return dt_set_errno_ioctl(dtp, errno);
	dtp->stopped = true;
	dtp->ended_on = (int)go.cpu;
	return 0;
}

/**
 * dtrace_sleep() - wait until the next switch, status poll or snapshot
 * @dtp: a tracing handle
 *
 * Returns at once if dtrace_wake() was called since the last
 * dtrace_sleep() returned, early if it is called or a handled signal
 * comes while it waits.  A caller whose signal handler sets a flag and
 * calls dtrace_wake() tests the flag after dtrace_sleep() returns and
 * misses no signal: one that came after the test ends the next sleep.
 * Context: may sleep; not from a signal handler.
 */
void dtrace_sleep(dtrace_hdl_t *dtp)
{
	struct pollfd pfd = { .fd = dtp->wakefd, .events = POLLIN };
	uint64_t wake = dtp->next_switch < dtp->next_status ?
			dtp->next_switch : dtp->next_status;
	uint64_t now = dt_now(), n;
	struct timespec ts;

	if (dtp->naggs > 1 && dtp->next_agg < wake)
		wake = dtp->next_agg;
	if (dtp->active && !dtp->stopped && wake > now) {
		ts.tv_sec = (time_t)((wake - now) / 1000000000ULL);
		ts.tv_nsec = (long)((wake - now) % 1000000000ULL);
		ppoll(&pfd, 1, &ts, NULL);
	}
	/* the wakes so far are answered: the caller looks at its flags */
	if (read(dtp->wakefd, &n, sizeof(n)) == sizeof(n))
		dt_dprintf(dtp, "woken %llu times", (unsigned long long)n);
}

/**
 * dtrace_wake() - end dtrace_sleep() now, or the next one at once
 * @dtp: the handle
 *
 * For a signal handler (or another thread) that has set a flag the
 * thread in dtrace_sleep() is to look at.
 * Context: async-signal-safe; errno is kept.
 */
void dtrace_wake(dtrace_hdl_t *dtp)
{
	uint64_t one = 1;
	int err = errno;
	ssize_t ret;

	/* only EAGAIN can fail it: the counter is full, a wake pending */
	ret = write(dtp->wakefd, &one, sizeof(one));
	(void)ret;
	errno = err;
}

/*
 * Aggregation drops the kernel counted that no AGGSNAP reported (a
 * kernel may count some only in its status): "N aggregation drops".
 */
static int dt_work_aggdrops(dtrace_hdl_t *dtp)
{
	struct dtrace_ioc_status st = { .size = sizeof(st) };

	if (dtp->naggs <= 1 || dt_ioctl(dtp, DTRACEIOC_STATUS, &st) ||
	    st.aggdrops <= dtp->aggdrops)
		return 0;
	st.aggdrops -= dtp->aggdrops;
	dtp->aggdrops += st.aggdrops;
	return dt_report_drops(dtp, -1, st.aggdrops, "DTRACEDROP_AGGREGATION",
			       "aggregation drop", "");
}

/*
 * Stop, take the last snapshot of records (aggregations first), then
 * of the aggregations once more for what the last records' clauses
 * (END's) aggregated, and be done.
 */
static dtrace_workstatus_t dt_work_finish(dtrace_hdl_t *dtp, FILE *fp)
{
	if (dtrace_stop(dtp) || dt_consume(dtp, fp) ||
	    dtrace_aggregate_snap(dtp) || dt_work_aggdrops(dtp))
		return DTRACE_WORKSTATUS_ERROR;
	dtp->done = true;
	return DTRACE_WORKSTATUS_DONE;
}

/**
 * dtrace_work() - do what is due: poll status, snapshot buffers
 * @dtp: a tracing handle
 * @fp: where record output goes
 *
 * Once exit() was called (the state is DRAINING) or dtrace_stop() was,
 * tracing is stopped, the last records are processed and the trace is
 * done.
 * Return: DTRACE_WORKSTATUS_OKAY, _DONE, or _ERROR with the error set.
 */
dtrace_workstatus_t dtrace_work(dtrace_hdl_t *dtp, FILE *fp)
{
	uint64_t now;

	if (!dtp->active) {
		dt_set_errno(dtp, EDT_NOTACTIVE);
		return DTRACE_WORKSTATUS_ERROR;
	}
	if (dtp->done)
		return DTRACE_WORKSTATUS_DONE;
	if (dtp->stopped)
		return dt_work_finish(dtp, fp);

	now = dt_now();
	if (now >= dtp->next_status) {
		struct dtrace_ioc_status st = { .size = sizeof(st) };

		if (dt_ioctl(dtp, DTRACEIOC_STATUS, &st)) {
			dt_set_errno_ioctl(dtp, errno);
			return DTRACE_WORKSTATUS_ERROR;
		}
		dtp->next_status = now + dtp->opt.statusrate;
		if (st.activity >= DTRACE_ACTIVITY_DRAINING)
			return dt_work_finish(dtp, fp);
	}
	/*
	 * An aggregation snapshot takes the records first: those written
	 * before it (a clear(), a printa()) apply to the data before it.
	 */
	if (now >= dtp->next_switch || now >= dtp->next_agg) {
		dt_pid_refresh(dtp);	/* a library dlopen()ed since */
		/* its maps now, to name its stacks once it has exited */
		if (dtp->target > 0)
			dt_sym_uproc_read(dtp, dtp->target);
		if (dt_consume(dtp, fp))
			return DTRACE_WORKSTATUS_ERROR;
		dtp->next_switch = now + dtp->opt.switchrate;
		dtp->next_agg = now + dtp->opt.aggrate;
	}
	return DTRACE_WORKSTATUS_OKAY;
}

/* The value of the first exit() seen.  Return: 1 if there was one. */
int dtrace_exit_status(dtrace_hdl_t *dtp, int *statusp)
{
	*statusp = dtp->exit_set ? dtp->exit_status : 0;
	return dtp->exit_set;
}

int dtrace_handle_err(dtrace_hdl_t *dtp, dtrace_handle_err_f *func,
		      void *arg)
{
	dtp->err_handler = func;
	dtp->err_arg = arg;
	return 0;
}

int dtrace_handle_drop(dtrace_hdl_t *dtp, dtrace_handle_drop_f *func,
		       void *arg)
{
	dtp->drop_handler = func;
	dtp->drop_arg = arg;
	return 0;
}
