#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# layer: listing
# A kfunc registered for two program types with different flags (here
# KF_SLEEPABLE for syscall programs only, and for tracing programs a flag
# the kernel has no name for, shown as a mask) is listed with the flags of
# both, whichever registration came first.
ko=/lib/modules/stable-kfuncs/sample_register.ko
flags() {
	insmod $ko syscall_first=$1 || { echo "insmod syscall_first=$1 failed"; exit 1; }
	awk -F '\t' '$1 == "bpf_register_get" { print $4 " " $6 }' /sys/kernel/debug/bpf/kfuncs
	rmmod sample_register
}
a=$(flags 0)
b=$(flags 1)
echo "tracing first: $a; syscall first: $b"
[ "$a" = "$b" ] || { echo "the listing depends on the order"; exit 1; }
[ "$a" = "tracing,syscall sleepable,0x1000000" ] ||
	{ echo "want 'tracing,syscall sleepable,0x1000000'"; exit 1; }
