#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# description: dtrace -l lists the four io probes with bufinfo_t, devinfo_t, fileinfo_t arguments; rmmod is refused while one is enabled
# requires: dtrace_io
#
# ASSERTION: modprobe dtrace_io loads dtrace_core and no other
# provider.  "dtrace -l -P io" lists exactly start, done, wait-start
# and wait-done, in module vmlinux; "dtrace -lv" gives each args[0..2]
# bufinfo_t *, devinfo_t *, fileinfo_t *.  While a consumer has
# io:::start enabled, rmmod dtrace_io fails and the module stays; once
# exits (its -c target killed), dtrace_io unloads, loads again and unloads again.
set -eu
. selftests/lib/dt.sh

dt_setup
dt_modprobe_alone dtrace_io
got=$(dt_list_probes io)
want=$(printf 'io vmlinux %s\n' start 'done' wait-start wait-done | sort)
[ "$got" = "$want" ] || {
	cat "$DT_TMP/l" >&2
	dt_fail "-l -P io lists '$got'"
}
for p in start 'done' wait-start wait-done; do
	timeout 120 "$DTRACE" -lv -n "io:::$p" >"$DT_TMP/v" 2>"$DT_TMP/err" ||
		dt_fail "dtrace -lv -n io:::$p: $(cat "$DT_TMP/err")"
	got=$(sed -n 's/^[[:space:]]*\(args\[[0-9]\]: .*\)$/\1/p' "$DT_TMP/v")
	[ "$got" = 'args[0]: bufinfo_t *
args[1]: devinfo_t *
args[2]: fileinfo_t *' ] || dt_fail "io:::$p types: $got"
done

"$DTRACE" -q -c "sleep 600" -n 'BEGIN { printf("%d\n", $target); }
	io:::start { n++; }' -o "$DT_TMP/out" 2>"$DT_TMP/err" &
DT_BG=$!
dt_wait 120 dt_has_lines "$DT_TMP/out" 1 ||
	dt_fail "dtrace not ready in 120 s: $(cat "$DT_TMP/err")"
dt_rmmod_busy dtrace_io
kill "$(head -n 1 "$DT_TMP/out")"
dt_wait_bg 120
dt_reload dtrace_io
exit 0
