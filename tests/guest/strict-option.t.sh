#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# layer: flag
# kfunctool --strict loads with BPF_F_DENY_DEPRECATED_KFUNCS: even with
# kernel.bpf_kfunc_deprecation=0, a deprecated call is rejected and named,
# while a stable call loads; without --strict the deprecated call loads.
# try and test take --strict too.
obj=/bpf/tiers_syscall.bpf.o
f=/proc/sys/kernel/bpf_kfunc_deprecation
old=$(cat $f)
echo 0 > $f
rc=0
if kfunctool load --strict $obj deprecated_sum32 --pin /sys/fs/bpf/strict 2> /tmp/err; then
	echo "load --strict of a deprecated call succeeded"; rm /sys/fs/bpf/strict; rc=1
fi
grep -q 'denied by BPF_F_DENY_DEPRECATED_KFUNCS, replacement: bpf_sample_sum' /tmp/err ||
	{ echo "load --strict: $(cat /tmp/err)"; rc=1; }
kfunctool load --strict $obj stable_sum --pin /sys/fs/bpf/strict > /dev/null &&
	rm /sys/fs/bpf/strict || { echo "load --strict of a stable call failed"; rc=1; }
kfunctool load $obj deprecated_sum32 --pin /sys/fs/bpf/strict > /dev/null &&
	rm /sys/fs/bpf/strict || { echo "load without --strict failed under policy 0"; rc=1; }
kfunctool try --strict $obj > /tmp/try 2>&1
grep -q 'denied by BPF_F_DENY_DEPRECATED_KFUNCS' /tmp/try ||
	{ echo "try --strict does not show the rejection:"; cat /tmp/try; rc=1; }
kfunctool test --strict $obj > /tmp/test 2>&1
grep -q '^not ok .* tiers_syscall/deprecated_sum32' /tmp/test &&
	grep -q '^ok .* tiers_syscall/stable_sum' /tmp/test ||
	{ echo "test --strict: want deprecated_sum32 to fail, stable_sum to pass:"; cat /tmp/test; rc=1; }
echo "$old" > $f
exit $rc
