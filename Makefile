# SPDX-License-Identifier: GPL-2.0
#
# Top-level targets:
#   all              kernel modules and the dtrace command
#   modules          dtrace_core.ko and the provider modules, against KDIR
#   userland         userland/dtrace
#   install          modules under extra/dtrace/ + depmod, dtrace in $(SBINDIR)
#                    with its D library and man pages, the udev rule that
#                    keeps the devices root-only, the headers and symbol
#                    versions out-of-tree drivers and providers build
#                    against (docs/writing-a-provider.md)
#   modules_install  modules only (INSTALL_MOD_PATH=DIR installs under DIR)
#   deps             install build and VM dependencies from Debian's packages
#   check            deps, build, host unit tests, selftests in a QEMU guest
#   check-all-kernels  check for the default kernel and for the newest
#                    6.12 Debian has (scripts/check-all.sh)
#   check-debug      every selftest on a 6.1 kernel built here with lockdep,
#                    KASAN, atomic-sleep/preempt checks and kmemleak
#                    (scripts/check-debug.sh; over an hour the first time)
#   lint             checkpatch, kernel-doc, W=1, sparse, shellcheck, the
#                    host unit tests under ASan/UBSan (scripts/lint.sh)
#   check-dkms       dkms add/build/install/remove for each installed kernel
#   demo             deps, build, a D script in a QEMU guest
#   bench            deps, build, benchmarks in one QEMU boot (bench/run.sh)
#   conformance      deps, build, DTrace's own unit tests in a QEMU guest
#                    (scripts/conformance/run.sh; CATS=, J=, LIST=)
#   clean
#
# KDIR defaults to the headers of the running kernel, or, when those are
# not installed (a build machine, CI), to the newest Debian headers under
# /usr/src.  KVER is the release those headers are for (Debian's package
# name, as in /lib/modules/KVER).  "make check KVER=..." tests another
# installed kernel.

newest_headers = $(lastword $(sort $(patsubst %/Module.symvers,%,\
		 $(wildcard /usr/src/linux-headers-*/Module.symvers))))

KDIR ?= $(firstword $(wildcard /lib/modules/$(shell uname -r)/build) \
		    $(newest_headers))
KVER ?= $(patsubst linux-headers-%,%,$(notdir $(realpath $(KDIR))))

PREFIX ?= /usr
SBINDIR ?= $(PREFIX)/sbin
MANDIR ?= $(PREFIX)/share/man
KINCDIR ?= $(PREFIX)/include/dtrace-kernel
DATADIR ?= $(PREFIX)/share/dtrace
LIBDIR ?= $(PREFIX)/lib/dtrace
UDEVDIR ?= $(PREFIX)/lib/udev/rules.d

.PHONY: all modules userland install modules_install clean deps check \
	check-host check-all-kernels check-dkms check-debug lint demo \
	selftests bench conformance

all: modules userland

modules:
	@test -n "$(KDIR)" || { echo "no kernel headers found: set KDIR" >&2; exit 1; }
	$(MAKE) -C $(KDIR) M=$(CURDIR) modules

userland:
	$(MAKE) -C userland

selftests: all
	$(MAKE) -C selftests

modules_install: modules
	$(MAKE) -C $(KDIR) M=$(CURDIR) INSTALL_MOD_DIR=extra/dtrace \
		$(if $(INSTALL_MOD_PATH),INSTALL_MOD_PATH=$(INSTALL_MOD_PATH)) \
		modules_install
	depmod $(if $(INSTALL_MOD_PATH),-b $(INSTALL_MOD_PATH)) $(KVER)

install: modules_install userland
	install -D -m 0755 userland/dtrace $(DESTDIR)$(SBINDIR)/dtrace
	install -D -m 0644 -t $(DESTDIR)$(LIBDIR) userland/lib/*.d
	install -D -m 0644 -t $(DESTDIR)$(MANDIR)/man1 man/dtrace.1
	install -D -m 0644 -t $(DESTDIR)$(MANDIR)/man9 man/dtrace_provider.9
	install -D -m 0644 -t $(DESTDIR)$(UDEVDIR) scripts/60-dtrace.rules
	install -D -m 0644 -t $(DESTDIR)$(KINCDIR)/dtrace include/dtrace/*.h
	install -D -m 0644 -t $(DESTDIR)$(KINCDIR)/uapi/linux \
		include/uapi/linux/dtrace.h include/uapi/linux/dtrace_fasttrap.h
	install -D -m 0644 Module.symvers $(DESTDIR)$(DATADIR)/Module.symvers

clean:
	$(MAKE) -C $(KDIR) M=$(CURDIR) clean || true
	$(MAKE) -C userland clean
	$(MAKE) -C selftests clean

deps:
	scripts/deps.sh

check-host: userland
	$(MAKE) -C userland check

check: deps
	scripts/check.sh

check-all-kernels:
	scripts/check-all.sh

check-dkms: deps
	scripts/dkms-check.sh

check-debug: deps
	scripts/check-debug.sh

lint: deps
	scripts/lint.sh

demo: deps
	scripts/demo.sh

bench: deps
	bench/run.sh

conformance: deps
	scripts/conformance/run.sh
