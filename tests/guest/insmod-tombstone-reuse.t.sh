#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# layer: core
# A module that registers a kfunc under a tombstoned name must fail to
# load, the kernel log must name both owners, and nothing of the failed
# module may stay registered.
. /tests/lib.sh
ko=/lib/modules/stable-kfuncs/sample_reuse.ko
name=bpf_sample_legacy_mul
dmesg -c > /dev/null
if insmod $ko 2> /tmp/err; then
	echo "insmod $ko succeeded"; rmmod sample_reuse; exit 1
fi
echo "insmod: $(cat /tmp/err)"
rc=0
dmesg | grep "$name" | grep sample_reuse | grep -q sample_kfuncs ||
	{ echo "no kernel log line naming $name, sample_reuse and sample_kfuncs:"; dmesg | tail -n 5; rc=1; }
grep -q '^sample_reuse ' /proc/modules && { echo "sample_reuse is loaded"; rc=1; }
[ -e /sys/kernel/btf/sample_reuse ] && { echo "sample_reuse BTF still registered"; rc=1; }
has_layer listing && grep -q 'sample_reuse' /sys/kernel/debug/bpf/kfuncs && { echo "listing still shows sample_reuse"; rc=1; }
! has_layer listing || grep -q "^$name	sample_kfuncs	.*	removed	" /sys/kernel/debug/bpf/kfuncs ||
	{ echo "the tombstone of $name is gone from the listing"; rc=1; }
exit $rc
