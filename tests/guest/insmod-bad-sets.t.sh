#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# layer: core
# Sets that break the tier rules are refused with EINVAL and a kernel log
# line saying why, and leave nothing registered: KF_STABLE with
# KF_DEPRECATED, and a kfunc registered again for another program type in
# another tier. Sets holding an id that is no function of the module's BTF
# (past its end, 0, a struct) are still refused as before the series,
# which logs nothing for them ("-").
. /tests/lib.sh
ko=/lib/modules/stable-kfuncs/sample_bad_sets.ko
rc=0
while read -r bad want; do
	dmesg -c > /dev/null
	if insmod $ko bad=$bad 2> /tmp/err; then
		echo "bad=$bad: insmod succeeded"; rmmod sample_bad_sets; rc=1; continue
	fi
	grep -q 'Invalid argument' /tmp/err ||
		{ echo "bad=$bad: want EINVAL, got: $(cat /tmp/err)"; rc=1; }
	[ "$want" = - ] || dmesg | grep -q "$want" ||
		{ echo "bad=$bad: no kernel log line '$want':"; dmesg | tail -n 5; rc=1; }
	grep -q '^sample_bad_sets ' /proc/modules && { echo "bad=$bad: module loaded"; rc=1; }
	has_layer listing && grep -q 'bpf_bad_sets_' /sys/kernel/debug/bpf/kfuncs &&
		{ echo "bad=$bad: listing still shows it"; rc=1; }
	echo "bad=$bad: refused"
done <<'CASES'
stable_deprecated kfunc bpf_bad_sets_inc of sample_bad_sets combines KF_STABLE with KF_DEPRECATED
other_tier kfunc bpf_bad_sets_inc of sample_bad_sets is registered in two tiers
bogus_id -
zero_id -
not_func -
CASES
exit $rc
