#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# A kernel splat in the guest log, the kernel checkers' reports included,
# fails the run even when the command succeeds; an ordinary warning line
# does not.
set -u
run_vm=$(dirname "$0")/../../qemu-boot/run-vm
"$run_vm" -q --no-module -- sh -c 'echo "<4>bpf: an ordinary warning" > /dev/kmsg'
rc=$?
[ $rc = 0 ] || { echo "an ordinary warning failed the run: $rc"; exit 1; }
# A WARN(), lockdep's report and kmemleak's, as the kernel words them.
for splat in "WARNING: CPU: 0 PID: 1 at fake.c:1" \
	"WARNING: possible circular locking dependency detected" \
	"kmemleak: 1 new suspected memory leaks (see /sys/kernel/debug/kmemleak)"; do
	"$run_vm" -q --no-module -- sh -c "echo '$splat' > /dev/kmsg"
	rc=$?
	[ $rc = 255 ] || { echo "expected 255 for '$splat', got $rc"; exit 1; }
done
