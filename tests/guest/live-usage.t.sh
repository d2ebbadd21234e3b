#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# layer: listing
# The listing's loaded column counts the programs calling a kfunc that are
# loaded now: two pinned programs make 2, and unpinning one brings it back
# to 1 once the kernel freed it, while count, the loads ever, stays.
# kfunctool list shows the column in its table and its JSON.
. /tests/lib.sh
obj=/bpf/tiers_syscall.bpf.o
wait_loaded() {	# wait_loaded N: up to 10 s for the free to happen
	i=0
	while [ "$(col bpf_sample_sum 11)" != "$1" ] && [ $i -lt 100 ]; do
		sleep 0.1; i=$((i + 1))
	done
	[ "$(col bpf_sample_sum 11)" = "$1" ]
}
rc=0
l0=$(col bpf_sample_sum 11)
c0=$(col bpf_sample_sum 10)
[ -n "$l0" ] || { echo "bpf_sample_sum has no loaded column"; exit 1; }
for p in live1 live2; do
	kfunctool load $obj stable_sum --pin /sys/fs/bpf/$p > /dev/null || exit 1
done
l1=$(col bpf_sample_sum 11)
c1=$(col bpf_sample_sum 10)
echo "two pinned: loaded $l0 -> $l1, count $c0 -> $c1"
[ "$l1" = $((l0 + 2)) ] && [ "$c1" = $((c0 + 2)) ] || rc=1

got=$(kfunctool list --module sample_kfuncs | awk '$1 == "bpf_sample_sum" { print $5 }')
[ "$got" = "$l1" ] || { echo "kfunctool list LOADED column: '$got', want $l1"; rc=1; }
kfunctool list --json --module sample_kfuncs |
	grep -q "\"name\": \"bpf_sample_sum\",.*\"count\": $c1, \"loaded\": $l1}" ||
	{ echo "kfunctool list --json lacks count $c1, loaded $l1 for bpf_sample_sum"; rc=1; }

rm /sys/fs/bpf/live1
if wait_loaded $((l0 + 1)); then
	echo "one unpinned: loaded $(col bpf_sample_sum 11), count $(col bpf_sample_sum 10)"
else
	echo "one unpinned: loaded is still $(col bpf_sample_sum 11) after 10 s, want $((l0 + 1))"; rc=1
fi
[ "$(col bpf_sample_sum 10)" = "$c1" ] || { echo "count changed to $(col bpf_sample_sum 10)"; rc=1; }
rm /sys/fs/bpf/live2
wait_loaded "$l0" || { echo "both unpinned: loaded is $(col bpf_sample_sum 11), want $l0"; rc=1; }
exit $rc
