// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target for the D compiler: every input is compiled as the
 * text of a D program (as with -s), with no /dev/dtrace (DTRACE_O_NODEV,
 * so probe descriptions match the fake probe table) and no kernel BTF
 * (DTRACE_BTF_PATH points nowhere, so runs do not depend on the machine
 * and stay fast).  A fresh handle per input keeps inputs independent:
 * declarations of one never leak into the next.  The only outcomes
 * allowed are a program or a compile error; a crash, a sanitizer report
 * or a leak is a finding.  A program compiled is also disassembled (the
 * -S path) and then freed.  scripts/fuzz.sh builds and runs it.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "dt_impl.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static FILE *devnull;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	setenv("DTRACE_BTF_PATH", "/nonexistent/vmlinux", 1);
	devnull = fopen("/dev/null", "w");
	return devnull ? 0 : -1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	dtrace_hdl_t *dtp;
	dtrace_prog_t *pgp;
	char *text;
	int err;

	text = malloc(size + 1);
	if (!text)
		return 0;
	memcpy(text, data, size);
	text[size] = '\0';

	dtp = dtrace_open(DTRACE_VERSION, DTRACE_O_NODEV, &err);
	if (dtp) {
		pgp = dtrace_program_strcompile(dtp, text, DTRACE_PROBESPEC_NAME,
						DTRACE_C_ZDEFS);
		if (pgp) {
			dtrace_program_dump(dtp, pgp, devnull);
			dt_program_free(pgp);
		}
		dtrace_close(dtp);
	}
	free(text);
	return 0;
}
