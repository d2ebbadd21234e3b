#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# layer: listing
# A program counts once in the listing per deprecated kfunc it calls,
# wherever the calls are: a static subprogram, a global function, a
# bpf_loop() callback, or several of them with the main program. A call in
# a branch the verifier found dead does not count, also when a loader with
# CAP_BPF alone makes the verifier walk it as a speculative path.
. /tests/lib.sh
obj=/bpf/subprogs.bpf.o
rc=0
for prog in sub_static sub_global sub_loop_cb sub_many; do
	c0=$(count bpf_sample_sum32)
	kfunctool repeat 5 $obj $prog > /tmp/out 2>&1 ||
		{ echo "$prog: the loads failed"; cat /tmp/out; exit 1; }
	c1=$(count bpf_sample_sum32)
	echo "$prog: bpf_sample_sum32 $c0 -> $c1 after 5 loads"
	[ "$c1" = $((c0 + 5)) ] || rc=1
done

d0=$(count bpf_sample_sum32) s0=$(count bpf_sample_sum)
kfunctool repeat 5 $obj dead_branch > /tmp/out 2>&1 ||
	{ echo "dead_branch: the loads failed"; cat /tmp/out; exit 1; }
d1=$(count bpf_sample_sum32) s1=$(count bpf_sample_sum)
echo "dead_branch: bpf_sample_sum32 $d0 -> $d1, bpf_sample_sum $s0 -> $s1 after 5 loads"
[ "$d1" = "$d0" ] && [ "$s1" = $((s0 + 5)) ] || rc=1

spec=/bpf/speculative.bpf.o
d0=$(count bpf_sample_sum32) s0=$(count bpf_sample_sum) r0=$(count bpf_sample_legacy_mul)
kfunctool repeat --caps CAP_BPF 5 $spec spec_deprecated spec_removed > /tmp/out 2>&1 ||
	{ echo "speculative: the loads failed"; cat /tmp/out; exit 1; }
d1=$(count bpf_sample_sum32) s1=$(count bpf_sample_sum) r1=$(count bpf_sample_legacy_mul)
echo "speculative, CAP_BPF alone: bpf_sample_sum32 $d0 -> $d1," \
	"bpf_sample_legacy_mul $r0 -> $r1, bpf_sample_sum $s0 -> $s1 after 5 loads"
[ "$d1" = "$d0" ] && [ "$r1" = "$r0" ] && [ "$s1" = $((s0 + 5)) ] || rc=1
exit $rc
