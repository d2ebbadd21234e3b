#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# layer: listing
# The kernel's listing and the BTF tags agree on every kfunc of vmlinux and
# of sample_kfuncs: the same kfuncs, each with the same BTF id, tier and
# lifecycle record. The kernel compares the two when it registers a set;
# this reads both back, from debugfs and from /sys/kernel/btf.
# Functions registered only as targets of fmod_ret programs
# (register_btf_fmodret_id_set(), hook "fmodret") are listed too: the
# build tags those of a kfunc set (BTF_KFUNCS_START, as net/bpf/test_run.c
# declares its fmod_ret set, and pahole tags them alike) and no others:
# with MPTCP built in (the 6.12 config), update_socket_protocol, of a
# plain set8, must have no tag.
listing=/sys/kernel/debug/bpf/kfuncs
rc=0
awk -F '\t' '!/^#/ && $4 == "fmodret" { print $1 }' $listing | sort > /tmp/fmodret
awk -F '\t' -v OFS='\t' '!/^#/ && ($2 == "vmlinux" || $2 == "sample_kfuncs") && $4 != "fmodret" {
	print $1, $2, $3, $5, $7, $8, $9 }' $listing | sort > /tmp/want
kfunctool tags > /tmp/tags 2> /tmp/err || { echo "kfunctool tags failed: $(cat /tmp/err)"; rc=1; }
awk -F '\t' 'FILENAME == ARGV[1] { fmodret[$1] = 1; next }
	!/^#/ && ($2 == "vmlinux" || $2 == "sample_kfuncs") && !($1 in fmodret)' \
	/tmp/fmodret /tmp/tags | sort > /tmp/got
for owner in vmlinux sample_kfuncs; do
	grep -q "	$owner	" /tmp/want || { echo "the listing has no kfunc of $owner"; rc=1; }
done
diff /tmp/want /tmp/got || { echo "BTF tags differ from the listing (- listing, + tags)"; rc=1; }
echo "$(wc -l < /tmp/got) kfuncs: $(cut -f 4 /tmp/got | sort | uniq -c | tr -s ' \n' ' ')"
echo "fmod_ret targets alone: $(tr '\n' ' ' < /tmp/fmodret)"
echo "of them tagged, from kfunc sets: $(cut -f 1 /tmp/tags | grep -x -F -f /tmp/fmodret | tr '\n' ' ')"

if grep -q ' update_socket_protocol$' /proc/kallsyms; then
	grep -qx update_socket_protocol /tmp/fmodret ||
		{ echo "update_socket_protocol is not listed as an fmod_ret target alone"; rc=1; }
	cut -f 1 /tmp/tags | grep -qx update_socket_protocol &&
		{ echo "update_socket_protocol, of a set8 that is no kfunc set, has kfunc tags"; rc=1; }
fi
exit $rc
