#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# A module whose BTF tags and kfunc sets disagree is refused with EINVAL
# and one kernel log line naming the kfunc and both values, and leaves
# nothing registered. The modules are sample_kfuncs.ko with one tag of its
# BTF rewritten after the build (btf-edit retag, tests/tools/btf-edit.c), and modules whose
# BTF was made as before the tag step (tests/tools/ko-relink --no-tags): with
# tiered kfuncs refused, with unstable kfuncs only loaded.
dir=/lib/modules/stable-kfuncs
listing=/sys/kernel/debug/bpf/kfuncs
rc=0
# The stock sample_kfuncs is loaded by init: take it out of the way.
rmmod sample_kfuncs || { echo "cannot unload sample_kfuncs"; exit 1; }
while read -r ko want; do
	dmesg -c > /dev/null
	# fail-nth 0: one finit_module(), where busybox's insmod tries twice
	if fail-nth 0 $dir/$ko > /dev/null 2> /tmp/err; then
		echo "$ko: insmod succeeded"; rmmod sample_kfuncs; rc=1; continue
	fi
	grep -q 'finit_module: Invalid argument' /tmp/err ||
		{ echo "$ko: want EINVAL, got: $(cat /tmp/err)"; rc=1; }
	dmesg | sed 's/^\[[ 0-9.]*\] //' | grep '^bpf: ' > /tmp/log
	[ "$(wc -l < /tmp/log)" = 1 ] && grep -qxF "bpf: $want" /tmp/log ||
		{ echo "$ko: want the one kernel log line 'bpf: $want', got:"; dmesg | tail -n 5; rc=1; }
	grep -q '^sample_kfuncs ' /proc/modules && { echo "$ko: module loaded"; rc=1; }
	grep -q 'bpf_sample_' $listing && { echo "$ko: listing shows sample kfuncs"; rc=1; }
	echo "$ko: refused: $want"
done <<'CASES'
sample_kfuncs.retier.ko kfunc bpf_sample_sum of sample_kfuncs is stable in its set but deprecated in its BTF tags
sample_kfuncs.resince.ko kfunc bpf_sample_sum32 of sample_kfuncs has bpf_kfunc_since:6.1 in its lifecycle record but bpf_kfunc_since:6.0 in its BTF tags
sample_kfuncs.notags.ko kfunc bpf_sample_legacy_mul of sample_kfuncs is removed, but its BTF has no tier tag: was sample_kfuncs built without resolve_btfids --kfunc-tags?
CASES

insmod $dir/sample_register.notags.ko ||
	{ echo "sample_register without tags: insmod failed, though all its kfuncs are unstable"; rc=1; }
grep -q "^bpf_register_get	sample_register	.*	unstable	" $listing ||
	{ echo "sample_register without tags: the listing has no unstable bpf_register_get"; rc=1; }
rmmod sample_register && echo "sample_register without tags: loaded, bpf_register_get unstable"
insmod $dir/sample_kfuncs.ko || { echo "cannot reload sample_kfuncs"; rc=1; }
exit $rc
