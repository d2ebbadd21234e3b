#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# layer: all
# kfunctool's error paths and offline modes, on the host: nothing here
# reaches the host kernel (see userspace-loader/tests/errors.sh).
top=$(cd "$(dirname "$0")/../.." && pwd)
exec make -s -C "$top/userspace-loader" \
	OUT="${BUILD_DIR:-$top/build}/${KVER:-6.1}/loader" check
