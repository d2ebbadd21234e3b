#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# kfunctool's error paths and offline modes, on the host: nothing here
# reaches the host kernel (see userspace-loader/tests/errors.sh).
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
b=${BUILD_DIR:-$top/build}/${KVER:-6.1}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
OUT=$tmp sh "$top/userspace-loader/tests/errors.sh" "$b/loader/kfunctool"
