#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Boot Debian's kernel KVER (or another: --kernel) in QEMU (TCG) with the host's / shared
# read-only over virtio-9p, run CMD chrooted in it (cwd = the build tree)
# and return CMD's exit status.  CMD's stdout and stderr land in the
# results directory and are echoed here as they come.  Then the guest's
# dmesg and taint are checked (scripts/vm/check-dmesg.sh).
#
# Usage: run.sh [--kver K] [--timeout SECS] [--results DIR] [--cwd DIR]
#               [--no-dmesg-check] [--quiet] [--icount] [--mttcg]
#               [--append ARGS]
#               [--kernel IMAGE --moddir DIR] -- CMD [ARG...]
# --kernel boots IMAGE instead of /boot/vmlinuz-K, and --moddir takes
# the kernel's modules from DIR instead of /lib/modules/K (the initramfs
# is built from it, and the guest sees it as /lib/modules/K): a kernel
# built here, such as make check-debug's (scripts/debug-kernel.sh).
# --kver must then name IMAGE's release.
# --icount boots one vCPU with QEMU's -icount shift=0,sleep=off: guest
# time advances 1 ns per instruction, so timings repeat across boots
# (for benchmarks; SMP is not possible then).  $VM_ICOUNT, if set,
# replaces "shift=0,sleep=off" (e.g. "shift=0,sleep=on,align=off").
# The guest's two vCPUs share one QEMU thread (-accel tcg,thread=single).
# With one thread per vCPU (MTTCG, --mttcg) QEMU 7.2 races with the
# kernel's live patching of its own text (jump labels, ftrace sites,
# behind every tracepoint or kprobe armed or disarmed): a vCPU goes on
# running code another vCPU has replaced, and the guest dies in "Oops:
# int3" or loops at the site (docs/testing.md, "The guest's CPUs").
# --mttcg is faster, for runs that can live with that.
# --append ARGS adds ARGS to the guest kernel's command line (repeatable),
# e.g. --append lockdown=integrity.
# Exit: CMD's status; 124 the guest hung (CMD killed a minute before
# SECS, or QEMU at SECS); 125 the guest gave no status (crashed, failed
# to boot); 1 CMD passed but dmesg is bad.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
tree=$(cd "$here/../.." && pwd)
kver=
limit=1800
res=
cwd=$tree
dmesg_check=1
quiet=0
cpus="-smp 2"
accel=tcg,thread=single
kernel=
moddir=
append=

usage() {
	sed -n 's/^# Usage: //p; s/^#  \{14\}/              /p' "$0" >&2
	exit 2
}
while [ $# -gt 0 ]; do
	case $1 in
	--kver) kver=$2; shift 2 ;;
	--timeout) limit=$2; shift 2 ;;
	--results) res=$2; shift 2 ;;
	--cwd) cwd=$(cd "$2" && pwd); shift 2 ;;
	--no-dmesg-check) dmesg_check=0; shift ;;
	--quiet) quiet=1; shift ;;
	--icount) accel=tcg; cpus="-smp 1 -icount ${VM_ICOUNT:-shift=0,sleep=off}"
		shift ;;
	--mttcg) accel=tcg,thread=multi; shift ;;
	--kernel) kernel=$2; shift 2 ;;
	--moddir) moddir=$(cd "$2" && pwd); shift 2 ;;
	--append) append="$append $2"; shift 2 ;;
	--) shift; break ;;
	*) usage ;;
	esac
done
[ $# -gt 0 ] || usage
[ -n "$kver" ] || kver=$("$tree/scripts/kver.sh")
[ -n "$kernel" ] || kernel=/boot/vmlinuz-$kver
[ -r "$kernel" ] || { echo "run.sh: cannot read $kernel" >&2; exit 2; }

initrd=$tree/.vm/initramfs-$kver.cpio.gz
"$here/initramfs.sh" "$kver" "$initrd" ${moddir:+"$moddir"}

if [ -z "$res" ]; then
	res=$(mktemp -d "${TMPDIR:-/tmp}/dtrace-vm.XXXXXX")
	keep_res=0
else
	mkdir -p "$res"
	res=$(cd "$res" && pwd)
	keep_res=1
fi
rm -f "$res"/{cmd,guest.conf,stdout,stderr,dmesg,tainted,kmemleak,status,guest-timeout,serial.log,qemu.log}
: >"$res/stdout"
: >"$res/stderr"
{
	printf 'cd %q || exit 125\nexec' "$cwd"
	printf ' %q' "$@"
	printf '\n'
} >"$res/cmd"
# The guest kills CMD a minute before we kill the guest, so that it can
# still write its dmesg.
glimit=$((limit > 120 ? limit - 60 : 0))
# guest.conf is read by busybox sh: quote cwd for it.
{
	echo "limit=$glimit"
	printf "cwd='%s'\n" "$(printf %s "$cwd" | sed "s/'/'\\\\''/g")"
	printf "moddir='%s'\n" "$(printf %s "$moddir" | sed "s/'/'\\\\''/g")"
} >"$res/guest.conf"

qpid=
tpids=
# shellcheck disable=SC2317 # run by the EXIT trap
cleanup() {
	if [ -n "$qpid" ]; then
		kill "$qpid" 2>/dev/null || true
		wait "$qpid" 2>/dev/null || true
	fi
	# shellcheck disable=SC2086
	[ -z "$tpids" ] || kill $tpids 2>/dev/null || true
	[ "$keep_res" -eq 1 ] || rm -rf "$res"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# no_timer_check: an emulated guest on a loaded host can miss the
# kernel's check that the IO-APIC timer ticks, and panics without it.
# shellcheck disable=SC2086 # $cpus is several words
timeout -k 10 "$limit" qemu-system-x86_64 \
	-accel "$accel" -cpu max $cpus -m 2G -no-reboot \
	-display none -monitor none -serial "file:$res/serial.log" -nic none \
	-kernel "$kernel" -initrd "$initrd" \
	-append "console=ttyS0 panic=-1 tsc=reliable mitigations=off no_timer_check$append" \
	-virtfs local,path=/,mount_tag=hostroot,security_model=none,readonly=on,multidevs=remap \
	-virtfs "local,path=$res,mount_tag=results,security_model=none,multidevs=remap" \
	</dev/null >"$res/qemu.log" 2>&1 &
qpid=$!
if [ "$quiet" -eq 0 ]; then
	tail -n +1 -f --pid="$qpid" "$res/stdout" &
	tpids=$!
	tail -n +1 -f --pid="$qpid" "$res/stderr" >&2 &
	tpids="$tpids $!"
fi
rc=0
wait "$qpid" || rc=$?
qpid=
# tail notices qemu's end within a second and prints what is left.
# shellcheck disable=SC2086
[ -z "$tpids" ] || wait $tpids 2>/dev/null || true
tpids=

show_serial() {
	echo "run.sh: qemu exit $rc; its messages:" >&2
	sed 's/^/  | /' "$res/qemu.log" >&2
	echo "run.sh: serial console (last 200 lines):" >&2
	tail -n 200 "$res/serial.log" | tr -d '\r' | sed 's/^/  | /' >&2
}
if [ "$rc" -eq 124 ] || [ "$rc" -eq 137 ]; then
	echo "run.sh: guest hung: killed after ${limit}s" >&2
	show_serial
	exit 124
fi
if [ ! -s "$res/status" ]; then
	echo "run.sh: guest gave no exit status (crashed or failed to boot)" >&2
	show_serial
	exit 125
fi
status=$(cat "$res/status")
if [ -e "$res/guest-timeout" ]; then
	echo "run.sh: guest hung: command killed after ${glimit}s" >&2
	sed 's/^/  | /' "$res/guest-timeout" >&2
	status=124
fi
if [ "$dmesg_check" -eq 1 ] && ! "$here/check-dmesg.sh" "$res"; then
	[ "$status" -ne 0 ] || status=1
fi
exit "$status"
