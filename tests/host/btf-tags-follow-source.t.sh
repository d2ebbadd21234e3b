#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# layer: core
# The BTF tags follow the module's source with no other edit: a copy of
# sample_kfuncs.c is built, one kfunc made unstable, one deprecated kfunc
# made a tombstone and one removal release changed in its record, and
# after `make` again the .ko's tags say so, read offline with kfunctool
# tags.
set -u
. "$(dirname "$0")/../../scripts/lib.sh"
b=$B
kdir=$b/linux
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp "$top/module/sample_kfuncs.c" "$top/module/compat.h" "$tmp/"
echo 'obj-m := sample_kfuncs.o' > "$tmp/Kbuild"
mkdir "$tmp/mods"

# tags: build the module, print the tags of the kfuncs the edit changes
tags() {
	make -s -C "$kdir" M="$tmp" modules > "$tmp/build.log" 2>&1 ||
		{ echo "module build failed:"; tail -n 20 "$tmp/build.log"; exit 1; }
	cp "$tmp/sample_kfuncs.ko" "$tmp/mods/" &&
	"$b/loader/kfunctool" tags --kernel-btf "$kdir/vmlinux" --modules-btf "$tmp/mods" \
		--module sample_kfuncs > "$tmp/tags" || { echo "kfunctool tags failed"; exit 1; }
	awk -F '\t' -v OFS='\t' '$1 ~ /^bpf_sample_(sum|sum32|mix8)$/ { print $1, $4, $5, $6, $7 }' \
		"$tmp/tags"
}

rc=0
diff -u - <(tags) <<'WANT' || { echo "as built from module/: tags differ"; rc=1; }
bpf_sample_mix8	deprecated	6.1	6.6	bpf_sample_mix
bpf_sample_sum	stable	-	-	-
bpf_sample_sum32	deprecated	6.1	6.4	bpf_sample_sum
WANT

sed -i -e 's/^BTF_ID_FLAGS(func, bpf_sample_sum, KF_STABLE)$/BTF_ID_FLAGS(func, bpf_sample_sum)/' \
	-e 's/^BTF_ID_FLAGS(func, bpf_sample_mix8, KF_DEPRECATED)$/BTF_ID_FLAGS(func, bpf_sample_mix8, KF_REMOVED)/' \
	-e 's/BTF_KFUNC_LIFECYCLE(bpf_sample_sum32, "6.1", "6.4",/BTF_KFUNC_LIFECYCLE(bpf_sample_sum32, "6.1", "6.5",/' \
	"$tmp/sample_kfuncs.c"
[ "$(diff "$top/module/sample_kfuncs.c" "$tmp/sample_kfuncs.c" | grep -c '^>')" = 3 ] ||
	{ echo "the edit did not change three lines of sample_kfuncs.c"; exit 1; }
diff -u - <(tags) <<'WANT' || { echo "after the edit and make: tags differ"; rc=1; }
bpf_sample_mix8	removed	6.1	6.6	bpf_sample_mix
bpf_sample_sum	unstable	-	-	-
bpf_sample_sum32	deprecated	6.1	6.5	bpf_sample_sum
WANT
[ $rc = 0 ] && echo "a tier, a tombstone and a record changed in the source, and in BTF after make"
exit $rc
