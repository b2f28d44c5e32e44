/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The stable D_* tags of compile diagnostics.  Tests match on them (with
 * -x errtags, and err.D_TAG.*.d file names), so a tag, once given, keeps
 * its meaning; new ones are added at the end of a group.
 */
#ifndef _DT_ERRTAGS_H
#define _DT_ERRTAGS_H

#define DT_ERRTAGS(X)			\
	X(D_UNKNOWN)			\
	X(D_SYNTAX)			\
	X(D_EMPTY)			\
	X(D_UNSUPPORTED)		\
	X(D_NOMEM)			\
	X(D_CHR_NL)			\
	X(D_CHR_NULL)			\
	X(D_CHR_TOOLONG)		\
	X(D_STR_NL)			\
	X(D_COMM_EOF)			\
	X(D_INT_OFLOW)			\
	X(D_INT_DIGIT)			\
	X(D_INT_SUFFIX)			\
	X(D_PRAGMA_MALFORM)		\
	X(D_PRAGMA_INVAL)		\
	X(D_PRAGMA_OPTSET)		\
	X(D_PDESC_INVAL)		\
	X(D_PDESC_ZERO)			\
	X(D_IDENT_UNDEF)		\
	X(D_OP_INCOMPAT)		\
	X(D_OP_ARITH)			\
	X(D_OP_INT)			\
	X(D_OP_SCALAR)			\
	X(D_OP_VOID)			\
	X(D_DIV_ZERO)			\
	X(D_PRED_SCALAR)		\
	X(D_PROTO_LEN)			\
	X(D_PROTO_ARG)			\
	X(D_PRINTF_FMT)			\
	X(D_PRINTF_CONV)		\
	X(D_PRINTF_ARG_PROTO)		\
	X(D_PRINTF_ARG_EXTRA)		\
	X(D_PRINTF_ARG_TYPE)		\
	X(D_NOREG)			\
	X(D_DIF_LIMIT)			\
	X(D_REC_LIMIT)

enum dt_errtag {
#define DT_ERRTAG_ENUM(t) t,
	DT_ERRTAGS(DT_ERRTAG_ENUM)
#undef DT_ERRTAG_ENUM
	D_NTAGS
};

const char *dt_errtag_name(enum dt_errtag tag);

#endif /* _DT_ERRTAGS_H */
