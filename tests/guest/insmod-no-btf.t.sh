#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# layer: core
# A module without BTF (built without CONFIG_DEBUG_INFO_BTF_MODULES, or
# with BTF the kernel refused) has no lifecycle records, which live in BTF:
# insmod of one that registers deprecated kfuncs or tombstones fails with
# ENOENT and says why. A
# module without BTF whose kfuncs have no such tier loads as on a pristine
# kernel (a warning, and no kfuncs).
. /tests/lib.sh
dir=/lib/modules/stable-kfuncs
rc=0
dmesg -c > /dev/null
# The stock sample_kfuncs is loaded by init: take it out of the way.
rmmod sample_kfuncs || { echo "cannot unload sample_kfuncs"; exit 1; }
# fail-nth 0: insmod without a fault, printing the exact errno
if fail-nth 0 $dir/sample_kfuncs.nobtf.ko > /dev/null 2> /tmp/err; then
	echo "sample_kfuncs without BTF: insmod succeeded"; rmmod sample_kfuncs; rc=1
else
	grep -q 'finit_module: No such file or directory' /tmp/err ||
		{ echo "want ENOENT, got: $(cat /tmp/err)"; rc=1; }
	dmesg | grep -q 'module sample_kfuncs has no BTF: its deprecated kfuncs and tombstones have no lifecycle record' ||
		{ echo "no kernel log line:"; dmesg | tail -n 5; rc=1; }
	echo "sample_kfuncs without BTF: refused: $(dmesg | grep 'has no BTF')"
fi
grep -q '^sample_kfuncs ' /proc/modules && { echo "sample_kfuncs still loaded"; rc=1; }
has_layer listing && grep -q 'bpf_sample_' /sys/kernel/debug/bpf/kfuncs && { echo "listing shows sample kfuncs"; rc=1; }

insmod $dir/sample_register.nobtf.ko ||
	{ echo "sample_register without BTF: insmod failed, as no pristine kernel does"; rc=1; }
has_layer listing && grep -q 'bpf_register_get' /sys/kernel/debug/bpf/kfuncs && { echo "listing shows bpf_register_get"; rc=1; }
rmmod sample_register && echo "sample_register without BTF: loaded, no kfuncs"
insmod $dir/sample_kfuncs.ko || { echo "cannot reload sample_kfuncs"; rc=1; }
exit $rc
