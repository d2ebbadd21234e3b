#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# layer: core
# The build writes every kfunc's tier tags into BTF: in the built
# sample_kfuncs.ko, each kfunc has exactly the tags its set and lifecycle
# record say (Documentation/bpf/kfuncs.rst, "Tier tags in BTF"), and in
# vmlinux, kfuncs carry bpf_kfunc while kfree and, where MPTCP is built in,
# the fmod_ret target update_socket_protocol carry none.
set -u
. "$(dirname "$0")/../../scripts/lib.sh"
b=$B
vmlinux=$b/linux/vmlinux
ko=$b/kmod/module/sample_kfuncs.ko
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# tags FILE [BASE]: "FUNC TAG" for every decl tag on a FUNC, sorted
tags() {
	bpftool ${2:+-B "$2"} btf dump file "$1" | awk '
		$2 == "FUNC" { name[$1] = $3 }
		$2 == "DECL_TAG" && $5 == "component_idx=-1" {
			sub(/^type_id=/, "", $4); tag[n++] = "[" $4 "]" SUBSEP $3
		}
		END {
			for (i = 0; i < n; i++) {
				split(tag[i], p, SUBSEP)
				if (p[1] in name) print name[p[1]], p[2]
			}
		}' | tr -d "'" | sort
}

rc=0
tags "$ko" "$vmlinux" > "$tmp/ko" || { echo "bpftool failed on $ko"; exit 1; }
diff -u - "$tmp/ko" <<'WANT' || { echo "sample_kfuncs.ko: tags differ from its sets and records"; rc=1; }
bpf_sample_legacy_mul bpf_kfunc
bpf_sample_legacy_mul bpf_kfunc_removal:6.1
bpf_sample_legacy_mul bpf_kfunc_replacement:bpf_sample_mix
bpf_sample_legacy_mul bpf_kfunc_since:5.19
bpf_sample_legacy_mul bpf_kfunc_tier:removed
bpf_sample_mix bpf_kfunc
bpf_sample_mix8 bpf_kfunc
bpf_sample_mix8 bpf_kfunc_removal:6.6
bpf_sample_mix8 bpf_kfunc_replacement:bpf_sample_mix
bpf_sample_mix8 bpf_kfunc_since:6.1
bpf_sample_mix8 bpf_kfunc_tier:deprecated
bpf_sample_obj_acquire bpf_kfunc
bpf_sample_obj_acquire bpf_kfunc_tier:stable
bpf_sample_obj_release bpf_kfunc
bpf_sample_obj_release bpf_kfunc_tier:stable
bpf_sample_obj_value bpf_kfunc
bpf_sample_obj_value bpf_kfunc_tier:stable
bpf_sample_sum bpf_kfunc
bpf_sample_sum bpf_kfunc_tier:stable
bpf_sample_sum32 bpf_kfunc
bpf_sample_sum32 bpf_kfunc_removal:6.4
bpf_sample_sum32 bpf_kfunc_replacement:bpf_sample_sum
bpf_sample_sum32 bpf_kfunc_since:6.1
bpf_sample_sum32 bpf_kfunc_tier:deprecated
WANT

tags "$vmlinux" > "$tmp/vmlinux" || { echo "bpftool failed on $vmlinux"; exit 1; }
n=$(grep -c ' bpf_kfunc$' "$tmp/vmlinux")
echo "vmlinux: $n functions tagged bpf_kfunc"
# A kfunc of net/bpf/test_run.c in every tree, and a function that is no kfunc
grep -qx 'bpf_kfunc_call_test_release bpf_kfunc' "$tmp/vmlinux" ||
	{ echo "vmlinux: bpf_kfunc_call_test_release has no bpf_kfunc tag"; rc=1; }
grep -q '^kfree ' "$tmp/vmlinux" && { echo "vmlinux: kfree is tagged"; rc=1; }
# net/mptcp/bpf.c lists update_socket_protocol in a set8 of fmod_ret
# targets, which is no kfunc set
if grep -qx 'CONFIG_MPTCP=y' "$b/linux/.config"; then
	bpftool btf dump file "$vmlinux" | grep -q "FUNC 'update_socket_protocol'" ||
		{ echo "vmlinux: MPTCP is built in, but update_socket_protocol is not in BTF"; rc=1; }
	grep -q '^update_socket_protocol ' "$tmp/vmlinux" &&
		{ echo "vmlinux: update_socket_protocol, an fmod_ret target, is tagged"; rc=1; }
fi
grep -v ' bpf_kfunc$' "$tmp/vmlinux" && { echo "vmlinux: tier tags without tiered kfuncs"; rc=1; }
exit $rc
