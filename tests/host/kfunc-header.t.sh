#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# layer: core
# The header kfunctool gen-header writes from the build's BTF makes the
# compiler tell a program's author what the verifier will: a call to the
# deprecated kfunc warns with its record and fails under -Werror, a call to
# the removed kfunc does not compile and names the replacement, stable and
# unstable calls compile clean under -Wall -Werror, and the opt-out macros
# let a program call them on purpose. The header of every kfunc of vmlinux
# and the module compiles beside a bpftool vmlinux.h, also beside the kfunc
# prototypes newer bpftool puts into vmlinux.h.
set -u
. "$(dirname "$0")/../../scripts/lib.sh"
b=$B
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
rc=0

# build NAME [DEFINE...] < C body: compile a program calling kfuncs of
# kfuncs.h (the build's, sample_kfuncs only) with -Wall -Werror
build() {
	local name=$1; shift
	{
		for d in "$@"; do echo "#define $d"; done
		printf '#include "vmlinux.h"\n#include <bpf/bpf_helpers.h>\n#include "kfuncs.h"\n'
		printf 'char _license[] SEC("license") = "GPL";\n'
		cat
	} > "$tmp/$name.bpf.c"
	clang -g -O2 -target bpf -D__TARGET_ARCH_x86 -Wall -Werror -I"$b" \
		-c "$tmp/$name.bpf.c" -o "$tmp/$name.bpf.o" > "$tmp/$name.log" 2>&1
}

# refused NAME KFUNC MESSAGE: a call of KFUNC does not compile, and clang
# says MESSAGE
refused() {
	echo "SEC(\"syscall\") int p(void *ctx) { return $2(1, 2); }" | build "$1"
	[ $? != 0 ] || { echo "$1 call: compiled"; rc=1; }
	grep -qF "$3" "$tmp/$1.log" || { echo "$1 call: clang did not say \"$3\":"; cat "$tmp/$1.log"; rc=1; }
}
# under -Werror
refused deprecated bpf_sample_sum32 "'bpf_sample_sum32' is deprecated: bpf_sample_sum32 is deprecated since 6.1, removal planned for 6.4: use bpf_sample_sum [-Werror,-Wdeprecated-declarations]"
refused removed bpf_sample_legacy_mul "error: 'bpf_sample_legacy_mul' is unavailable: bpf_sample_legacy_mul was removed in 6.1: use bpf_sample_mix"

build clean <<'EOF2' || { echo "stable and unstable calls: not clean:"; cat "$tmp/clean.log"; rc=1; }
SEC("syscall") int p(void *ctx)
{
	struct bpf_sample_obj *obj = bpf_sample_obj_acquire(0);
	__u32 v = 0;

	if (obj) {
		v = bpf_sample_obj_value(obj);
		bpf_sample_obj_release(obj);
	}
	return bpf_sample_sum(v, 1) + bpf_sample_mix(1, 2);
}
EOF2
[ -s "$tmp/clean.log" ] && { echo "stable and unstable calls: compiler output:"; cat "$tmp/clean.log"; rc=1; }

build opt_out KFUNCS_ALLOW_DEPRECATED KFUNCS_ALLOW_REMOVED <<'EOF2' ||
SEC("syscall") int p(void *ctx) { return bpf_sample_sum32(1, 2) + bpf_sample_legacy_mul(1, 2); }
EOF2
	{ echo "opt-out macros: the calls do not compile:"; cat "$tmp/opt_out.log"; rc=1; }

# Every kfunc of vmlinux and sample_kfuncs, offline, beside vmlinux.h
"$b/loader/kfunctool" gen-header --kernel-btf "$b/linux/vmlinux" \
	--modules-btf "$b/kmod/module" --module vmlinux --module sample_kfuncs \
	-o "$tmp/all.h" || { echo "gen-header of vmlinux and sample_kfuncs failed"; rc=1; }
n=$(grep -c '__ksym' "$tmp/all.h")
{ printf '#include "vmlinux.h"\n#include "%s"\n' "$tmp/all.h"; } > "$tmp/all.c"
clang -g -O2 -target bpf -D__TARGET_ARCH_x86 -Wall -Werror -I"$b" -c "$tmp/all.c" \
	-o "$tmp/all.o" > "$tmp/all.log" 2>&1 ||
	{ echo "the header of $n kfuncs does not compile beside vmlinux.h:"; head -n 20 "$tmp/all.log"; rc=1; }
# bpftool from 6.11 on also writes vmlinux's kfuncs into vmlinux.h, each
# as "extern PROTO __weak __ksym;" (dump_btf_kfuncs()); this bpftool does
# not. The same declarations, made from the header's, must not conflict.
sed -n '/^\/\* vmlinux \*\//,/^\/\* module /s/^extern \(.*\) __ksym __kfunc_[a-z]*;$/extern \1 __weak __ksym;/p' \
	"$tmp/all.h" > "$tmp/upstream.h"
nv=$(wc -l < "$tmp/upstream.h")
printf '#include "vmlinux.h"\n#include <bpf/bpf_helpers.h>\n#include "%s"\n#include "%s"\n' \
	"$tmp/upstream.h" "$tmp/all.h" > "$tmp/both.c"
[ "$nv" -gt 0 ] && clang -g -O2 -target bpf -D__TARGET_ARCH_x86 -Wall -Werror -I"$b" \
	-c "$tmp/both.c" -o "$tmp/both.o" > "$tmp/both.log" 2>&1 ||
	{ echo "beside $nv upstream-style kfunc prototypes:"; head -n 20 "$tmp/both.log"; rc=1; }

# A module's BTF without the vmlinux it is split from: a clear error, no file
"$b/loader/kfunctool" gen-header --btf "$b/kmod/module/sample_kfuncs.ko" -o "$tmp/none.h" \
	2> "$tmp/err"
got=$?
[ $got = 8 ] && grep -q "needs its vmlinux as base" "$tmp/err" && [ ! -e "$tmp/none.h" ] ||
	{ echo "module BTF without --base: exit $got: $(cat "$tmp/err")"; rc=1; }
[ $rc = 0 ] && echo "warning, error, clean calls, opt-outs as documented; $n prototypes compile beside vmlinux.h and $nv upstream-style ones"
exit $rc
