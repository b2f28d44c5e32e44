/* SPDX-License-Identifier: GPL-2.0 */
/*
 * dtrace_fasttrap.ko's own declarations: the providers (one per traced
 * process, "pid1234", "myapp1234", and "pid" for probes in every
 * process), their probes, and the split between fasttrap.c (catalogue,
 * provider ops, /proc/dtrace/fasttrap), fasttrap_dev.c (the device that
 * creates probes), fasttrap_exec.c (execs held for a watching consumer)
 * and fasttrap_uprobe.c (arming, probe context).
 */
#ifndef _FASTTRAP_IMPL_H
#define _FASTTRAP_IMPL_H

#include <linux/list.h>
#include <linux/llist.h>
#include <linux/mutex.h>
#include <linux/path.h>
#include <linux/uprobes.h>
#include <linux/dtrace_fasttrap.h>
#include <dtrace/provider.h>

/* A provider: the probes of one process, or of every process ("pid"). */
struct ftp_provider {
	struct list_head	list;		/* on ftp_providers */
	struct list_head	probes;		/* its ftp_probes */
	dtrace_provider_id_t	id;
	unsigned int		holds;		/* opens of the device */
	struct mm_struct	*mm;		/* its process's (mmgrab); "pid": NULL */
	bool			retired;	/* its process is gone; invalidated */
	char			name[DTRACE_PROVNAMELEN];
};

/* One place a probe fires: a uprobe consumer on one instruction. */
struct ftp_site {
	struct list_head	link;		/* on its probe's sites */
	struct ftp_probe	*probe;
	loff_t			offset;
	loff_t			refctr;		/* USDT semaphore, 0 none */
	struct dtrace_ftarg	args[DTRACE_FTP_NARGS];	/* USDT */
	u16			ptrargs;	/* bit i: args[i] may point */
	struct uprobe_consumer	uc;
	struct uprobe		*uprobe;	/* while armed, 6.12 on */
	bool			armed;		/* @probe->lock */
};

/*
 * The file a probe is in: the inode whose pages processes map (on
 * overlayfs the real file's, d_real_inode()) and the path the file was
 * opened by, both held, so that its file system stays mounted while the
 * probe is, even once no mount namespace has it any more (a container
 * that ended): an inode alone would be left busy on a file system being
 * shut down.
 */
struct ftp_object {
	struct path		path;
	struct inode		*inode;		/* NULL: none held */
};

void ftp_object_put(struct ftp_object *obj);

/*
 * A probe: its sites in one file (several for a USDT probe whose macro
 * is used more than once in a function).  @lock orders a site being
 * added or armed against the probe being armed or disarmed; it is taken
 * inside ftp_lock (never to arm: uprobes may sleep on the file) or
 * inside the core's arm lock of the provider, and takes no other lock
 * but uprobes'.
 */
struct ftp_probe {
	struct list_head	link;		/* on its provider's probes */
	struct llist_node	freed;		/* destroyed, to be freed */
	struct mutex		lock;
	struct list_head	sites;		/* @lock */
	struct ftp_provider	*prov;
	dtrace_id_t		id;
	struct dtrace_probedesc	desc;
	struct ftp_object	obj;		/* held */
	struct mm_struct	*mm;		/* held (mmgrab); NULL: any */
	pid_t			pid;
	u32			kind;		/* DTRACE_FTP_* */
	u32			nargs;
	bool			armed;		/* @lock */
	/* USDT types as declared (DTRACEIOC_FTP_CREATE's), NULL: none */
	char			*argtypes;
	u32			nxargs;
	u8			argmap[DTRACE_FTP_NARGS];
};

/* Serialises the catalogue: providers, their probes and holds. */
extern struct mutex ftp_lock;

struct ftp_provider *ftp_provider_hold(const char *name,
				       struct mm_struct *mm);
void ftp_provider_release(struct ftp_provider *prov);
int ftp_probe_create(struct ftp_provider *prov,
		     struct dtrace_ioc_ftp_create *req,
		     struct ftp_object *obj, struct mm_struct *mm,
		     struct ftp_site **arm);
int ftp_site_arm_late(struct ftp_site *site);
int ftp_argtypes_size(const struct dtrace_ioc_ftp_create *req);

int ftp_dev_init(void);
void ftp_dev_exit(void);

/* fasttrap_exec.c: the execs an open of the device watches */
struct ftp_watch;
struct file;
struct poll_table_struct;
int ftp_watch_start(struct ftp_watch **wp);
void ftp_watch_release(struct ftp_watch *w);
void ftp_watch_stop(struct ftp_watch *w);
ssize_t ftp_watch_read(struct ftp_watch *w, char __user *buf, size_t count,
		       bool nonblock);
__poll_t ftp_watch_poll(struct ftp_watch *w, struct file *file,
			struct poll_table_struct *pt);
int ftp_exec_init(void);
void ftp_exec_exit(void);

int ftp_probe_arm(struct ftp_probe *probe);
void ftp_probe_disarm(struct ftp_probe *probe);
int ftp_site_arm(struct ftp_probe *probe, struct ftp_site *site);
void ftp_site_disarm(struct ftp_probe *probe, struct ftp_site *site);

#endif /* _FASTTRAP_IMPL_H */
