#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: dtrace -l -P fbt lists the kernel's functions, not dtrace's
# requires: dtrace_fbt
#
# ASSERTION: the full listing finishes (within the test's timeout) with
# more than 20000 vmlinux functions, each with one entry and one return
# probe; vfs_read is there; what dtrace runs in probe context
# (copy_from_kernel_nofault, stack_trace_save) and dtrace's own modules
# are not.
set -eu
. selftests/lib/dt.sh

dt_setup
dt_modprobe dtrace_fbt || dt_fail "modprobe dtrace_fbt failed"
timeout 300 "$DTRACE" -l -P fbt >"$DT_TMP/out" 2>"$DT_TMP/err" ||
	dt_fail "dtrace -l -P fbt exited $?: $(cat "$DT_TMP/err")"
awk 'NR > 1 && ($2 != "fbt" || ($5 != "entry" && $5 != "return"))' \
	"$DT_TMP/out" | head -n 3 >"$DT_TMP/bad"
[ ! -s "$DT_TMP/bad" ] || dt_fail "unexpected rows: $(cat "$DT_TMP/bad")"
n=$(awk 'NR > 1 && $3 == "vmlinux" && $5 == "entry"' "$DT_TMP/out" | wc -l)
r=$(awk 'NR > 1 && $3 == "vmlinux" && $5 == "return"' "$DT_TMP/out" | wc -l)
[ "$n" -gt 20000 ] || dt_fail "only $n vmlinux entry probes"
[ "$n" -eq "$r" ] || dt_fail "$n entry probes but $r return probes"
grep -q ' fbt *vmlinux *vfs_read entry$' "$DT_TMP/out" ||
	dt_fail "fbt:vmlinux:vfs_read:entry not listed"
for f in copy_from_kernel_nofault stack_trace_save; do
	! grep -q " $f entry\$" "$DT_TMP/out" || dt_fail "$f is offered"
done
awk 'NR > 1 && $3 ~ /^dtrace_/ { exit 1 }' "$DT_TMP/out" ||
	dt_fail "a dtrace module's functions are offered"
exit 0
