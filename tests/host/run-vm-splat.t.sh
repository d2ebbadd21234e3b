#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# layer: all
# A kernel splat in the guest log, the kernel checkers' reports included,
# fails the run even when the command succeeds; an ordinary warning line
# does not. Each report, as the kernel words it, matches the list run-vm
# reads; two boots show run-vm applying it.
set -u
here=$(dirname "$0")/../..
run_vm=$here/qemu-boot/run-vm
patterns=$(grep -v '^#' "$here/qemu-boot/splats")
rc=0
for splat in "WARNING: CPU: 0 PID: 1 at fake.c:1 fake_init+0x5/0x10" \
	"WARNING: possible circular locking dependency detected" \
	"WARNING: suspicious RCU usage" \
	"unreferenced object 0xffff888003c1e000 (size 64):" \
	"kmemleak: 1 new suspected memory leaks (see /sys/kernel/debug/kmemleak)" \
	"BUG: KASAN: slab-use-after-free in fake_read+0x1/0x2" \
	"UBSAN: shift-out-of-bounds in fake.c:1:2" \
	"Kernel panic - not syncing: Fatal exception"; do
	grep -q -E -e "$patterns" <<< "[    1.000000] $splat" ||
		{ echo "not a splat for run-vm: '$splat'"; rc=1; }
done
grep -q -E -e "$patterns" <<< "[    1.000000] bpf: an ordinary warning" &&
	{ echo "an ordinary warning counts as a splat"; rc=1; }

"$run_vm" -q --no-module -- sh -c 'echo "<4>bpf: an ordinary warning" > /dev/kmsg'
st=$?
[ $st = 0 ] || { echo "an ordinary warning failed the run: $st"; rc=1; }
"$run_vm" -q --no-module -- sh -c "echo 'WARNING: possible circular locking dependency detected' > /dev/kmsg"
st=$?
[ $st = 255 ] || { echo "expected 255 for lockdep's report, got $st"; rc=1; }
exit $rc
