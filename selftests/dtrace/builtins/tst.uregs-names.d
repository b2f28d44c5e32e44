/*
 * ASSERTION: uregs[] takes DTrace's x86-64 register names: the 32-bit
 * names (R_EAX ... R_EFL, R_ERR) are the same words as their 64-bit
 * ones, R_R0 and R_R1 are R_RAX and R_RBX, and the registers past the
 * user struct pt_regs (R_DS, R_ES, R_FS, R_GS, R_TRAPNO, indices 21 to
 * 25) read the thread's saved segment selectors, FS and GS bases and
 * last trap number instead of faulting.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet

BEGIN
{
	printf("%d %d %d %d %d %d %d %d %d %d %d\n", R_PC, R_SP, R_R0, R_R1,
	    R_EAX, R_EBX, R_ERR, R_DS, R_ES, R_GS, R_TRAPNO);
	printf("%d %d %d\n", uregs[R_EIP] == uregs[R_RIP],
	    uregs[R_ESP] == uregs[R_RSP],
	    uregs[R_FS] == curthread->thread.fsbase);
	printf("%d %d %d %d\n", uregs[R_DS] == curthread->thread.ds,
	    uregs[R_ES] == curthread->thread.es,
	    uregs[R_GS] == curthread->thread.gsbase,
	    uregs[R_TRAPNO] == curthread->thread.trap_nr);
	exit(0);
}
