#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# A kfunc registered for two program types with different flags (here
# KF_SLEEPABLE for syscall programs only) is listed with the flags of both,
# whichever registration came first.
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
[ "$a" = "tracing,syscall sleepable" ] || { echo "want 'tracing,syscall sleepable'"; exit 1; }
