#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# layer: listing
# The build writes the tiers into the module's BTF, which every user can
# read: as uid 65534, which cannot read the kernel's listing, kfunctool
# tags gives every kfunc of sample_kfuncs the tier and lifecycle record the
# listing gives it.
listing=/sys/kernel/debug/bpf/kfuncs
rc=0
if drop uid 65534 cat $listing > /dev/null 2>&1; then
	echo "uid 65534 can read the listing: this test would prove nothing"; rc=1
fi
# name owner btf_id tier since removal replacement, as kfunctool tags prints
awk -F '\t' -v OFS='\t' '$2 == "sample_kfuncs" { print $1, $2, $3, $5, $7, $8, $9 }' \
	$listing | sort > /tmp/want
[ "$(wc -l < /tmp/want)" -ge 8 ] || { echo "the listing has $(wc -l < /tmp/want) sample kfuncs"; rc=1; }
drop uid 65534 kfunctool tags --module sample_kfuncs > /tmp/tags 2> /tmp/err ||
	{ echo "kfunctool tags as uid 65534 failed: $(cat /tmp/err)"; rc=1; }
grep -v '^#' /tmp/tags | sort > /tmp/got
diff /tmp/want /tmp/got || { echo "BTF tags differ from the listing (- listing, + tags)"; rc=1; }
[ $rc = 0 ] && echo "uid 65534 read the tags of $(wc -l < /tmp/got) kfuncs"
exit $rc
