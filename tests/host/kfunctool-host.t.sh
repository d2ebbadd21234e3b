#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# layer: all
# kfunctool's error paths and offline modes, on the host: nothing here
# reaches the host kernel (see userspace-loader/tests/errors.sh).
. "$(dirname "$0")/../../scripts/lib.sh"
exec make -s -C "$top/userspace-loader" \
	OUT="$B/loader" check
