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
	X(D_REC_LIMIT)			\
	X(D_MACRO_UNDEF)		\
	X(D_MACRO_UNUSED)		\
	X(D_PRAGMA_DEPEND)		\
	X(D_DECL_USELESS)		\
	X(D_DECL_COMBO)			\
	X(D_DECL_TYPE)			\
	X(D_DECL_IDRED)			\
	X(D_DECL_VOIDOBJ)		\
	X(D_DECL_ARRSUB)		\
	X(D_DECL_ARRNULL)		\
	X(D_DECL_BFTYPE)		\
	X(D_DECL_BFSIZE)		\
	X(D_DECL_SCOPE)			\
	X(D_DECL_LOCASSC)		\
	X(D_DECL_INCOMPLETE)		\
	X(D_DECL_DYNOBJ)		\
	X(D_TYPE_ERR)			\
	X(D_TYPE_REDEF)			\
	X(D_UNKNOWN_TYPE)		\
	X(D_ENUM_DUP)			\
	X(D_ENUM_OFLOW)			\
	X(D_SOU_DUP)			\
	X(D_IDENT_BADREF)		\
	X(D_IDENT_UNFUNC)		\
	X(D_VAR_UNDEF)			\
	X(D_VAR_UNSUP)			\
	X(D_ASSOC_TYPE)			\
	X(D_ASSOC_PROTO)		\
	X(D_ASSOC_SCALAR)		\
	X(D_ARR_BADREF)			\
	X(D_ARR_BOUNDS)			\
	X(D_OP_LVAL)			\
	X(D_OP_WRITE)			\
	X(D_OP_SOU)			\
	X(D_OP_PTR)			\
	X(D_OP_DYN)			\
	X(D_OP_ACT)			\
	X(D_OP_INCOMPAT_STR)		\
	X(D_ADDROF_VAR)			\
	X(D_ADDROF_BITFIELD)		\
	X(D_DEREF_NONPTR)		\
	X(D_DEREF_VOID)			\
	X(D_DEREF_FUNC)			\
	X(D_MEMBER_NAME)		\
	X(D_MEMBER_SOU)			\
	X(D_CAST_INVAL)			\
	X(D_SIZEOF_TYPE)		\
	X(D_SIZEOF_BITFIELD)		\
	X(D_OFFSETOF_TYPE)		\
	X(D_OFFSETOF_BITFIELD)		\
	X(D_STRINGOF_TYPE)		\
	X(D_XLATE_NONE)			\
	X(D_XLATE_REDECL)		\
	X(D_XLATE_MEMB)			\
	X(D_XLATE_SOU)			\
	X(D_XLATE_INCOMPAT)		\
	X(D_PROTO_TYPE)			\
	X(D_ACT_SPEC)			\
	X(D_ACT_INVAL)			\
	X(D_ACT_DESTR)			\
	X(D_ACT_PANIC)			\
	X(D_STACK_PROTO)		\
	X(D_STACK_SIZE)			\
	X(D_USTACK_PROTO)		\
	X(D_TRACE_VOID)			\
	X(D_TRACE_DYN)			\
	X(D_TRACEMEM_ADDR)		\
	X(D_PRINT_VOID)			\
	X(D_EXIT_ARG)			\
	X(D_AGG_UNSUP)			\
	X(D_CPP)			\
	X(D_ARGS_IDX)			\
	X(D_ARGS_TYPE)			\
	X(D_SELF_PRED)			\
	X(D_STR_CONCAT)

enum dt_errtag {
#define DT_ERRTAG_ENUM(t) t,
	DT_ERRTAGS(DT_ERRTAG_ENUM)
#undef DT_ERRTAG_ENUM
	D_NTAGS
};

const char *dt_errtag_name(enum dt_errtag tag);

#endif /* _DT_ERRTAGS_H */
