#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# layer: all
# run-vm returns the guest command's exit status, not its own.
set -u
run_vm=$(dirname "$0")/../../qemu-boot/run-vm
"$run_vm" -q --no-module -- sh -c 'echo guest says hi; exit 3' > out.$$ 2>&1
rc=$?
trap 'rm -f out.$$' EXIT
grep -q 'guest says hi' out.$$ || { echo "command output missing:"; cat out.$$; exit 1; }
[ $rc = 3 ] || { echo "expected exit 3, got $rc"; cat out.$$; exit 1; }
