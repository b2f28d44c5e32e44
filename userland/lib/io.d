/*
 * SPDX-License-Identifier: GPL-2.0
 *
 * Block I/O and files in the shape D programs know from other DTraces:
 * bufinfo_t (one I/O), devinfo_t (its device), fileinfo_t (the file it
 * reads or writes) and the B_* flags, translated through the kernel's
 * BTF from the struct request of io:::start and done and the struct
 * bio of io:::wait-start and wait-done; and fds[], the fileinfo_t of
 * each file descriptor of the current process, from its struct file.
 * Compiled for the programs that use it (userland/libdtrace/dt_lib.c).
 * docs/providers/io.md and docs/d-reference.md document them.
 *
 * The block layer's numbers read here are Linux's own, the same in
 * every kernel generation dtrace builds for: a request's operation is
 * the low byte of its flags (odd: it writes), REQ_SYNC is bit 11, a
 * dev_t is major << 20 | minor.  The io provider passes three numbers
 * besides the request or bio (providers/io/io_ctx.c): arg3 is 1 once
 * the I/O is over, arg4 its errno, arg5 the bytes it left undone;
 * bufinfo_t reads them, so its b_flags, b_error and b_resid mean
 * something in the io probes only.
 */

/* b_flags */
inline int B_DONE = 0x0002;	/* the I/O is over (done, wait-done) */
inline int B_ERROR = 0x0004;	/* it failed: b_error says why */
inline int B_PAGEIO = 0x0010;	/* its data is in the page cache */
inline int B_PHYS = 0x0020;	/* its data is not (direct I/O, no data) */
inline int B_READ = 0x0040;	/* it reads (flushes count as reads) */
inline int B_WRITE = 0x0100;	/* it writes (discards too) */
inline int B_ASYNC = 0x0400;	/* not marked synchronous (REQ_SYNC) */

typedef struct bufinfo {
	int b_flags;		/* B_* */
	size_t b_bcount;	/* bytes */
	caddr_t b_addr;		/* 0: a request has no one buffer */
	uint64_t b_lblkno;	/* first 512-byte sector on the device */
	uint64_t b_blkno;	/* the same */
	size_t b_resid;		/* bytes not transferred (done) */
	size_t b_bufsize;	/* bytes, as b_bcount */
	caddr_t b_iodone;	/* the first bio's completion function */
	int b_error;		/* errno of a failed I/O (done, wait-done) */
	dev_t b_edev;		/* the device, major << 20 | minor */
} bufinfo_t;

typedef struct devinfo {
	int dev_major;		/* major number */
	int dev_minor;		/* minor number */
	int dev_instance;	/* 0: Linux numbers no driver instances */
	char dev_name[64];	/* the driver's module, as lsmod lists it;
				   a built-in driver's disk name */
	char dev_statname[64];	/* the device as lsblk names it: "loop0",
				   "vda1" */
	char dev_pathname[256];	/* "/dev/" and dev_statname */
} devinfo_t;

typedef struct fileinfo {
	char fi_name[256];	/* the file's name; "<none>" for no file */
	char fi_dirname[256];	/* its directory; "<unknown>" in io */
	char fi_pathname[256];	/* its path; "<unknown>" in io */
	int64_t fi_offset;	/* offset in the file; -1 for none */
	char fi_fs[32];		/* its file system type: "ext4" */
	char fi_mount[256];	/* where that is mounted; "<unknown>" in io */
	int fi_oflags;		/* open() flags (fds[]); 0 in io */
} fileinfo_t;

/* Parameter types of the inlines below (an inline's takes no '*'). */
typedef struct bio *_io_bio_t;
typedef struct page *_io_page_t;
typedef struct inode *_io_inode_t;
typedef struct request *_io_request_t;

/* b_flags of operation and flags @F (a request's or a bio's). */
inline int _io_opflags[uint32_t F] =
	((F & 1) ? B_WRITE : B_READ) | ((F & 0x800) ? 0 : B_ASYNC);

/* The page a bio's data starts in (0 without data). */
inline struct page *_io_page[_io_bio_t B] =
	B == 0 || B->bi_io_vec == 0 || B->bi_iter.bi_size == 0 ? 0 :
	B->bi_io_vec[B->bi_iter.bi_idx].bv_page;

/* A page's head page, when it is part of a larger folio. */
inline struct page *_io_head[_io_page_t P] =
	P == 0 ? 0 : (P->compound_head & 1) ?
	(struct page *)(P->compound_head - 1) : P;

/* The file (address_space) whose page cache page @H is, or 0. */
inline struct address_space *_io_mapping[_io_page_t H] =
	H == 0 || ((uintptr_t)H->mapping & 3) != 0 ? 0 : H->mapping;

/* The inode a bio's data belongs to, or 0. */
inline struct inode *_io_inode[_io_bio_t B] =
	_io_mapping[_io_head[_io_page[B]]] == 0 ? 0 :
	_io_mapping[_io_head[_io_page[B]]]->host;

/* A name of inode @I: its first dentry, or 0 (a block device's own). */
inline struct dentry *_io_dentry[_io_inode_t I] =
	I == 0 || I->i_dentry.first == 0 ? 0 :
	(struct dentry *)((uintptr_t)I->i_dentry.first -
	    offsetof(struct dentry, d_u));

/* The device of a request: its first bio's (a partition), else its disk. */
inline struct block_device *_io_bdev[_io_request_t R] =
	R->bio != 0 ? R->bio->bi_bdev : R->q->disk->part0;

translator bufinfo_t < struct bio *B > {
	b_flags = _io_opflags[B->bi_opf] |
	    (_io_mapping[_io_head[_io_page[B]]] != 0 ? B_PAGEIO : B_PHYS) |
	    (arg3 ? B_DONE : 0) | (arg4 ? B_ERROR : 0);
	b_bcount = B->bi_iter.bi_size;
	b_addr = 0;
	b_lblkno = B->bi_iter.bi_sector;
	b_blkno = B->bi_iter.bi_sector;
	b_resid = 0;
	b_bufsize = B->bi_iter.bi_size;
	b_iodone = (caddr_t)B->bi_end_io;
	b_error = arg4;
	b_edev = B->bi_bdev->bd_dev;
};

translator bufinfo_t < struct request *R > {
	b_flags = _io_opflags[R->cmd_flags] |
	    (_io_mapping[_io_head[_io_page[R->bio]]] != 0 ? B_PAGEIO : B_PHYS) |
	    (arg3 ? B_DONE : 0) | (arg4 ? B_ERROR : 0);
	b_bcount = R->__data_len;
	b_addr = 0;
	b_lblkno = R->__sector;
	b_blkno = R->__sector;
	b_resid = arg5;
	b_bufsize = R->__data_len;
	b_iodone = R->bio == 0 ? 0 : (caddr_t)R->bio->bi_end_io;
	b_error = arg4;
	b_edev = _io_bdev[R]->bd_dev;
};

translator devinfo_t < struct block_device *D > {
	dev_major = D->bd_dev >> 20;
	dev_minor = D->bd_dev & 0xfffff;
	dev_instance = 0;
	dev_name = D->bd_disk->fops->owner != 0 ?
	    stringof(D->bd_disk->fops->owner->name) :
	    stringof(D->bd_disk->disk_name);
	dev_statname = stringof(D->bd_device.kobj.name);
	dev_pathname = strjoin("/dev/", stringof(D->bd_device.kobj.name));
};

translator devinfo_t < struct bio *B > {
	dev_major = xlate < devinfo_t > (B->bi_bdev).dev_major;
	dev_minor = xlate < devinfo_t > (B->bi_bdev).dev_minor;
	dev_instance = 0;
	dev_name = xlate < devinfo_t > (B->bi_bdev).dev_name;
	dev_statname = xlate < devinfo_t > (B->bi_bdev).dev_statname;
	dev_pathname = xlate < devinfo_t > (B->bi_bdev).dev_pathname;
};

translator devinfo_t < struct request *R > {
	dev_major = xlate < devinfo_t > (_io_bdev[R]).dev_major;
	dev_minor = xlate < devinfo_t > (_io_bdev[R]).dev_minor;
	dev_instance = 0;
	dev_name = xlate < devinfo_t > (_io_bdev[R]).dev_name;
	dev_statname = xlate < devinfo_t > (_io_bdev[R]).dev_statname;
	dev_pathname = xlate < devinfo_t > (_io_bdev[R]).dev_pathname;
};

/*
 * The file of a bio: the inode of the page cache page its data starts
 * in, named by its first dentry.  The block layer keeps no mount, so
 * the path is unknown; a bio with no file behind it (a block device's
 * own page cache, direct I/O, metadata) is "<none>".  fi_offset is the
 * page's offset in the file (4 KiB pages) plus the data's in the page.
 */
translator fileinfo_t < struct bio *B > {
	fi_name = _io_dentry[_io_inode[B]] == 0 ? "<none>" :
	    stringof(_io_dentry[_io_inode[B]]->d_name.name);
	fi_dirname = _io_dentry[_io_inode[B]] == 0 ? "<none>" : "<unknown>";
	fi_pathname = _io_dentry[_io_inode[B]] == 0 ? "<none>" : "<unknown>";
	fi_offset = _io_inode[B] == 0 ? -1 :
	    (int64_t)(_io_head[_io_page[B]]->index +
	    ((uintptr_t)_io_page[B] - (uintptr_t)_io_head[_io_page[B]]) /
	    sizeof (struct page)) * 4096 +
	    B->bi_io_vec[B->bi_iter.bi_idx].bv_offset + B->bi_iter.bi_bvec_done;
	fi_fs = _io_inode[B] == 0 ? "<none>" :
	    stringof(_io_inode[B]->i_sb->s_type->name);
	fi_mount = _io_inode[B] == 0 ? "<none>" : "<unknown>";
	fi_oflags = 0;
};

translator fileinfo_t < struct request *R > {
	fi_name = xlate < fileinfo_t > (R->bio).fi_name;
	fi_dirname = xlate < fileinfo_t > (R->bio).fi_dirname;
	fi_pathname = xlate < fileinfo_t > (R->bio).fi_pathname;
	fi_offset = xlate < fileinfo_t > (R->bio).fi_offset;
	fi_fs = xlate < fileinfo_t > (R->bio).fi_fs;
	fi_mount = xlate < fileinfo_t > (R->bio).fi_mount;
	fi_oflags = 0;
};

/*
 * An open file.  fi_pathname is d_path()'s: the path from the current
 * process's root, or on another mount "fs:/path" inside it (docs/
 * subroutines.md).  fi_oflags is the file's f_flags: open()'s flags
 * less O_CREAT, O_EXCL, O_NOCTTY and O_TRUNC, with O_LARGEFILE.
 */
translator fileinfo_t < struct file *F > {
	fi_name = F == 0 ? "<none>" : stringof(F->f_path.dentry->d_name.name);
	fi_dirname = F == 0 ? "<none>" : dirname(d_path(&F->f_path));
	fi_pathname = F == 0 ? "<none>" : d_path(&F->f_path);
	fi_offset = F == 0 ? -1 : F->f_pos;
	fi_fs = F == 0 ? "<none>" :
	    stringof(F->f_path.mnt->mnt_sb->s_type->name);
	fi_mount = F == 0 ? "<none>" : "<unknown>";
	fi_oflags = F == 0 ? 0 : F->f_flags;
};

/*
 * fds[fd]: the file of descriptor fd of the current process, "<none>"
 * for one that is not open.
 */
inline fileinfo_t fds[int fd] = xlate < fileinfo_t > (
	fd >= 0 && curthread->files != 0 &&
	fd < curthread->files->fdt->max_fds ?
	curthread->files->fdt->fd[fd] : (struct file *)0);
