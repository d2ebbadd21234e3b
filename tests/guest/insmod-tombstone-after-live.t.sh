#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# layer: core
# The other order: while a live kfunc holds a name, a module whose
# tombstone claims that name fails to load, the kernel log names both
# owners, and nothing of it stays registered. Once the live kfunc is gone
# the tombstone's module loads again.
. /tests/lib.sh
dir=/lib/modules/stable-kfuncs
name=bpf_sample_legacy_mul
rc=0
rmmod sample_kfuncs || { echo "could not unload sample_kfuncs"; exit 1; }
insmod $dir/sample_reuse.ko || { echo "sample_reuse.ko did not load alone"; exit 1; }
! has_layer listing || grep -q "^$name	sample_reuse	.*	unstable	" $listing ||
	{ echo "the live $name of sample_reuse is not listed"; rc=1; }
dmesg -c > /dev/null
if insmod $dir/sample_kfuncs.ko 2> /tmp/err; then
	echo "sample_kfuncs loaded although sample_reuse holds $name"; rc=1
else
	echo "insmod: $(cat /tmp/err)"
	dmesg | grep "tombstone $name" | grep sample_kfuncs | grep -q sample_reuse ||
		{ echo "no kernel log line naming the tombstone and both owners:"; dmesg | tail -n 5; rc=1; }
	grep -q '^sample_kfuncs ' /proc/modules && { echo "sample_kfuncs is loaded"; rc=1; }
	has_layer listing && grep -q 'sample_kfuncs' $listing && { echo "listing still shows sample_kfuncs"; rc=1; }
fi
rmmod sample_reuse || rc=1
# Leave the guest as the other tests expect it.
lsmod | grep -q '^sample_kfuncs ' || insmod $dir/sample_kfuncs.ko ||
	{ echo "sample_kfuncs does not load again"; rc=1; }
exit $rc
