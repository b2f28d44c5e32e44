#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# In the test guest, as root, from the top of the tree: load every
# dtrace module of MODROOT, copy the prepared suite (SUITE, its triggers
# built) to a writable scratch folder, make "dtrace" the command the
# tests find (PATH, and /usr/sbin/dtrace through an overlay, since some
# scripts name it), run the conformance runner with the arguments given
# after "--", and unload the modules again.  The runner's JSON and the
# failures' logs go to OUT.  With ALONE set to a list of tests, those of
# them that failed run a second time, one at a time (below).
#
# Usage: guest.sh SUITE RUNNER OUT -- RUNNER-ARGS...
set -eu

suite=$1
runner=$2
out=$3
shift 4
top=$(pwd)
modroot=${MODROOT:-$top/.vm/modroot-$(uname -r)}

for ko in $(find "$modroot" -name 'dtrace_*.ko*' | sed 's,.*/,,; s,\.ko.*,,' | sort); do
	modprobe -d "$modroot" "$ko" || echo "guest: $ko did not load" >&2
done

work=/tmp/conformance
rm -rf "$work"
mkdir -p "$work" "$out"
cp -a "$suite" "$work/dtu"

bin=$work/bin
mkdir -p "$bin"
ln -s "$top/userland/dtrace" "$bin/dtrace"
modprobe overlay 2>/dev/null || true
if mkdir -p "$work/sbin-up" "$work/sbin-work" &&
   mount -t overlay overlay \
	-o "lowerdir=/usr/sbin,upperdir=$work/sbin-up,workdir=$work/sbin-work" \
	/usr/sbin 2>/dev/null; then
	printf '#!/bin/sh\nexec %s "$@"\n' "$top/userland/dtrace" >/usr/sbin/dtrace
	chmod 755 /usr/sbin/dtrace
	sbin=1
else
	echo "guest: no overlay on /usr/sbin: scripts that name /usr/sbin/dtrace fail" >&2
	sbin=0
fi

st=0
cd "$work/dtu"
PATH=$bin:$PATH python3 "$runner" run --dtrace "$top/userland/dtrace" \
	--tests "$work/dtu" --json "$out/results.json" --logdir "$out/logs" \
	"$@" || st=$?

# The suite's tests were written to run one at a time, and some watch the
# whole system (any exec, any rename): run side by side, one can see
# another's processes.  With ALONE (a list of tests), those of the list
# that failed run again, one at a time; results.py counts the second run
# and says what the first saw.  At most 40: more is a real regression.
if [ -n "${ALONE:-}" ] && [ -s "$out/results.json" ]; then
	python3 "$top/scripts/conformance/results.py" failed \
		"$out/results.json" "$ALONE" >"$work/alone.txt"
	n=$(wc -l <"$work/alone.txt")
	if [ "$n" -gt 0 ] && [ "$n" -le 40 ]; then
		PATH=$bin:$PATH python3 "$runner" run \
			--dtrace "$top/userland/dtrace" --tests "$work/dtu" \
			--json "$out/alone.json" --logdir "$out/logs-alone" \
			-j 1 -q --list "$work/alone.txt" --ignore-unselected ||
			true
	fi
fi
cd "$top"

[ "$sbin" -eq 0 ] || umount /usr/sbin
for m in $(lsmod | awk '$1 ~ /^dtrace_/ && $1 != "dtrace_core" { print $1 }'); do
	rmmod "$m" 2>/dev/null || true
done
rmmod dtrace_core 2>/dev/null || true
exit $st
