#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# layer: all
# --add copies a host file into /extra, where the command runs; arguments
# with spaces and quotes arrive intact.
set -u
run_vm=$(dirname "$0")/../../qemu-boot/run-vm
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "payload-$$" > "$tmp/file.txt"
got=$("$run_vm" -q --no-module --add "$tmp/file.txt" -- sh -c 'cat file.txt; echo "$1"' - "it's a b")
[ "$got" = "payload-$$
it's a b" ] || { echo "unexpected output: $got"; exit 1; }
