#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# A kfunc set with a KF_DEPRECATED kfunc but no lifecycle record is
# refused: insmod fails, the kernel log names the kfunc, nothing stays.
ko=/lib/modules/stable-kfuncs/sample_bad_record.ko
dmesg -c > /dev/null
if insmod $ko 2> /tmp/err; then
	echo "insmod $ko succeeded"; rmmod sample_bad_record; exit 1
fi
echo "insmod: $(cat /tmp/err)"
rc=0
dmesg | grep -i 'record' | grep -q 'sample_bad_record' ||
	{ echo "no kernel log line about the missing record:"; dmesg | tail -n 5; rc=1; }
grep -q '^sample_bad_record ' /proc/modules && { echo "sample_bad_record is loaded"; rc=1; }
[ -e /sys/kernel/btf/sample_bad_record ] && { echo "its BTF is still registered"; rc=1; }
grep -q 'sample_bad_record' /sys/kernel/debug/bpf/kfuncs && { echo "listing still shows it"; rc=1; }
exit $rc
