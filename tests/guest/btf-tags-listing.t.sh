#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The kernel's listing and the BTF tags agree on every kfunc of vmlinux and
# of sample_kfuncs: the same kfuncs, each with the same BTF id, tier and
# lifecycle record. The kernel compares the two when it registers a set;
# this reads both back, from debugfs and from /sys/kernel/btf.
listing=/sys/kernel/debug/bpf/kfuncs
rc=0
awk -F '\t' -v OFS='\t' '!/^#/ && ($2 == "vmlinux" || $2 == "sample_kfuncs") {
	print $1, $2, $3, $5, $7, $8, $9 }' $listing | sort > /tmp/want
kfunctool tags > /tmp/tags 2> /tmp/err || { echo "kfunctool tags failed: $(cat /tmp/err)"; rc=1; }
awk -F '\t' '!/^#/ && ($2 == "vmlinux" || $2 == "sample_kfuncs")' /tmp/tags | sort > /tmp/got
for owner in vmlinux sample_kfuncs; do
	grep -q "	$owner	" /tmp/want || { echo "the listing has no kfunc of $owner"; rc=1; }
done
diff /tmp/want /tmp/got || { echo "BTF tags differ from the listing (- listing, + tags)"; rc=1; }
echo "$(wc -l < /tmp/got) kfuncs: $(cut -f 4 /tmp/got | sort | uniq -c | tr -s ' \n' ' ')"
exit $rc
