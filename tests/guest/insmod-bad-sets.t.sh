#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Sets that break the tier rules are refused with EINVAL and a kernel log
# line saying why, and leave nothing registered: KF_STABLE with
# KF_DEPRECATED; an id that is no function of the module's BTF (past its
# end, 0, a struct, a function of vmlinux); and a kfunc registered again
# for another program type in another tier or with another record, which
# gives it two values for one BTF tag and is refused at the first
# registration; a kfunc with a tier listed twice in one set, whose record
# and tags would reach one of its entries.
ko=/lib/modules/stable-kfuncs/sample_bad_sets.ko
rc=0
while read -r bad want; do
	dmesg -c > /dev/null
	if insmod $ko bad=$bad 2> /tmp/err; then
		echo "bad=$bad: insmod succeeded"; rmmod sample_bad_sets; rc=1; continue
	fi
	grep -q 'Invalid argument' /tmp/err ||
		{ echo "bad=$bad: want EINVAL, got: $(cat /tmp/err)"; rc=1; }
	dmesg | grep -q "$want" ||
		{ echo "bad=$bad: no kernel log line '$want':"; dmesg | tail -n 5; rc=1; }
	grep -q '^sample_bad_sets ' /proc/modules && { echo "bad=$bad: module loaded"; rc=1; }
	grep -q 'bpf_bad_sets_' /sys/kernel/debug/bpf/kfuncs &&
		{ echo "bad=$bad: listing still shows it"; rc=1; }
	echo "bad=$bad: refused"
done <<'CASES'
stable_deprecated combines KF_STABLE with KF_DEPRECATED
bogus_id holds id 2147483647, which is no type of
zero_id holds id 0, which resolve_btfids leaves for a symbol it did not find
not_func STRUCT bpf_bad_sets_type, which is no function
vmlinux_id kfunc set of sample_bad_sets holds id [0-9]*, which is no type of its BTF
other_tier kfunc bpf_bad_sets_inc of sample_bad_sets has two bpf_kfunc_tier: tags in its BTF: deprecated and removed
other_record kfunc bpf_bad_sets_dec of sample_bad_sets has two bpf_kfunc_removal: tags in its BTF: 6.3 and 6.4
twice kfunc bpf_bad_sets_dec of sample_bad_sets is listed twice in a set, with a tier
CASES
exit $rc
