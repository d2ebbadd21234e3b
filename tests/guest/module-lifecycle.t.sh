#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# layer: core
# A loaded program that calls a module's kfunc pins the module: rmmod is
# refused and nothing breaks. Once the program is gone the module unloads
# (the kernel drops its hold asynchronously, so retry briefly), and after
# insmod again its kfuncs work again.
. /tests/lib.sh
mod=sample_kfuncs
ko=/lib/modules/stable-kfuncs/$mod.ko
pin=/sys/fs/bpf/lifecycle_hold
check_kfuncs() {
	kfunctool test /bpf/tiers_syscall.bpf.o > /tmp/lc.ktap ||
		{ echo "$1: kfuncs do not work:"; cat /tmp/lc.ktap; exit 1; }
}

kfunctool load /bpf/tiers_syscall.bpf.o stable_sum --pin $pin > /dev/null ||
	{ echo "could not load and pin the holder program"; exit 1; }
if rmmod $mod 2> /tmp/rmmod.err; then
	echo "rmmod succeeded while a program holds the module"; exit 1
fi
# 6.1's delete_module() refuses a module with references with EWOULDBLOCK.
grep -q 'Resource temporarily unavailable' /tmp/rmmod.err ||
	{ echo "rmmod failed for another reason: $(cat /tmp/rmmod.err)"; exit 1; }
echo "while pinned: $(cat /tmp/rmmod.err)"
grep -q "^$mod " /proc/modules || { echo "$mod vanished"; exit 1; }
check_kfuncs "while pinned"

rm $pin
rmmod_wait $mod || exit 1
echo "unloaded after $rmmod_tries retries"
[ -e /sys/kernel/btf/$mod ] && { echo "$mod BTF still registered"; exit 1; }
# Without the module its kfuncs are unknown: kfunctool says so (exit 6).
kfunctool test /bpf/tiers_syscall.bpf.o > /tmp/lc.out 2>&1
kt=$?
[ $kt = 6 ] || { echo "kfunctool test without the module: exit $kt, want 6"; cat /tmp/lc.out; exit 1; }
echo "without the module: $(cat /tmp/lc.out)"

insmod $ko || { echo "insmod again failed"; exit 1; }
check_kfuncs "after insmod again"
