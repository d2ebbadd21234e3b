#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# layer: listing
# kfunctool audit from the build alone (make images: vmlinux and the .ko
# files, their BTF tags, no listing) gives every BPF object of bpf-progs/
# and the tree's selftest kfunc_call_test the verdict the running kernel's
# listing gives, and each kfunc the same tier and owner.
rc=0 n=0 k=0
kfuncs() {
	grep -o '"name": "[^"]*", "tier": "[^"]*", "registered": [a-z]*, "owner": "[^"]*"' "$1" |
		sed 's/, "registered": [a-z]*//'
}
for o in /bpf/*.bpf.o /offline/*.bpf.o; do
	name=$(basename $o .bpf.o)
	[ -f /offline/audit/$name.rc ] || { echo "$name: no offline audit"; rc=1; continue; }
	kfunctool audit --json $o > /tmp/audit.json 2> /tmp/err
	got=$? want=$(cat /offline/audit/$name.rc)
	[ "$got" = "$want" ] || { echo "$name: exit $got here, $want offline: $(cat /tmp/err)"; rc=1; }
	# "name tier owner" of each kfunc, in the object's order
	kfuncs /offline/audit/$name.json > /tmp/offline.kfuncs
	kfuncs /tmp/audit.json > /tmp/here.kfuncs
	diff /tmp/offline.kfuncs /tmp/here.kfuncs ||
		{ echo "$name: kfuncs differ (- offline, + here)"; rc=1; }
	n=$((n + 1)) k=$((k + $(wc -l < /tmp/here.kfuncs)))
done
[ $n -ge 14 ] && [ $k -ge $n ] || { echo "only $n objects, $k kfunc calls"; rc=1; }
[ $rc = 0 ] && echo "$n objects, $k kfuncs: the same verdicts, tiers and owners"
exit $rc
