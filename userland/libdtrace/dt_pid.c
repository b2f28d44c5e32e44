// SPDX-License-Identifier: GPL-2.0
/*
 * The pid provider and USDT: probes in user programs, made when a
 * description names them and before it is matched, as in DTrace.
 *
 *   pidPID:OBJECT:FUNCTION:entry|return|OFFSET	functions of a process
 *   pid*:OBJECT:FUNCTION:entry|return|OFFSET	... of every process
 *   PROVIDERPID:OBJECT:FUNCTION:NAME		USDT sites of a process
 *
 * OBJECT is the basename of a mapped file ("libc.so.6", also "libc.so"
 * and "libc") or "a.out" for the executable, which becomes its basename
 * in the probe.  An empty or glob NAME also makes the probes of each
 * instruction of the function whose offset it matches, the
 * instructions found by decoding the function from its start
 * (capstone).  A -c target
 * still waiting to exec is first run to its entry (dt_proc.c).  The
 * objects come from /proc/PID/maps, the functions from their symbol
 * tables (dt_sym.c), the USDT sites and the argument types dtrace -G
 * recorded from their notes (dt_usdt.c); the kernel gets, through
 * /dev/dtrace_fasttrap, the mapped file (opened through
 * /proc/PID/map_files, so the very file mapped) and an offset.
 * A description that would make more probes than dtrace_fasttrap lets
 * be enabled at once is refused before any is made.
 *
 * An enabled description of one process's probes is kept: when the
 * process maps more files (a library dlopen()ed), the probes it names
 * there are made at the next buffer switch, and the kernel enables them
 * for the consumer (its retained enablings).  The -c target is held
 * stopped at the dynamic linker's notification until they are
 * (dt_pid_refresh_sync() from dt_proc.c), so it misses none; another
 * process's calls between the dlopen() and that moment are not traced.
 * A kept provider glob (myapp*) also makes the USDT probes of each child
 * the -c target forks, while dt_proc.c holds the child stopped
 * (dt_pid_follow()), and of every process that execs while tracing,
 * which the kernel holds until a watcher process has made them
 * (dt_pid_watch_start()).
 */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <poll.h>
#include <signal.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <capstone/capstone.h>
#include <engine/glob.h>
#include <linux/dtrace_fasttrap.h>
#include "dt_impl.h"
#include "dt_sym.h"
#include "dt_usdt.h"

#define DT_FTP_LIMIT	"/sys/module/dtrace_fasttrap/parameters/max_enabled"
#define DT_PID_FUNCMAX	(1u << 20)	/* bytes of a function decoded */
#define DT_PID_GLOB	"*?[\\"

/* A file mapped by the process. */
struct dt_pobj {
	char path[PATH_MAX];	/* as /proc/PID/maps names it */
	char mapfile[PATH_MAX];	/* /proc/PID/map_files/START-END */
	char src[PATH_MAX];	/* where its ELF is read: dt_pobj_src() */
	const char *base;	/* its name: soname or basename */
	const char *file;	/* basename of path */
	bool exe;
};

/* A file read and found without USDT notes: dt_pid_nonotes(). */
struct dt_pid_nonotes {
	dev_t dev;
	ino_t ino;
	off_t size;
	struct timespec mtime;
};

/* What one description asks of one object, and the count so far. */
struct dt_pid_req {
	dtrace_hdl_t *dtp;
	const struct dtrace_probedesc *pd;
	const struct dt_pobj *obj;
	const char *mod;	/* the probe's module field */
	int fd, pid;
	int rfd;		/* @obj read for its instructions, or -1 */
	bool entry, ret, off;	/* which probes of each function */
	bool insns;		/* each instruction the name matches */
	uint64_t offset;	/* with off */
	bool create;		/* false: only count */
	size_t count;
	bool toobig, inside;	/* off: past a function, inside an insn, */
	bool bad;		/* at one dt_pid_unsteppable() */
	csh cs;			/* the decoder, with @cs_open */
	bool cs_open;
	char func[DTRACE_FUNCNAMELEN];	/* of the first probe made */
};

static int dt_pid_device(dtrace_hdl_t *dtp)
{
	if (dtp->ftfd >= 0)
		return 0;
	dtp->ftfd = open(DTRACE_FASTTRAP_DEVICE, O_RDWR | O_CLOEXEC);
	if (dtp->ftfd >= 0)
		return 0;
	if (errno == ENOENT)
		return dt_set_errmsg(dtp, "user probes need the dtrace_fasttrap "
				     "module: modprobe dtrace_fasttrap");
	return dt_set_errmsg(dtp, "cannot open %s: %s", DTRACE_FASTTRAP_DEVICE,
			     strerror(errno));
}

/* Make probe @c; the device is opened with the first probe made. */
static int dt_pid_create(dtrace_hdl_t *dtp, struct dtrace_ioc_ftp_create *c)
{
	char str[512];

	if (dt_pid_device(dtp))
		return -1;
	c->size = sizeof(*c);
	if (!ioctl(dtp->ftfd, DTRACEIOC_FTP_CREATE, c))
		return 0;
	dtrace_desc2str(&c->desc, str, sizeof(str));
	if (errno == ESRCH)
		return dt_set_errmsg(dtp, "pid %d: no such process", c->pid);
	if (errno == EEXIST)
		return dt_set_errmsg(dtp, "probe %s exists at another place",
				     str);
	return dt_set_errmsg(dtp, "cannot create probe %s: %s", str,
			     strerror(errno));
}

/* Fail with compile tag @tag (dt_compile.c) and a message. */
static int __attribute__((format(printf, 3, 4)))
dt_pid_fail(dtrace_hdl_t *dtp, int tag, const char *fmt, ...)
{
	char msg[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	dtp->pidtag = tag;
	return dt_set_errmsg(dtp, "%s", msg);
}

/* The most user probes that may be enabled at once; 0 for no limit. */
static size_t dt_pid_limit(void)
{
	unsigned long n = 0;
	FILE *fp = fopen(DT_FTP_LIMIT, "r");

	if (fp) {
		if (fscanf(fp, "%lu", &n) != 1)
			n = 0;
		fclose(fp);
	}
	return n;
}

static bool dt_pid_name_fits(const char *s, size_t size)
{
	return strlen(s) < size && !strpbrk(s, ":*?[]\\ \t\n");
}

/* Count or make probe @kind of function @name at offset @off of it. */
static int dt_pid_make(struct dt_pid_req *r, const char *name, int kind,
		       uint64_t foff, uint64_t off)
{
	struct dtrace_ioc_ftp_create c;

	r->count++;
	if (!r->create)
		return 0;
	memset(&c, 0, sizeof(c));
	c.fd = r->fd;
	c.pid = r->pid;
	c.kind = kind;
	c.offset = foff + off;
	if (r->pid)
		snprintf(c.desc.provider, sizeof(c.desc.provider), "pid%d",
			 r->pid);
	else
		strcpy(c.desc.provider, "pid");
	snprintf(c.desc.mod, sizeof(c.desc.mod), "%s", r->mod);
	snprintf(c.desc.func, sizeof(c.desc.func), "%s", name);
	if (!*r->func)
		snprintf(r->func, sizeof(r->func), "%s", name);
	if (kind == DTRACE_FTP_OFFSET)
		snprintf(c.desc.name, sizeof(c.desc.name), "%llx",
			 (unsigned long long)off);
	else
		strcpy(c.desc.name, kind == DTRACE_FTP_ENTRY ? "entry" :
		       "return");
	return dt_pid_create(r->dtp, &c);
}

/* The instruction decoder; false when there is none. */
static bool dt_pid_decoder(struct dt_pid_req *r)
{
	if (!r->cs_open && cs_open(CS_ARCH_X86, CS_MODE_64, &r->cs) == CS_ERR_OK)
		r->cs_open = true;
	return r->cs_open;
}

/*
 * An instruction a breakpoint must not be put on: uprobes steps over
 * the instruction by running a copy of it elsewhere, which a system
 * call or an interrupt instruction does not survive (the traced
 * process dies).
 */
static bool dt_pid_unsteppable(unsigned int id)
{
	switch (id) {
	case X86_INS_SYSCALL:
	case X86_INS_SYSENTER:
	case X86_INS_SYSEXIT:
	case X86_INS_SYSRET:
	case X86_INS_INT:
	case X86_INS_INT1:
	case X86_INS_INT3:
	case X86_INS_INTO:
	case X86_INS_IRET:
	case X86_INS_IRETD:
	case X86_INS_IRETQ:
		return true;
	default:
		return false;
	}
}

/*
 * The instructions of function @name, @size bytes at @foff in the file,
 * decoded from its start until bytes that are no instruction: with
 * r->insns count or make the probe of each whose offset the name
 * matches (but dt_pid_unsteppable() ones); with r->off, say in *@inside
 * whether r->offset is inside one (and so not an instruction's start),
 * in *@bad whether it is an unsteppable one.  Nothing
 * when the function cannot be read or decoded.
 */
static int dt_pid_insns(struct dt_pid_req *r, const char *name,
			uint64_t foff, uint64_t size, bool *inside, bool *bad)
{
	const uint8_t *code;
	uint64_t addr = 0;
	uint8_t *buf;
	cs_insn *insn = NULL;
	size_t left = size;
	char hex[24];
	int ret = 0;

	if (size > DT_PID_FUNCMAX || !dt_pid_decoder(r))
		return 0;
	if (r->rfd < 0)
		r->rfd = open(r->obj->src, O_RDONLY | O_CLOEXEC);
	buf = malloc(size);
	if (r->rfd < 0 || !buf ||
	    pread(r->rfd, buf, size, (off_t)foff) != (ssize_t)size)
		goto out;
	insn = cs_malloc(r->cs);
	code = buf;
	while (!ret && insn && cs_disasm_iter(r->cs, &code, &left, &addr,
					      insn)) {
		if (r->off) {
			if (r->offset > insn->address && r->offset < addr)
				*inside = true;
			if (r->offset == insn->address &&
			    dt_pid_unsteppable(insn->id))
				*bad = true;
			continue;
		}
		if (dt_pid_unsteppable(insn->id))
			continue;
		snprintf(hex, sizeof(hex), "%llx",
			 (unsigned long long)insn->address);
		if (dtrace_match_glob(r->pd->name, hex))
			ret = dt_pid_make(r, name, DTRACE_FTP_OFFSET, foff,
					  insn->address);
	}
out:
	if (insn)
		cs_free(insn, 1);
	free(buf);
	return ret;
}

/* One function: count or create its probes. */
static int dt_pid_func(const char *name, uint64_t vaddr, uint64_t size,
		       void *arg)
{
	struct dt_pid_req *r = arg;
	bool inside = false, bad = false;
	uint64_t off;
	int ret = 0;

	if (!dt_pid_name_fits(name, DTRACE_FUNCNAMELEN) ||
	    dt_sym_uoffset(r->dtp, r->obj->src, vaddr, &off))
		return 0;
	if (r->off && r->offset >= size) {
		r->toobig = true;
		return 0;
	}
	if (r->entry)
		ret = dt_pid_make(r, name, DTRACE_FTP_ENTRY, off, 0);
	if (!ret && r->ret)
		ret = dt_pid_make(r, name, DTRACE_FTP_RETURN, off, 0);
	if (!ret && (r->insns || r->off))
		ret = dt_pid_insns(r, name, off, size, &inside, &bad);
	if (inside)
		r->inside = true;
	else if (bad)
		r->bad = true;
	else if (!ret && r->off)
		ret = dt_pid_make(r, name, DTRACE_FTP_OFFSET, off, r->offset);
	return ret;
}

/* Is @path the file @st describes? */
static bool dt_same_file(const char *path, const struct stat *st)
{
	struct stat s;

	return !stat(path, &s) && s.st_dev == st->st_dev &&
	       s.st_ino == st->st_ino;
}

/*
 * Where to read @o's ELF from: its path, when that is the very file
 * mapped (the usual case, and the name dtrace's symbol cache knows it
 * by); else the path in the process's own root (/proc/PID/root: a
 * process in another mount namespace, a container); else the mapping.
 */
static void dt_pobj_src(struct dt_pobj *o, int pid)
{
	struct stat st;

	snprintf(o->src, sizeof(o->src), "%s", o->path);
	if (stat(o->mapfile, &st) || dt_same_file(o->path, &st))
		return;
	if (snprintf(o->src, sizeof(o->src), "/proc/%d/root%.*s", pid,
		     PATH_MAX - 32, o->path) >= (int)sizeof(o->src) ||
	    !dt_same_file(o->src, &st))
		snprintf(o->src, sizeof(o->src), "%s", o->mapfile);
}

/* The files process @pid maps, each once.  Return: -1 if it is gone. */
static int dt_pid_objects(dtrace_hdl_t *dtp, int pid, struct dt_pobj **objsp,
			  size_t *np)
{
	char path[64], exe[PATH_MAX], line[PATH_MAX + 128];
	struct dt_pobj *objs = NULL, *o;
	size_t n = 0, i;
	ssize_t len;
	FILE *fp;

	snprintf(path, sizeof(path), "/proc/%d/exe", pid);
	len = readlink(path, exe, sizeof(exe) - 1);
	exe[len > 0 ? len : 0] = '\0';
	snprintf(path, sizeof(path), "/proc/%d/maps", pid);
	fp = fopen(path, "r");
	if (!fp)
		return -1;
	while (fgets(line, sizeof(line), fp)) {
		unsigned long long start, end;
		char *file;
		int pos = 0;

		if (sscanf(line, "%llx-%llx %*s %*s %*s %*s %n", &start, &end,
			   &pos) < 2 || !pos)
			continue;
		file = line + pos;
		file[strcspn(file, "\n")] = '\0';
		if (file[0] != '/' || strstr(file, " (deleted)"))
			continue;
		for (i = 0; i < n && strcmp(objs[i].path, file); i++)
			;
		if (i < n)
			continue;
		o = realloc(objs, (n + 1) * sizeof(*objs));
		if (!o)
			break;
		objs = o;
		o = &objs[n++];
		snprintf(o->path, sizeof(o->path), "%s", file);
		snprintf(o->mapfile, sizeof(o->mapfile),
			 "/proc/%d/map_files/%llx-%llx", pid, start, end);
		dt_pobj_src(o, pid);
		o->file = strrchr(o->path, '/') + 1;
		o->base = dt_sym_uobj_name(dtp, o->src);
		if (!o->base)
			o->base = o->file;
		o->exe = !strcmp(o->path, exe);
	}
	fclose(fp);
	*objsp = objs;
	*np = n;
	return 0;
}

/* @o opened for the kernel: the very file mapped, else its path. */
static int dt_pobj_open(const struct dt_pobj *o)
{
	int fd = open(o->mapfile, O_RDONLY | O_CLOEXEC);

	return fd >= 0 ? fd : open(o->path, O_RDONLY | O_CLOEXEC);
}

/*
 * Does @glob name @o: "a.out" the executable; else its name, its file's
 * basename, or its name cut before one of its dots ("libc.so.6" is also
 * "libc.so" and "libc").
 */
static bool dt_pid_obj_matches(const struct dt_pobj *o, const char *glob)
{
	char name[DTRACE_MODNAMELEN];
	char *dot;

	if (!*glob)
		return true;
	if (!strcmp(glob, "a.out"))
		return o->exe;
	if (dtrace_match_glob(glob, o->base) ||
	    dtrace_match_glob(glob, o->file))
		return true;
	snprintf(name, sizeof(name), "%s", o->base);
	while ((dot = strrchr(name, '.')) && dot > name) {
		*dot = '\0';
		if (dtrace_match_glob(glob, name))
			return true;
	}
	return false;
}

/*
 * Which probes of each function @name asks for: entry, return, an offset
 * in hex, or with a glob (or nothing) those it matches and the
 * instructions whose offset it matches.  False for none: a name that
 * is none of these.
 */
static bool dt_pid_kinds(struct dt_pid_req *r, const char *name)
{
	bool glob = !*name || strpbrk(name, DT_PID_GLOB);
	char *end;

	r->entry = dtrace_match_glob(name, "entry");
	r->ret = dtrace_match_glob(name, "return");
	r->insns = glob;
	if (!glob) {
		r->offset = strtoull(name, &end, 16);
		r->off = !*end && isxdigit((unsigned char)*name);
	}
	return r->entry || r->ret || r->off || r->insns;
}

/* Count (@create false), then make, the probes @r asks of @objs. */
static int dt_pid_walk(struct dt_pid_req *r, const struct dt_pobj *objs,
		       size_t n)
{
	size_t i;
	int ret = 0;

	for (i = 0; i < n && !ret; i++) {
		if (!dt_pid_obj_matches(&objs[i], r->pd->mod) ||
		    !dt_pid_name_fits(objs[i].base, DTRACE_MODNAMELEN))
			continue;
		r->obj = &objs[i];
		r->mod = objs[i].base;
		r->fd = -1;
		r->rfd = -1;
		if (r->create && (r->fd = dt_pobj_open(&objs[i])) < 0)
			continue;
		ret = dt_sym_ufuncs(r->dtp, objs[i].src, r->pd->func,
				    dt_pid_func, r);
		if (ret > 0)
			ret = 0;	/* an object we cannot read */
		if (r->fd >= 0)
			close(r->fd);
		if (r->rfd >= 0)
			close(r->rfd);
	}
	return ret < 0 ? -1 : 0;
}

/* Count, check, then make the probes @r asks of @objs. */
static int dt_pid_functions(struct dt_pid_req *r, const struct dt_pobj *objs,
			    size_t n)
{
	size_t limit = dt_pid_limit();
	char str[512];
	int ret = -1;

	dtrace_desc2str(r->pd, str, sizeof(str));
	if (dt_pid_walk(r, objs, n))
		goto out;
	if (!r->count && r->toobig) {
		dt_pid_fail(r->dtp, D_PROC_OFF, "%s: offset 0x%llx is past "
			    "the end of the function", str,
			    (unsigned long long)r->offset);
		goto out;
	}
	if (!r->count && r->bad) {
		dt_pid_fail(r->dtp, D_PROC_BADINSN, "%s: the instruction at "
			    "offset 0x%llx cannot be traced (a system call or "
			    "interrupt)", str, (unsigned long long)r->offset);
		goto out;
	}
	if (!r->count && r->inside) {
		dt_pid_fail(r->dtp, D_PROC_ALIGN, "%s: offset 0x%llx is not "
			    "at the start of an instruction", str,
			    (unsigned long long)r->offset);
		goto out;
	}
	if (limit && r->count > limit) {
		dt_set_errmsg(r->dtp, "%s matches %zu user probes, more than "
			      "the %zu dtrace_fasttrap lets be enabled at "
			      "once (narrow the description, or raise its "
			      "max_enabled parameter)", str, r->count, limit);
		goto out;
	}
	r->create = true;
	r->count = 0;
	ret = dt_pid_walk(r, objs, n);
out:
	if (r->cs_open)
		cs_close(&r->cs);
	r->cs_open = false;
	return ret;
}

/*
 * Is @path a file read before and found without USDT notes (the same
 * device, inode, size and modification time)?  With @add, remember it
 * as such.  The exec watcher sees the same programs and dynamic linker
 * at every exec: they are read once.
 */
static bool dt_pid_nonotes(dtrace_hdl_t *dtp, const char *path, bool add)
{
	struct dt_pid_nonotes *nn;
	struct stat st;
	size_t i;

	if (stat(path, &st))
		return false;
	for (i = 0; i < dtp->nnonotes; i++) {
		nn = &dtp->nonotes[i];
		if (nn->dev == st.st_dev && nn->ino == st.st_ino &&
		    nn->size == st.st_size &&
		    nn->mtime.tv_sec == st.st_mtim.tv_sec &&
		    nn->mtime.tv_nsec == st.st_mtim.tv_nsec)
			return true;
	}
	if (!add)
		return false;
	nn = realloc(dtp->nonotes, (dtp->nnonotes + 1) * sizeof(*nn));
	if (!nn)
		return false;
	dtp->nonotes = nn;
	nn += dtp->nnonotes++;
	nn->dev = st.st_dev;
	nn->ino = st.st_ino;
	nn->size = st.st_size;
	nn->mtime = st.st_mtim;
	return false;
}

/*
 * The USDT sites of @o whose provider matches @prov, for process @pid:
 * the note's provider, or with @full the probe's ("myapp1234").
 */
static int dt_pid_usdt_obj(dtrace_hdl_t *dtp, const struct dt_pobj *o,
			   int pid, const char *prov, bool full,
			   const struct dtrace_probedesc *pd)
{
	struct dt_usdt_site *sites;
	size_t n, i;
	int fd = -1, ret = 0;

	if (dt_pid_nonotes(dtp, o->src, false))
		return 0;
	if (dt_usdt_read(o->src, &sites, &n))
		return 0;
	if (!n) {
		dt_pid_nonotes(dtp, o->src, true);
		return 0;
	}
	for (i = 0; i < n && !ret; i++) {
		struct dtrace_ioc_ftp_create c;
		const char *func;
		uint64_t off, sema = 0;
		char *q;

		memset(&c, 0, sizeof(c));
		c.pid = pid;
		c.kind = DTRACE_FTP_USDT;
		snprintf(c.desc.name, sizeof(c.desc.name), "%s", sites[i].name);
		while ((q = strstr(c.desc.name, "__"))) {
			*q = '-';
			memmove(q + 1, q + 2, strlen(q + 2) + 1);
		}
		if (snprintf(c.desc.provider, sizeof(c.desc.provider), "%s%d",
			     sites[i].provider, pid) >=
		    (int)sizeof(c.desc.provider) ||
		    !dtrace_match_glob(prov, full ? c.desc.provider :
				       sites[i].provider) ||
		    !dtrace_match_glob(pd->name, c.desc.name))
			continue;
		/* the symbol lookups only for the sites the names select */
		func = dt_sym_ufunc_at(dtp, o->src, sites[i].pc);
		snprintf(c.desc.func, sizeof(c.desc.func), "%s", func ? func : "-");
		if (!dtrace_match_glob(pd->func, c.desc.func) ||
		    !dt_pid_name_fits(c.desc.func, sizeof(c.desc.func)) ||
		    dt_sym_uoffset(dtp, o->src, sites[i].pc, &off) ||
		    (sites[i].sema &&
		     dt_sym_uoffset(dtp, o->src, sites[i].sema, &sema)))
			continue;
		c.offset = off;
		c.refctr = sema;
		snprintf(c.desc.mod, sizeof(c.desc.mod), "%s", o->base);
		if (dt_usdt_args(dtp, o->src, &sites[i], c.args, &c.nargs)) {
			fprintf(stderr, "dtrace: %s:%s in %s: arguments \"%s\" "
				"not understood; they read 0\n",
				sites[i].provider, sites[i].name, o->path,
				sites[i].args);
			c.nargs = 0;
		}
		dt_usdt_types(&sites[i], &c);
		if (fd < 0 && (fd = dt_pobj_open(o)) < 0)
			break;
		c.fd = fd;
		ret = dt_pid_create(dtp, &c);
	}
	if (fd >= 0)
		close(fd);
	dt_usdt_free(sites, n);
	return ret;
}

/* A file for the basename @mod: mapped by dtrace itself, or on a path. */
static int dt_pid_anyobj(dtrace_hdl_t *dtp, const char *mod,
			 struct dt_pobj *o)
{
	static const char *const dirs[] = {
		"/lib/x86_64-linux-gnu", "/usr/lib/x86_64-linux-gnu",
		"/lib64", "/usr/lib", "/lib", "/usr/local/lib",
		"/usr/bin", "/usr/sbin", "/bin", "/sbin", "/usr/local/bin",
	};
	struct dt_pobj *objs;
	size_t n, i;

	if (!dt_pid_objects(dtp, getpid(), &objs, &n)) {
		for (i = 0; i < n && !dt_pid_obj_matches(&objs[i], mod); i++)
			;
		if (i < n)
			snprintf(o->path, sizeof(o->path), "%s", objs[i].path);
		free(objs);
		if (i < n)
			goto found;
	}
	for (i = 0; i < sizeof(dirs) / sizeof(dirs[0]); i++) {
		snprintf(o->path, sizeof(o->path), "%s/%s", dirs[i], mod);
		if (!access(o->path, R_OK))
			goto found;
	}
	return -1;
found:
	snprintf(o->mapfile, sizeof(o->mapfile), "%s", o->path);
	snprintf(o->src, sizeof(o->src), "%s", o->path);
	o->file = strrchr(o->path, '/') + 1;
	o->base = dt_sym_uobj_name(dtp, o->src);
	if (!o->base)
		o->base = o->file;
	o->exe = false;
	return 0;
}

/* Is @pd pid*:OBJECT:FUNCTION:NAME with a plain OBJECT (any process)? */
static bool dt_pid_is_everywhere(const struct dtrace_probedesc *pd)
{
	return !strcmp(pd->provider, "pid*") && *pd->mod &&
	       !strpbrk(pd->mod, DT_PID_GLOB) && strcmp(pd->mod, "a.out");
}

/*
 * pid*:OBJECT:FUNCTION:NAME with a plain OBJECT: probes in every
 * process that maps it, as provider "pid".
 */
static int dt_pid_everywhere(dtrace_hdl_t *dtp,
			     const struct dtrace_probedesc *pd)
{
	struct dt_pid_req r = { .dtp = dtp, .pd = pd };
	struct dt_pobj o;

	if (!dt_pid_kinds(&r, pd->name))
		return 0;
	if (dt_pid_anyobj(dtp, pd->mod, &o))
		return dt_set_errmsg(dtp, "%s: no such object in dtrace's "
				     "address space or the library and "
				     "program directories", pd->mod);
	return dt_pid_functions(&r, &o, 1);
}

/*
 * Split "NAME1234" into "NAME" and 1234.  Return: the pid, or 0 when
 * the provider field does not end in one.
 */
static int dt_pid_split(const char *prov, char *prefix, size_t size)
{
	size_t len = strlen(prov), d = len;

	while (d > 0 && isdigit((unsigned char)prov[d - 1]))
		d--;
	if (d == len || d == 0 || d >= size || prov[d] == '0' || len - d > 9)
		return 0;
	memcpy(prefix, prov, d);
	prefix[d] = '\0';
	return atoi(prov + d);
}

/*
 * dt_pid_provide() with a provider glob ("myapp*") making the USDT
 * probes of process @gpid (none when 0) instead of $target's.
 */
static int dt_pid_provide_in(dtrace_hdl_t *dtp, struct dtrace_probedesc *pd,
			     int gpid, bool usdt_only)
{
	struct dt_pid_req r = { .dtp = dtp, .pd = pd };
	char prefix[DTRACE_PROVNAMELEN], own[DTRACE_PROVNAMELEN];
	struct dt_pobj *objs;
	bool glob = false, fns;
	size_t n, i;
	int pid, ret = 0;

	dtp->pidtag = 0;
	if (dtp->fd < 0)
		return 0;
	if (dt_pid_is_everywhere(pd))
		return usdt_only ? 0 : dt_pid_everywhere(dtp, pd);
	pid = dt_pid_split(pd->provider, prefix, sizeof(prefix));
	if (!pid && !strncmp(pd->provider, "pid", 3) && pd->provider[3] &&
	    strspn(pd->provider + 3, "0123456789") == strlen(pd->provider + 3))
		return dt_pid_fail(dtp, D_PROC_BADPID, "%s: %s is not a "
				   "process id", pd->provider,
				   pd->provider + 3);
	if (pid && strpbrk(prefix, DT_PID_GLOB)) {
		/* "p*d1234": the probes of 1234 it matches */
		snprintf(prefix, sizeof(prefix), "%s", pd->provider);
		glob = true;
	} else if (!pid && gpid > 0 &&
		   (strpbrk(pd->provider, DT_PID_GLOB) ||
		    (!*pd->provider && (*pd->mod || *pd->func)))) {
		/*
		 * "myapp*", "p*d": the probes of @gpid it matches; no
		 * provider but an OBJECT or FUNCTION ("-lm a.out") every
		 * USDT provider.  Not a bare NAME ("BEGIN"), which would
		 * run a -c target through its exec before tracing.
		 */
		pid = gpid;
		snprintf(prefix, sizeof(prefix), "%s",
			 *pd->provider ? pd->provider : "*");
		glob = true;
	}
	if (!pid)
		return 0;
	/*
	 * A glob makes pid probes only for a NAME: not *1234::: of -l;
	 * no provider, none (pid probes are made where pid is named).
	 */
	snprintf(own, sizeof(own), "pid%d", pid);
	fns = glob ? *pd->name && *pd->provider && !usdt_only &&
		     dtrace_match_glob(pd->provider, own) :
	      !strcmp(prefix, "pid");
	if (fns && !dt_pid_kinds(&r, pd->name)) {
		if (glob)
			fns = false;
		else
			return dt_pid_fail(dtp, D_PROC_NAME, "%s:%s:%s:%s: %s "
					   "is not entry, return or an "
					   "offset in hex", pd->provider,
					   pd->mod, pd->func, pd->name,
					   pd->name);
	}
	if (fns && !glob && !strcmp(pd->func, "-") && !r.off)
		return dt_pid_fail(dtp, D_PROC_NAME, "%s:%s:-:%s: function "
				   "\"-\" takes an address in hex, not %s",
				   pd->provider, pd->mod, pd->name,
				   *pd->name ? pd->name : "nothing");
	if (dt_proc_exec(dtp, pid) || dt_pid_objects(dtp, pid, &objs, &n)) {
		/* NAME1234 may be a kernel provider, not USDT of pid 1234 */
		if (glob || !fns)
			return 0;
		return dt_pid_fail(dtp, D_PROC_BADPID,
				   "pid %d: no such process", pid);
	}
	r.pid = pid;
	if (fns)
		ret = dt_pid_functions(&r, objs, n);
	if (ret && glob) {	/* its USDT probes all the same */
		dt_dprintf(dtp, "%s: no pid probes: %s", pd->provider,
			   dtrace_errmsg(dtp, dtrace_errno(dtp)));
		dtp->pidtag = 0;
		ret = 0;
	}
	for (i = 0; i < n && !ret && (glob || !fns); i++)
		if (dt_pid_obj_matches(&objs[i], pd->mod))
			ret = dt_pid_usdt_obj(dtp, &objs[i], pid, prefix,
					      glob, pd);
	/* named by the function's best name: go is _go's weak alias */
	if (*r.func && *pd->func && !strpbrk(pd->func, DT_PID_GLOB))
		snprintf(pd->func, sizeof(pd->func), "%s", r.func);
	/* the probes are named by the object's name: a.out, libc */
	if (*pd->mod && !strpbrk(pd->mod, DT_PID_GLOB)) {
		for (i = 0; i < n && !dt_pid_obj_matches(&objs[i], pd->mod);
		     i++)
			;
		if (i < n)
			snprintf(pd->mod, sizeof(pd->mod), "%s", objs[i].base);
	}
	free(objs);
	return ret;
}

/**
 * dt_pid_provide() - make the user probes @pd names
 * @dtp: the handle
 * @pd: a parsed probe description; a module or function that names
 *	one without a glob ("a.out", "libc", a weak alias) becomes the
 *	name its probes have
 *
 * Descriptions of other providers are left alone, and so is NAME1234
 * when there is no process 1234 (it may be a kernel provider's name);
 * a glob (test_prov*, p*d) makes the USDT probes of $target whose
 * provider ("test_prov1234") it matches, and its pid probes when it
 * matches "pid1234" and NAME is not empty (those it cannot make, too
 * many, are left out); no provider, with a module or function, makes
 * the USDT probes of $target of every provider, and no pid probes.  The device is opened only when a probe is to
 * be made.
 * Return: 0, or -1 with EDT_UPROBE and a message (no such process for
 * pid1234, too many probes, the fasttrap module missing); dtp->pidtag
 * is then the D_* tag of the error, or 0 for D_PDESC_INVAL.
 */
int dt_pid_provide(dtrace_hdl_t *dtp, struct dtrace_probedesc *pd)
{
	return dt_pid_provide_in(dtp, pd, dtp->target, false);
}

/* A description of one process's probes, enabled by this consumer. */
struct dt_pid_kept {
	struct dtrace_probedesc pd;
	int pid;
	size_t nobjs;		/* files the process mapped when last made */
	bool glob;		/* a provider glob, made for $target */
};

/**
 * dt_pid_provide_kept() - dt_pid_provide() for a description to enable
 * @dtp: the handle
 * @pd: as for dt_pid_provide()
 *
 * A description of pidPID or PROVIDERPID, or a glob (of $target), is
 * kept for dt_pid_refresh().
 * Return: as dt_pid_provide().
 */
int dt_pid_provide_kept(dtrace_hdl_t *dtp, struct dtrace_probedesc *pd)
{
	char prefix[DTRACE_PROVNAMELEN];
	struct dt_pid_kept *k;
	struct dt_pobj *objs;
	bool glob;
	size_t n;
	int pid;

	if (dt_pid_provide(dtp, pd))
		return -1;
	pid = dt_pid_split(pd->provider, prefix, sizeof(prefix));
	glob = !pid && strpbrk(pd->provider, DT_PID_GLOB);
	n = 0;
	if (glob)
		pid = dtp->target > 0 ? dtp->target : 0;
	if (dtp->fd < 0 || (!glob && pid <= 0))
		return 0;
	if (pid > 0 && dt_pid_objects(dtp, pid, &objs, &n))
		return 0;
	if (pid > 0)
		free(objs);
	k = realloc(dtp->pidkept, (dtp->npidkept + 1) * sizeof(*k));
	if (!k)
		return 0;	/* made as asked, just not again */
	dtp->pidkept = k;
	k += dtp->npidkept++;
	k->pd = *pd;
	k->pid = pid;
	k->nobjs = n;
	k->glob = glob;
	return 0;
}

/**
 * dt_pid_refresh() - make the kept descriptions' probes in new files
 * @dtp: the handle, tracing
 *
 * A process that maps more files than when its probes were last made
 * gets them made again (those that exist are left as they are); a
 * process that is gone, or an error, is only noted (-x debug).
 */
void dt_pid_refresh(dtrace_hdl_t *dtp)
{
	struct dtrace_probedesc pd;
	struct dt_pobj *objs;
	size_t i, n;

	for (i = 0; i < dtp->npidkept; i++) {
		struct dt_pid_kept *k = &dtp->pidkept[i];

		if (k->pid <= 0 || dt_pid_objects(dtp, k->pid, &objs, &n))
			continue;
		free(objs);
		if (n == k->nobjs)
			continue;
		k->nobjs = n;
		pd = k->pd;
		if (dt_pid_provide(dtp, &pd))
			dt_dprintf(dtp, "pid %d maps more, but: %s", k->pid,
				   dtrace_errmsg(dtp, dtrace_errno(dtp)));
	}
}

/**
 * dt_pid_refresh_sync() - dt_pid_refresh(), then wait for the kernel
 * @dtp: the handle, tracing
 *
 * For a process held stopped where the dynamic linker has mapped a
 * library: returns once the kernel has enabled the probes made in it,
 * so that the process, let go, misses none.
 */
void dt_pid_refresh_sync(dtrace_hdl_t *dtp)
{
	dt_pid_refresh(dtp);
	if (dtp->ftfd >= 0)
		ioctl(dtp->ftfd, DTRACEIOC_FTP_SYNC);
}

/* Is a description of process @pid's probes kept for dt_pid_refresh()? */
bool dt_pid_kept_in(const dtrace_hdl_t *dtp, int pid)
{
	size_t i;

	for (i = 0; i < dtp->npidkept; i++)
		if (dtp->pidkept[i].pid == pid)
			return true;
	return false;
}

/* Is there a kept provider glob, whose probes $target's children get? */
bool dt_pid_follows(const dtrace_hdl_t *dtp)
{
	size_t i;

	for (i = 0; i < dtp->npidkept; i++)
		if (dtp->pidkept[i].glob)
			return true;
	return false;
}

/*
 * The kept provider globs' probes in process @pid (only its USDT probes
 * with @usdt_only), then wait until the kernel has enabled them.
 */
static void dt_pid_follow_in(dtrace_hdl_t *dtp, int pid, bool usdt_only)
{
	struct dtrace_probedesc pd;
	size_t i;

	for (i = 0; i < dtp->npidkept; i++) {
		if (!dtp->pidkept[i].glob)
			continue;
		pd = dtp->pidkept[i].pd;
		if (dt_pid_provide_in(dtp, &pd, pid, usdt_only))
			dt_dprintf(dtp, "new process %d: %s", pid,
				   dtrace_errmsg(dtp, dtrace_errno(dtp)));
	}
	if (dtp->ftfd >= 0)
		ioctl(dtp->ftfd, DTRACEIOC_FTP_SYNC);
}

/**
 * dt_pid_follow() - make the kept provider globs' probes in a new process
 * @dtp: the handle, tracing
 * @pid: a child $target has forked, held stopped by the caller
 *
 * Returns once the kernel has enabled what it made for the consumer, so
 * the child, let go, misses none of its probes.  An error is only noted
 * (-x debug).
 */
void dt_pid_follow(dtrace_hdl_t *dtp, int pid)
{
	dt_pid_follow_in(dtp, pid, false);
}

/* Is there a kept provider glob naming USDT probes of any process? */
static bool dt_pid_watches(const dtrace_hdl_t *dtp)
{
	size_t i;

	for (i = 0; i < dtp->npidkept; i++)
		if (dtp->pidkept[i].glob &&
		    !dt_pid_is_everywhere(&dtp->pidkept[i].pd))
			return true;
	return false;
}

/*
 * The watcher, a child of dtrace with a copy of its handle: it watches
 * execs through an open of its own of the fasttrap device (its probes
 * held by it), makes the kept globs' USDT probes in each process that
 * execs while the kernel holds it, and lets it go.  It tells dtrace
 * through @sock when it watches, and ends when dtrace does (@sock hung
 * up, or its parent gone).  It never returns.
 */
static void __attribute__((noreturn))
dt_pid_watcher(dtrace_hdl_t *dtp, pid_t parent, int sock)
{
	int32_t pids[64];
	ssize_t len, i;
	int null, fd;

	if (prctl(PR_SET_PDEATHSIG, SIGKILL) || getppid() != parent)
		_exit(1);
	/*
	 * Every exec waits for this process: a ^Z that stops dtrace must
	 * not stop it, so it leaves dtrace's job (process group) and
	 * ignores the terminal's stop signals for when it writes to it.
	 */
	setpgid(0, 0);
	signal(SIGINT, SIG_IGN);
	signal(SIGQUIT, SIG_IGN);
	signal(SIGHUP, SIG_IGN);
	signal(SIGPIPE, SIG_IGN);
	signal(SIGTSTP, SIG_IGN);
	signal(SIGTTIN, SIG_IGN);
	signal(SIGTTOU, SIG_IGN);
	/* hold neither the consumer nor the probes dtrace made itself */
	null = open("/dev/null", O_RDWR);
	if (null < 0 || dup2(null, STDIN_FILENO) < 0 ||
	    dup2(null, STDOUT_FILENO) < 0 ||
	    (dtp->fd >= 0 && dup2(null, dtp->fd) < 0))
		_exit(1);
	if (dtp->ftfd >= 0)
		close(dtp->ftfd);
	fd = open(DTRACE_FASTTRAP_DEVICE, O_RDWR | O_CLOEXEC | O_NONBLOCK);
	if (fd < 0 || ioctl(fd, DTRACEIOC_FTP_WATCH) ||
	    write(sock, "w", 1) != 1)
		_exit(1);
	dtp->ftfd = fd;
	for (;;) {
		struct pollfd pf[2] = { { .fd = fd, .events = POLLIN },
					{ .fd = sock, .events = POLLIN } };

		if (poll(pf, 2, -1) < 0) {
			if (errno == EINTR)
				continue;
			_exit(1);
		}
		if (pf[1].revents)
			_exit(0);
		len = read(fd, pids, sizeof(pids));
		for (i = 0; i < len / (ssize_t)sizeof(pids[0]); i++)
			dt_pid_follow_in(dtp, pids[i], true);
		ioctl(fd, DTRACEIOC_FTP_RELEASE);
	}
}

/**
 * dt_pid_watch_start() - make later processes' USDT probes for the globs
 * @dtp: the handle, its programs enabled, tracing about to start
 *
 * With a kept provider glob (myapp*:::), a watcher process
 * (dt_pid_watcher()) makes the USDT probes it names in every process
 * that execs from now on, before that process runs; the kernel enables
 * them for this consumer.  Without the kernel's support (an older
 * dtrace_fasttrap) only the -c target and its fork children get them;
 * that is noted (-x debug).
 */
void dt_pid_watch_start(dtrace_hdl_t *dtp)
{
	int sv[2];
	char c;
	pid_t parent = getpid(), pid;

	if (dtp->watchpid > 0 || !dt_pid_watches(dtp))
		return;
	if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv))
		goto fail;
	fflush(NULL);
	pid = fork();
	if (pid == 0) {
		close(sv[0]);
		dt_pid_watcher(dtp, parent, sv[1]);
	}
	close(sv[1]);
	if (pid < 0) {
		close(sv[0]);
		goto fail;
	}
	dtp->watchpid = pid;
	dtp->watchfd = sv[0];
	if (read(sv[0], &c, 1) != 1) {
		dt_pid_watch_stop(dtp);
		goto fail;
	}
	return;
fail:
	dt_dprintf(dtp, "processes started from now on get no USDT probes: "
		   "no watcher");
}

/* End the watcher: its probes go when nothing has them enabled. */
void dt_pid_watch_stop(dtrace_hdl_t *dtp)
{
	if (dtp->watchpid <= 0)
		return;
	close(dtp->watchfd);
	kill(dtp->watchpid, SIGKILL);
	while (waitpid(dtp->watchpid, NULL, 0) < 0 && errno == EINTR)
		;
	dtp->watchpid = 0;
	dtp->watchfd = -1;
}

void dt_pid_kept_free(dtrace_hdl_t *dtp)
{
	free(dtp->nonotes);
	dtp->nonotes = NULL;
	dtp->nnonotes = 0;
	free(dtp->pidkept);
	dtp->pidkept = NULL;
	dtp->npidkept = 0;
}
