#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# layer: listing
# The listing's usage counter grows by exactly one per program loaded
# calling the kfunc, also when 4 processes load at once on 2 or more CPUs:
# no load goes uncounted. That shows no lost update from the loads' own
# paths, not that the increment is atomic: it is a few instructions among
# the milliseconds of a load, and two CPUs would rarely meet in it; the
# kernel's atomic64_inc() is what makes it so. A tombstone counts the
# loads it rejected.
# needs: smp
. /tests/lib.sh
obj=/bpf/tiers_syscall.bpf.o
loads() {	# PROG N: load and unload PROG N times
	kfunctool repeat $2 $obj $1 > /dev/null
}
rc=0

c0=$(count bpf_sample_sum)
[ -n "$c0" ] || { echo "bpf_sample_sum is not in $listing"; exit 1; }
loads stable_sum 10 || { echo "a sequential load failed"; exit 1; }
c1=$(count bpf_sample_sum)
echo "sequential: $c0 -> $c1 after 10 loads"
[ "$c1" = $((c0 + 10)) ] || rc=1

ncpu=$(nproc)
[ "$ncpu" -ge 2 ] || { echo "the guest has $ncpu CPU: no parallelism to test"; exit 1; }
for p in 1 2 3 4; do
	loads stable_sum 25 > /tmp/par$p.err 2>&1 &
done
wait
cat /tmp/par?.err
c2=$(count bpf_sample_sum)
echo "parallel on $ncpu CPUs: $c1 -> $c2 after 4 x 25 loads"
[ "$c2" = $((c1 + 100)) ] || rc=1

r0=$(count bpf_sample_legacy_mul)
for i in 1 2 3; do
	kfunctool load $obj removed_legacy_mul --pin /sys/fs/bpf/removed > /dev/null 2>&1 &&
		{ echo "the removed kfunc loaded"; rc=1; }
done
r1=$(count bpf_sample_legacy_mul)
echo "tombstone: $r0 -> $r1 after 3 rejected loads"
[ "$r1" = $((r0 + 3)) ] || rc=1
exit $rc
