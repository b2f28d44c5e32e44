#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Build the C triggers of a copy of the conformance suite in place:
# SUITE/test/triggers/NAME from NAME.c, with the flags the suite's own
# build gives each (its Build file); the usdt-* ones through our own
# "dtrace -h" (a header from NAME-prov.d) and "dtrace -G" (the object
# that carries the probes); and the two workloads of test/utils.  A
# trigger that does not build is reported and left out: the tests that
# need it fail, nothing else does.
#
# Usage: triggers.sh SUITE DTRACE     Exit: 0 (failures are reported)
set -u

suite=$1
dtrace=$2
dir=$suite/test/triggers
here=$(cd "$(dirname "$0")" && pwd)
cd "$dir" || exit 1

# Flags per trigger, as the suite builds them.
flags() {
	case $1 in
	proc-tst-sigwait) echo "-lrt" ;;
	proc-tst-omp) echo "-fopenmp" ;;
	proc-tst-pthread-exec|ustack-tst-mtspin) echo "-O0 -pthread" ;;
	readwholedir) echo "-fno-inline -fno-optimize-sibling-calls -Wl,--export-dynamic" ;;
	visible-constructor-32) echo "-m32 -s" ;;
	visible-constructor-static-unstripped) echo "-static" ;;
	visible-constructor-static) echo "-static -s" ;;
	visible-constructor) printf "%s\n" "-s" ;;
	libproc-sleeper-32) echo "-m32" ;;
	libproc-sleeper-pie) echo "-fPIE -pie" ;;
	libproc-sleeper-pie-32) echo "-m32 -fPIE -pie" ;;
	libproc-dlmadopen) echo "-fPIE -pie -Wl,-rpath,test/triggers -ldl -lpthread" ;;
	libproc-lookup-victim) echo "-Wl,-rpath,test/triggers -L. -l:libproc-lookup-victim-lib.so -ldl" ;;
	pid-tst-args1|pid-tst-fork|pid-tst-ret1|pid-tst-ret2|pid-tst-weak1|pid-tst-weak2|profile-tst-ufuncsort|ustack-tst-spin)
		echo "-O0" ;;
	ustack-tst-basic|ustack-tst-bigstack-spin)
		echo "-O0 -fno-inline -fno-omit-frame-pointer" ;;
	usdt-tst-special) echo "-fno-inline -O2" ;;
	*) echo "-O2" ;;
	esac
}

# the suite's build compiles with GNU extensions (scandir, strdup ...);
# include/ has the one header of DTrace's development files they use
cflags=-D_GNU_SOURCE
incl=-I$here/include
failed=
# Shared libraries first: some triggers link against them.
for lib in libproc-dlmlib libproc-lookup-victim-lib; do
	[ -e "$lib.c" ] || continue
	gcc -O2 -fPIC -shared -Wl,-soname,$lib.so.0 -o $lib.so.0.0.0 $lib.c &&
		ln -sf $lib.so.0.0.0 $lib.so.0 && ln -sf $lib.so.0 $lib.so ||
		failed="$failed $lib"
done
for src in *.c; do
	name=${src%.c}
	# a file whose whole text names another is a symbolic link that the
	# copy of the suite lost
	if [ "$(wc -l <"$src")" -le 1 ] && [ -f "$(cat "$src")" ]; then
		src=$(cat "$src")
	fi
	case $name in
	libproc-dlmlib|libproc-lookup-victim-lib) continue ;;
	# built against Oracle's libproc/libdtrace internals: not ours
	libproc-pldd|libproc-consistency|libproc-lookup-by-name|libproc-execing-bkpts)
		continue ;;
	esac
	# shellcheck disable=SC2046
	if [ -e "$name-prov.d" ]; then
		"$dtrace" -h -s "$name-prov.d" -o "$name-prov.h" &&
		gcc -c $(flags "$name") $cflags "$incl" -I. -o "$name.o" "$src" &&
		"$dtrace" -G -s "$name-prov.d" -o "$name-prov.o" "$name.o" &&
		gcc -o "$name" "$name.o" "$name-prov.o" $(flags "$name")
	else
		gcc $cflags "$incl" -I. -o "$name" "$src" $(flags "$name")
	fi >"$name.build.log" 2>&1 || failed="$failed $name"
done
# The workloads of test/utils that profile-n and cpc tests time and run.
for name in workload_kernel workload_user; do
	[ -e "../utils/$name.c" ] || continue
	gcc -O2 $cflags -o "../utils/$name" "../utils/$name.c" \
		>"../utils/$name.build.log" 2>&1 || failed="$failed ../utils/$name"
done
for f in $failed; do
	echo "triggers: $f did not build:"
	sed 's/^/  /' "$f.build.log" 2>/dev/null | head -n 5
done
exit 0
