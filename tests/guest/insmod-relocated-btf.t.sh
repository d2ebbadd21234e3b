#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# needs: file /lib/modules/stable-kfuncs/sample_kfuncs.distilled.ko
# layer: fixes
# A module whose BTF sits on a distilled base, as pahole 1.26+ writes it for
# an external module, is relocated against the kernel's BTF when it loads
# (6.11+): its kfuncs register with their tiers and records, read from its
# relocated BTF. A set that holds an id past the module's BTF is refused
# with EINVAL: the relocation maps it to no type rather than reading past
# the end of its map (patch 4).
# Built only where the tree's libbpf can distill BTF (the Makefile).
. /tests/lib.sh
dir=/lib/modules/stable-kfuncs
rc=0
dmesg -c > /dev/null
rmmod sample_kfuncs || { echo "cannot unload sample_kfuncs"; exit 1; }

if ! insmod $dir/sample_kfuncs.distilled.ko; then
	echo "sample_kfuncs on a distilled base: insmod failed"; dmesg | tail -n 5; rc=1
elif ! has_layer core; then
	echo "relocated: loaded (no tiers to check before the core layer)"
	rmmod_wait sample_kfuncs || exit 1
else
	has_layer listing && awk -F '\t' '$2 == "sample_kfuncs" { print $1, $5 }' $listing | sort > /tmp/got
	printf '%s\n' 'bpf_sample_legacy_mul removed' 'bpf_sample_mix unstable' \
		'bpf_sample_mix8 deprecated' 'bpf_sample_obj_acquire stable' \
		'bpf_sample_obj_release stable' 'bpf_sample_obj_value stable' \
		'bpf_sample_sum stable' 'bpf_sample_sum32 deprecated' > /tmp/want
	has_layer listing && ! diff /tmp/want /tmp/got && { echo "relocated: listing differs (- want, + got)"; rc=1; }
	kfunctool test /bpf/tiers_syscall.bpf.o > /tmp/out 2>&1 ||
		{ echo "relocated: tiers_syscall fails:"; cat /tmp/out; rc=1; }
	echo "relocated: $(grep -c '^ok' /tmp/out) cases of tiers_syscall pass"
	rmmod_wait sample_kfuncs || exit 1
fi

if fail-nth 0 $dir/sample_kfuncs.badid.ko > /dev/null 2> /tmp/err; then
	echo "an id past the module's BTF: insmod succeeded"; rmmod sample_kfuncs; rc=1
else
	# Refused by the prototype check, as any id that is no function is,
	# after the relocation mapped it to no type instead of reading past
	# its map (KASAN, make check-debug, would see that read)
	grep -q 'finit_module: Invalid argument' /tmp/err ||
		{ echo "want EINVAL, got: $(cat /tmp/err)"; rc=1; }
	echo "an id past the module's BTF: refused: $(cat /tmp/err)"
fi
grep -q '^sample_kfuncs ' /proc/modules && { echo "sample_kfuncs still loaded"; rc=1; }
insmod $dir/sample_kfuncs.ko || { echo "cannot reload sample_kfuncs"; rc=1; }
exit $rc
