#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# layer: all
# A guest that dies before reporting a status makes run-vm fail with 255.
set -u
run_vm=$(dirname "$0")/../../qemu-boot/run-vm
"$run_vm" -q --no-module -- reboot -f
rc=$?
[ $rc = 255 ] || { echo "expected 255 for a missing status, got $rc"; exit 1; }
