# SPDX-License-Identifier: GPL-2.0
#
# stable-kfuncs: the interface. `make help` lists the targets.

KVER      ?= 6.1
# Everything of one kernel tree lives in patches/$(KVER) (docs/trees.md)
TREES := $(patsubst patches/%/series,%,$(wildcard patches/*/series))
ifeq ($(wildcard patches/$(KVER)/series patches/$(KVER)/tree.env),)
$(error KVER=$(KVER): no kernel tree patches/$(KVER) (trees: $(TREES)))
endif
# What else differs in the tree (shell assignments, read by scripts too)
include patches/$(KVER)/tree.env
BUILD_DIR ?= build
B         := $(abspath $(BUILD_DIR))/$(KVER)
KDIR      := $(B)/linux
TIMEOUT   ?= 900

# The series up to the last patch of one of its layers (qemu-boot/series):
# the kernel, and the tests of those layers only
LAYER     ?=
export KVER LAYER
# A relative BUILD_DIR given on the command line, too, as scripts run elsewhere
override BUILD_DIR := $(abspath $(BUILD_DIR))
export BUILD_DIR

PACKAGES := linux-source-$(KVER) gcc make git xz-utils bc flex bison \
	libssl-dev libelf-dev zlib1g-dev libzstd-dev dwarves clang llvm bpftool \
	libbpf-dev qemu-system-x86 busybox-static cpio file rsync python3-ply strace gnuplot-nox lz4 libclang-rt-14-dev

# Before the series' core layer (LAYER=fixes), no BTF has kfunc tags: the
# BPF objects, the kfunc header they include and the views made from the
# build alone all read them, and are neither built nor put in the guest.
HAS_CORE := $(filter core,$(shell KVER=$(KVER) LAYER=$(LAYER) qemu-boot/series --layers))

BPF_OBJS = $(if $(HAS_CORE),$(wildcard $(B)/bpf/*.bpf.o))
MODULES  = $(wildcard $(B)/kmod/module/*.ko $(B)/kmod/tests/modules/*.ko)

.PHONY: help deps kernel module bpf loader tools images run check check-debug \
	check-patches check-regress baseline abi-baseline fuzz-verifier bench bench-trace fuzz clean

help:
	@echo 'stable-kfuncs targets (KVER=$(KVER), BUILD_DIR=$(BUILD_DIR)):'
	@echo '  make deps           install the Debian packages the project needs'
	@echo '  make run            boot the patched kernel and show every tier at work'
	@echo '  make check          build what is stale, run host and guest tests'
	@echo '  make check-debug    make check on a KASAN/lockdep/UBSAN/kmemleak kernel'
	@echo '  make check-patches  checkpatch --strict and a build after each patch'
	@echo '  make check-regress  the tree'"'"'s test_verifier vs the pristine baseline'
	@echo '  make baseline       regenerate the pristine baselines (test_verifier,'
	@echo '                      the verifier oracle'"'"'s short run) from a pristine kernel'
	@echo '  make abi-baseline   write module/sample_kfuncs.abi, the kfunc ABI the'
	@echo '                      built sample module promises (after a release)'
	@echo '  make fuzz-verifier  the verifier oracle at length, SEEDS (1-3000), against'
	@echo '                      the pristine kernel and the tier rules'
	@echo '  make bench          the tiers'"'"' cost against the pristine kernel, under icount'
	@echo '  make bench-trace    where a registration'"'"'s and a load'"'"'s instructions go,'
	@echo '                      function by function, pristine against patched'
	@echo '  make fuzz           libFuzzer on kfunctool'"'"'s parsers, FUZZ_TIME s each (60)'
	@echo '  make kernel         extract, patch, configure and build the kernel'
	@echo '  make module bpf loader tools images'
	@echo '                      the sample modules, BPF objects, kfunctool, the'
	@echo '                      guest test tools, initramfs'
	@echo '  make clean          remove $(BUILD_DIR)/$(KVER) except the kernel tree'
	@echo 'Variables: KVER (a tree of patches/: $(TREES)), BUILD_DIR (build), JOBS, TIMEOUT (guest, s),'
	@echo '           QEMU_ACCEL (tcg; kvm on request), V=1 (verbose tests),'
	@echo '           BUILDS (check-patches: all, project, layers or none), SEEDS (fuzz-verifier),'
	@echo '           LAYER (the series up to that layer, and its tests: e.g.'
	@echo '           make check LAYER=core; qemu-boot/series --all lists them),'
	@echo '           KFLAVOR (a second config fragment), KBASE (a whole config'
	@echo '           to start from, e.g. a distribution'"'"'s; README)'

deps:
	@missing=$$(for p in $(PACKAGES); do \
		dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q 'ok installed' || echo $$p; \
	done); \
	[ -z "$$missing" ] && exit 0; \
	cmd="apt-get install -y --no-install-recommends $$(echo $$missing)"; \
	if [ "$$(id -u)" != 0 ]; then \
		echo "deps: missing packages; as root run: apt-get update && $$cmd" >&2; exit 1; \
	fi; \
	echo "[deps] installing: $$(echo $$missing)"; \
	apt-get update -q >/dev/null && DEBIAN_FRONTEND=noninteractive $$cmd >/dev/null

kernel: deps
	@qemu-boot/build-kernel

module: kernel
	@$(MAKE) -s --no-print-directory $(B)/kmod/.built

# Kbuild's own no-op pass over an external module takes seconds: skip it
# when neither the sources nor vmlinux changed.
$(B)/kmod/.built: Kbuild $(wildcard module/* tests/modules/*) $(KDIR)/vmlinux $(B)/host-tools/btf-edit \
		scripts/build-modules tests/build-fixtures tests/tools/ko-relink \
		tests/tools/btf-distill.c tests/tools/btf-raw.h
	@echo '[module] building (log: $(B)/module-build.log)' >&2
	@scripts/build-modules $(KDIR) $(B)/kmod $(B)/module-build.log Kbuild module tests/modules
	@tests/build-fixtures
	@touch $@

# Linked with the tree's own libbpf, the one its resolve_btfids is built with
LIBBPF_TREE = $(KDIR)/tools/bpf/resolve_btfids/libbpf
$(B)/host-tools/btf-distill: tests/tools/btf-distill.c tests/tools/btf-raw.h $(KDIR)/vmlinux
	@mkdir -p $(@D)
	@$(CC) -O2 -Wall -Wextra -Werror -I$(LIBBPF_TREE)/include -o $@ $< \
		$(LIBBPF_TREE)/libbpf.a -lelf -lz

$(B)/host-tools/%: tests/tools/%.c tests/tools/btf-raw.h
	@mkdir -p $(@D)
	@$(CC) -O2 -Wall -Wextra -Werror -o $@ $< -lbpf

# A series that patches bpftool (SERIES_PATCHES_TOOLS, tree.env; 6.12):
# the tree's own bpftool, whose vmlinux.h carries the tiers and writes the
# guest programs' vmlinux.h, and the pristine tree's, from the tarball's
# files (git archive of tag pristine), for what a BTF without tiers gave
# before; each with the libbpf of its tree inside. Otherwise (6.1)
# Debian's bpftool.
TREE_TOOLS = $(B)/tree-tools
ifeq ($(SERIES_PATCHES_TOOLS),1)
TREE_BPFTOOLS = $(TREE_TOOLS)/bpftool $(TREE_TOOLS)/pristine-bpftool
VMLINUX_H_BPFTOOL = $(TREE_TOOLS)/bpftool
else
VMLINUX_H_BPFTOOL = bpftool
endif

$(B)/vmlinux.h: $(KDIR)/vmlinux $(filter $(TREE_TOOLS)/bpftool,$(VMLINUX_H_BPFTOOL))
	@echo '[bpf] generating vmlinux.h' >&2
	@$(VMLINUX_H_BPFTOOL) btf dump file $< format c > $@.tmp && mv $@.tmp $@

tree_bpftool = $(MAKE) -s -C $(1)/tools/bpf/bpftool OUTPUT=$(2)/ \
	VMLINUX_BTF=$(KDIR)/vmlinux > $(2).log 2>&1 || \
	{ tail -n 20 $(2).log >&2; exit 1; }
$(TREE_TOOLS)/bpftool: $(KDIR)/vmlinux $(wildcard $(KDIR)/tools/bpf/bpftool/*.[ch] \
		$(KDIR)/tools/lib/bpf/*.[ch])
	@echo "[tools] building the tree's bpftool (log: $(TREE_TOOLS)/bpftool-build.log)" >&2
	@mkdir -p $(TREE_TOOLS)/bpftool-build
	@$(call tree_bpftool,$(KDIR),$(TREE_TOOLS)/bpftool-build)
	@cp $(TREE_TOOLS)/bpftool-build/bpftool $@
# Its sources never change: built once (the vmlinux only for its BTF)
$(TREE_TOOLS)/pristine-bpftool: | $(KDIR)/vmlinux
	@echo "[tools] building the pristine tree's bpftool" >&2
	@rm -rf $(TREE_TOOLS)/pristine-src && mkdir -p $(TREE_TOOLS)/pristine-src \
		$(TREE_TOOLS)/pristine-build
	@git -C $(KDIR) archive pristine tools kernel/bpf scripts/bpf_doc.py \
		include/uapi/linux/bpf.h | tar -x -C $(TREE_TOOLS)/pristine-src
	@$(call tree_bpftool,$(TREE_TOOLS)/pristine-src,$(TREE_TOOLS)/pristine-build)
	@cp $(TREE_TOOLS)/pristine-build/bpftool $@

# The sample module's kfunc prototypes, with their tiers, from its BTF:
# the programs are compiled against what the build wrote, not a copy.
$(B)/kfuncs.h: $(B)/kmod/module/sample_kfuncs.ko $(B)/loader/kfunctool
	@echo '[bpf] generating kfuncs.h' >&2
	@$(B)/loader/kfunctool gen-header --btf $< --base $(KDIR)/vmlinux -o $@

bpf: kernel module loader
ifneq ($(HAS_CORE),)
	@$(MAKE) -s --no-print-directory $(B)/vmlinux.h $(B)/kfuncs.h
	@$(MAKE) -s --no-print-directory -C bpf-progs OUT=$(B)/bpf VMLINUX_H=$(B)/vmlinux.h \
		KFUNCS_H=$(B)/kfuncs.h
else
	@echo '[bpf] none: the kernel has the series up to layer $(LAYER), before the core' >&2
endif

loader: deps
	@$(MAKE) -s --no-print-directory -C userspace-loader OUT=$(B)/loader

TOOLS = $(B)/tools/fail-nth $(B)/tools/drop $(B)/tools/verifier-oracle
ifeq ($(SERIES_PATCHES_TOOLS),1)
# linked with the tree's libbpf, whose tiers come with the core layer
TOOLS += $(if $(HAS_CORE),$(B)/tools/libbpf-tiers)
endif

tools: $(TOOLS) $(B)/host-tools/btf-edit $(TREE_BPFTOOLS)

# The verifier oracle (tests/oracle), with kfunctool's capability
# lowering and listing parser
ORACLE_SRCS = tests/oracle/gen.c tests/oracle/oracle.c userspace-loader/caps.c \
	userspace-loader/listing.c userspace-loader/tier.c userspace-loader/util.c
$(B)/tools/verifier-oracle: $(ORACLE_SRCS) tests/oracle/gen.h userspace-loader/caps.h \
		userspace-loader/listing.h userspace-loader/tier.h
	@mkdir -p $(@D)
	@$(CC) -O2 -Wall -Wextra -Werror -D_GNU_SOURCE -static -o $@ $(ORACLE_SRCS) \
		-lbpf -lelf -lz

# The tree's libbpf (SERIES_PATCHES_TOOLS; 6.12's libbpf patch), and a
# loader of tests/libbpf's objects linked with it
TREE_LIBBPF = $(TREE_TOOLS)/libbpf/libbpf.a
$(TREE_LIBBPF): $(KDIR)/vmlinux $(wildcard $(KDIR)/tools/lib/bpf/*.[ch])
	@echo "[tools] building the tree's libbpf (log: $(TREE_TOOLS)/libbpf.log)" >&2
	@mkdir -p $(@D)
	@$(MAKE) -s -C $(KDIR)/tools/lib/bpf OUTPUT=$(@D)/ > $(TREE_TOOLS)/libbpf.log 2>&1 || \
		{ tail -n 20 $(TREE_TOOLS)/libbpf.log >&2; exit 1; }
$(B)/tools/libbpf-tiers: tests/libbpf/loader.c $(TREE_LIBBPF)
	@mkdir -p $(@D)
	@$(CC) -O2 -Wall -Wextra -Werror -static -I$(KDIR)/tools/lib \
		-I$(KDIR)/tools/include/uapi -o $@ $< $(TREE_LIBBPF) -lelf -lz

$(B)/tools/%: tests/tools/%.c
	@mkdir -p $(@D)
	@$(CC) -O2 -Wall -Wextra -Werror -static -o $@ $<

# What the build alone gives (tests/build-offline). No $(BPF_OBJS) here:
# expanded while make reads this file, the wildcard would fill make's
# directory cache with $(B)/bpf before the objects exist, and every later
# $(BPF_OBJS), in the images recipe too, would be empty.
$(B)/offline/.built: $(B)/kmod/.built $(B)/loader/kfunctool $(B)/vmlinux.h $(B)/kfuncs.h \
		tests/build-offline tests/offline/call.bpf.c \
		$(wildcard bpf-progs/*.bpf.c bpf-progs/include/*.h tests/libbpf/*.bpf.c) \
		$(if $(TREE_BPFTOOLS),$(TREE_LIBBPF))
	@echo '[offline] header and audits from the build' >&2
	@tests/build-offline
	@touch $@

images: module bpf loader tools
	@$(if $(HAS_CORE),$(MAKE) -s --no-print-directory $(B)/offline/.built)
	@tests/build-selftests
	@qemu-boot/mkinitramfs -o $(B)/initramfs.cpio --tests tests/guest \
		$(if $(HAS_CORE),--offline $(B)/offline) \
		--selftests $(B)/selftests/guest --regress patches/$(KVER)/verifier-oracle.txt \
		--bin $(B)/loader/kfunctool $(foreach t,$(TOOLS),--bin $(t)) \
		$(foreach m,$(MODULES),--module $(m)) $(foreach o,$(BPF_OBJS),--bpf $(o))

run: images
	@qemu-boot/run-vm --timeout $(TIMEOUT) -- /tests/demo

check: images
	@tests/run-check

# The same suite on a kernel with the kernel's own checkers, in a build dir
# of its own: patches/$(KVER)/config/debug.config merged after kernel.config.
# KASAN's shadow and kmemleak's pool need more memory, and the guest runs
# about three times slower; the verifier oracle's loads ten times (40
# seeds of its 200).
check-debug: deps
	@$(MAKE) --no-print-directory check KFLAVOR=debug BUILD_DIR=$(BUILD_DIR)/debug \
		QEMU_MEM=1G TIMEOUT=2700 ORACLE_SEEDS=40

check-patches: deps
	@tests/check-patches

check-regress: kernel
	@tests/check-regress

baseline: images
	@tests/check-regress --baseline
	@tests/fuzz-verifier --baseline

# The sample module's kfunc ABI, which make check holds each build to
# (tests/host/abi-check.t.sh): rewritten by hand when a release ships
abi-baseline: module loader
	@$(B)/loader/kfunctool abi-dump --btf $(B)/kmod/module/sample_kfuncs.ko \
		--base $(KDIR)/vmlinux -o module/sample_kfuncs.abi
	@echo '[abi] written: module/sample_kfuncs.abi'

fuzz-verifier: images
	@tests/fuzz-verifier $(SEEDS)

bench: kernel bpf loader $(B)/host-tools/btf-edit
	@bench/run-bench

bench-trace: kernel bpf loader $(B)/host-tools/btf-edit
	@bench/run-bench --trace

fuzz: deps
	@$(MAKE) --no-print-directory -C userspace-loader/fuzz OUT=$(B) run

clean:
	rm -rf $(B)/kmod $(B)/bpf $(B)/loader $(B)/tools $(B)/host-tools $(B)/run-vm $(B)/vmlinux.h \
		$(B)/kfuncs.h $(B)/offline \
		$(B)/initramfs.cpio $(B)/check $(B)/bench $(B)/fuzz $(B)/fuzz-verifier
