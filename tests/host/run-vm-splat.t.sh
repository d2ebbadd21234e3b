#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# A kernel splat in the guest log fails the run even when the command
# succeeds; an ordinary warning line does not.
set -u
run_vm=$(dirname "$0")/../../qemu-boot/run-vm
"$run_vm" -q --no-module -- sh -c 'echo "<4>bpf: an ordinary warning" > /dev/kmsg'
rc=$?
[ $rc = 0 ] || { echo "an ordinary warning failed the run: $rc"; exit 1; }
"$run_vm" -q --no-module -- sh -c 'echo "WARNING: CPU: 0 PID: 1 at fake.c:1" > /dev/kmsg'
rc=$?
[ $rc = 255 ] || { echo "expected 255 for a splat, got $rc"; exit 1; }
