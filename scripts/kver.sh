#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Print the kernel release the build and the VM use: $KVER if set, else
# the newest release that has both /boot/vmlinuz-REL and the headers'
# Module.symvers, PREEMPT_RT flavours left out (KVER= names one).
# Fails, saying why, when there is none.
set -eu

if [ -n "${KVER:-}" ]; then
	echo "$KVER"
	exit 0
fi
best=
for sym in /usr/src/linux-headers-*/Module.symvers; do
	[ -e "$sym" ] || continue
	rel=${sym#/usr/src/linux-headers-}
	rel=${rel%/Module.symvers}
	[ -e "/boot/vmlinuz-$rel" ] || continue
	case $rel in *-rt-*) continue ;; esac	# PREEMPT_RT: only when asked
	best="$best$rel
"
done
rel=$(printf '%s' "$best" | sort -V | tail -n 1)
if [ -z "$rel" ]; then
	echo "kver.sh: no kernel with both /boot/vmlinuz-REL and" \
	     "/usr/src/linux-headers-REL/Module.symvers; run scripts/deps.sh" >&2
	exit 1
fi
echo "$rel"
