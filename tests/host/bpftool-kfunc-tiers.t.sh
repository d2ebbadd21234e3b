#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# needs: kver 6.12
# layer: core
# The tree's bpftool (the series' bpftool patch) writes each kfunc's tier
# into the prototypes of vmlinux.h: a deprecated kfunc's call warns and a
# removed one's does not compile, both naming the replacement; stable ones
# are marked; the opt-out macros let a program call them on purpose. A BTF
# without tier tags gives the vmlinux.h of the pristine tree's bpftool,
# byte for byte: the build's vmlinux, and this machine's own kernel BTF
# (a distribution's), read as a file.
set -u
. "$(dirname "$0")/../../scripts/lib.sh"
b=$B
bpftool=$b/tree-tools/bpftool
pristine=$b/tree-tools/pristine-bpftool
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
rc=0

"$bpftool" -B "$b/linux/vmlinux" btf dump file "$b/kmod/module/sample_kfuncs.ko" \
	format c > "$tmp/vmlinux.h" || { echo "bpftool failed on sample_kfuncs.ko"; exit 1; }
echo "sample_kfuncs' kfuncs in its vmlinux.h:"
grep '^extern .*bpf_sample_' "$tmp/vmlinux.h" | sed 's/^/  /'
for want in \
	'bpf_sample_sum(u64 a, u64 b) __weak __ksym __kfunc_stable;' \
	'bpf_sample_mix(u32 a, u32 b) __weak __ksym;' \
	'bpf_sample_sum32(u32 a, u32 b) __weak __ksym __kfunc_deprecated("bpf_sample_sum32 is deprecated since 6.1, removal planned for 6.4: use bpf_sample_sum");' \
	'bpf_sample_legacy_mul(u32 a, u32 b) __weak __ksym __kfunc_removed("bpf_sample_legacy_mul was removed in 6.1: use bpf_sample_mix");'; do
	grep -qF "$want" "$tmp/vmlinux.h" || { echo "missing: $want"; rc=1; }
done

# compile NAME CALL [CLANG-OPTION...]: a program calling CALL, against
# that vmlinux.h
compile() {
	local name=$1 call=$2
	shift 2
	printf '%s\n' '#include "vmlinux.h"' '#include <bpf/bpf_helpers.h>' \
		"SEC(\"syscall\") int p(void *ctx) { return $call; }" \
		'char _license[] SEC("license") = "GPL";' > "$tmp/$name.c"
	clang -g -O2 -target bpf -D__TARGET_ARCH_x86 -Wall "$@" -I"$tmp" -c "$tmp/$name.c" \
		-o "$tmp/$name.o" > "$tmp/$name.log" 2>&1
}
# expect NAME STATUS [PATTERN]: the compile's status, and a line of its
# output (without PATTERN: no output at all)
expect() {
	local got=0
	[ -s "$tmp/$1.o" ] || got=1
	if [ "$got" != "$2" ] ||
	   { [ $# = 3 ] && ! grep -q -- "$3" "$tmp/$1.log"; } ||
	   { [ $# = 2 ] && [ -s "$tmp/$1.log" ]; }; then
		echo "$1: status $got, wanted $2 and \"${3:-no output}\":"
		sed 's/^/  /' "$tmp/$1.log"; rc=1
	else
		echo "$1: status $got, ${3:+$(grep -o -- "$3.*" "$tmp/$1.log" | head -n 1)}"
	fi
}
compile deprecated 'bpf_sample_sum32(1, 2)'
expect deprecated 0 "warning: 'bpf_sample_sum32' is deprecated: bpf_sample_sum32 is deprecated since 6.1, removal planned for 6.4: use bpf_sample_sum"
compile removed 'bpf_sample_legacy_mul(1, 2)'
expect removed 1 "error: 'bpf_sample_legacy_mul' is unavailable: bpf_sample_legacy_mul was removed in 6.1: use bpf_sample_mix"
compile stable 'bpf_sample_sum(1, 2) + bpf_sample_mix(1, 2)'
expect stable 0
compile allowed 'bpf_sample_sum32(1, 2) + bpf_sample_legacy_mul(1, 2)' \
	-DBPF_KFUNC_ALLOW_DEPRECATED -DBPF_KFUNC_ALLOW_REMOVED
expect allowed 0

# No tier tags: what the pristine tree's bpftool writes
for btf in "$b/linux/vmlinux" /sys/kernel/btf/vmlinux; do
	[ -r "$btf" ] || continue
	"$bpftool" btf dump file "$btf" format c > "$tmp/new.h" &&
		"$pristine" btf dump file "$btf" format c > "$tmp/old.h" ||
		{ echo "bpftool failed on $btf"; rc=1; continue; }
	if cmp -s "$tmp/new.h" "$tmp/old.h"; then
		echo "$btf: vmlinux.h identical ($(wc -c < "$tmp/new.h") bytes," \
			"$(grep -c '^extern .*__ksym;$' "$tmp/new.h") kfunc prototypes)"
	else
		echo "$btf: vmlinux.h differs from the pristine bpftool's:"
		diff "$tmp/old.h" "$tmp/new.h" | head -n 10; rc=1
	fi
done
exit $rc
