/*
 * SPDX-License-Identifier: GPL-2.0
 *
 * The signal names D programs use with raise() and in predicates on
 * signal numbers (proc:::signal-send's args[2], ...), as DTrace's
 * library defines them, with Linux's numbers (x86-64, the generic
 * ones).  Compiled for the programs that use it (userland/libdtrace/dt_lib.c).
 */

inline int SIGHUP = 1;		/* hangup */
inline int SIGINT = 2;		/* interrupt (rubout) */
inline int SIGQUIT = 3;		/* quit (ASCII FS) */
inline int SIGILL = 4;		/* illegal instruction */
inline int SIGTRAP = 5;		/* trace trap */
inline int SIGABRT = 6;		/* abort() */
inline int SIGIOT = 6;		/* the same as SIGABRT */
inline int SIGBUS = 7;		/* bus error */
inline int SIGFPE = 8;		/* floating point exception */
inline int SIGKILL = 9;		/* kill (cannot be caught or ignored) */
inline int SIGUSR1 = 10;	/* user defined signal 1 */
inline int SIGSEGV = 11;	/* segmentation violation */
inline int SIGUSR2 = 12;	/* user defined signal 2 */
inline int SIGPIPE = 13;	/* write on a pipe with no one to read it */
inline int SIGALRM = 14;	/* alarm clock */
inline int SIGTERM = 15;	/* software termination */
inline int SIGSTKFLT = 16;	/* coprocessor stack fault */
inline int SIGCHLD = 17;	/* child status change */
inline int SIGCLD = 17;		/* the same as SIGCHLD */
inline int SIGCONT = 18;	/* stopped process continued */
inline int SIGSTOP = 19;	/* stop (cannot be caught or ignored) */
inline int SIGTSTP = 20;	/* user stop requested from tty */
inline int SIGTTIN = 21;	/* background tty read attempted */
inline int SIGTTOU = 22;	/* background tty write attempted */
inline int SIGURG = 23;		/* urgent socket condition */
inline int SIGXCPU = 24;	/* exceeded cpu limit */
inline int SIGXFSZ = 25;	/* exceeded file size limit */
inline int SIGVTALRM = 26;	/* virtual timer expired */
inline int SIGPROF = 27;	/* profiling timer expired */
inline int SIGWINCH = 28;	/* window size change */
inline int SIGIO = 29;		/* socket I/O possible */
inline int SIGPOLL = 29;	/* the same as SIGIO */
inline int SIGPWR = 30;		/* power fail restart */
inline int SIGSYS = 31;		/* bad argument to a system call */
inline int SIGRTMIN = 32;	/* first real-time signal, the kernel's (libc keeps two) */
inline int SIGRTMAX = 64;	/* last real-time signal */
