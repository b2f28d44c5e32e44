/* SPDX-License-Identifier: GPL-2.0 */
/*
 * USDT_NOTE(): a probe site and its .note.stapsdt note, written out by
 * hand in the format <sys/sdt.h> emits, for the test programs in
 * selftests/progs/ (not dtrace -h, which has its own test): so that they
 * test the reading of notes alone.  Use it as the template of an asm
 * statement whose operands the ARGS string names ("-4@%0 8@%1"); SEMA
 * is the semaphore's symbol, or "0" for none.
 */
#ifndef _SELFTESTS_USDT_NOTE_H
#define _SELFTESTS_USDT_NOTE_H

#define USDT_NOTE(provider, name, sema, args)				\
	"990:	nop\n"							\
	".pushsection .note.stapsdt,\"?\",\"note\"\n"			\
	".balign 4\n"							\
	".4byte 992f-991f, 994f-993f, 3\n"				\
	"991:	.asciz \"stapsdt\"\n"					\
	"992:	.balign 4\n"						\
	"993:	.8byte 990b\n"						\
	".8byte _.stapsdt.base\n"					\
	".8byte " sema "\n"						\
	".asciz \"" provider "\"\n"					\
	".asciz \"" name "\"\n"						\
	".asciz \"" args "\"\n"						\
	"994:	.balign 4\n"						\
	".popsection\n"							\
	".ifndef _.stapsdt.base\n"					\
	".pushsection .stapsdt.base,\"aG\",\"progbits\",.stapsdt.base,comdat\n" \
	".weak _.stapsdt.base\n"					\
	".hidden _.stapsdt.base\n"					\
	"_.stapsdt.base: .space 1\n"					\
	".size _.stapsdt.base, 1\n"					\
	".popsection\n"							\
	".endif\n"

#endif /* _SELFTESTS_USDT_NOTE_H */
