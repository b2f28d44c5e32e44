// SPDX-License-Identifier: GPL-2.0
/*
 * The running kernel's vmlinux BTF kept between runs: a copy in
 * /run/dtrace (a tmpfs, so it goes with the boot that made it), named
 * by the kernel's build id, mapped by the next dtrace instead of copied
 * out of the kernel again.  dt_btf.c reads BTF and decides when to use
 * this; docs/types.md and docs/performance.md ("Start-up") say why.
 *
 * The copy is never trusted for safety: dt_btf.c checks it as it checks
 * the kernel's own bytes, and a wrong type can only make a program read
 * the wrong kernel address, which probe context does with nofault loads
 * anyway.  It is used only if its directory and itself are root's and
 * writable by no one else, it has the size of /sys/kernel/btf/vmlinux,
 * and its first and last pages are that file's.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/mman.h>
#include <sys/stat.h>

#include "dt_impl.h"
#include "dt_btf.h"

#define DT_BTF_CACHEDIR	"/run/dtrace"
#define DT_BTF_NOTES	"/sys/kernel/notes"
#define DT_BTF_PAGE	4096

/*
 * The name of the cache file, "vmlinux-BUILDID.btf", from the GNU
 * build id note of /sys/kernel/notes.  Return: 0, or -1 if it has none.
 */
static int dt_btf_cache_name(char *name, size_t len)
{
	unsigned char buf[4096];
	uint32_t namesz, descsz, type;
	size_t off = 0, n, i, l, na;
	ssize_t got;
	int fd;

	fd = open(DT_BTF_NOTES, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	got = read(fd, buf, sizeof(buf));
	close(fd);
	n = got > 0 ? (size_t)got : 0;
	while (n - off >= 12) {
		memcpy(&namesz, buf + off, 4);
		memcpy(&descsz, buf + off + 4, 4);
		memcpy(&type, buf + off + 8, 4);
		off += 12;
		na = ((size_t)namesz + 3) & ~(size_t)3;
		if (na > n - off || descsz > n - off - na)
			return -1;
		if (type == 3 && namesz == 4 && !memcmp(buf + off, "GNU", 4) &&
		    descsz && descsz <= 64) {
			l = (size_t)snprintf(name, len, "vmlinux-");
			for (i = 0; i < descsz && l + 3 < len; i++)
				l += (size_t)snprintf(name + l, len - l, "%02x",
						      buf[off + 4 + i]);
			snprintf(name + l, len - l, ".btf");
			return 0;
		}
		off += na + (((size_t)descsz + 3) & ~(size_t)3);
	}
	return -1;
}

/* Root's, and writable by no one else. */
static bool dt_btf_cache_safe(const struct stat *st)
{
	return st->st_uid == 0 && !(st->st_mode & (S_IWGRP | S_IWOTH));
}

/* The cache directory, made if missing; -1 if there is none to use. */
static int dt_btf_cache_dir(bool make)
{
	const char *dir = getenv("DTRACE_BTF_CACHE");
	struct stat st;
	int fd;

	if (!dir || !*dir)
		dir = DT_BTF_CACHEDIR;
	fd = open(dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0 && errno == ENOENT && make && geteuid() == 0 &&
	    mkdir(dir, 0700) == 0)
		fd = open(dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		return -1;
	if (fstat(fd, &st) < 0 || !dt_btf_cache_safe(&st)) {
		close(fd);
		return -1;
	}
	return fd;
}

/* Are @len bytes at @off of @map those of the file @fd? */
static bool dt_btf_cache_same(int fd, const unsigned char *map, size_t off,
			      size_t len)
{
	unsigned char buf[DT_BTF_PAGE];

	return pread(fd, buf, len, (off_t)off) == (ssize_t)len &&
	       !memcmp(buf, map + off, len);
}

const void *dt_btf_cache_map(int fd, size_t size)
{
	size_t head = size < DT_BTF_PAGE ? size : DT_BTF_PAGE;
	char name[200];
	struct stat st;
	void *p = NULL;
	int dfd, cfd;

	if (!size || dt_btf_cache_name(name, sizeof(name)))
		return NULL;
	dfd = dt_btf_cache_dir(false);
	if (dfd < 0)
		return NULL;
	cfd = openat(dfd, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
	if (cfd >= 0 && fstat(cfd, &st) == 0 && S_ISREG(st.st_mode) &&
	    dt_btf_cache_safe(&st) && (size_t)st.st_size == size) {
		p = mmap(NULL, size, PROT_READ, MAP_PRIVATE, cfd, 0);
		if (p == MAP_FAILED) {
			p = NULL;
		} else if (!dt_btf_cache_same(fd, p, 0, head) ||
			   !dt_btf_cache_same(fd, p, size - head, head)) {
			/* another kernel's, or damaged: made again */
			munmap(p, size);
			p = NULL;
			unlinkat(dfd, name, 0);
		}
	}
	if (cfd >= 0)
		close(cfd);
	close(dfd);
	return p;
}

void dt_btf_cache_store(const void *data, size_t size)
{
	char name[200], tmp[240];
	const char *p = data;
	size_t done = 0;
	ssize_t n = 0;
	int dfd, cfd;

	if (geteuid() != 0 || dt_btf_cache_name(name, sizeof(name)))
		return;
	dfd = dt_btf_cache_dir(true);
	if (dfd < 0)
		return;
	snprintf(tmp, sizeof(tmp), ".%s.%d", name, (int)getpid());
	cfd = openat(dfd, tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW |
		     O_CLOEXEC, 0600);
	if (cfd < 0)
		goto out_close_dir;
	while (done < size && (n = write(cfd, p + done, size - done)) > 0)
		done += (size_t)n;
	/* renamed into place whole, so a reader never sees half of it */
	if (close(cfd) < 0 || done < size || renameat(dfd, tmp, dfd, name))
		unlinkat(dfd, tmp, 0);
out_close_dir:
	close(dfd);
}
