#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# layer: core
# The kernel keeps no copy of a lifecycle record: it reads the record from
# the module's BTF tags. sample_kfuncs.reremoval.ko, whose removal tag of
# bpf_sample_sum32 was rewritten after the build (btf-edit retag,
# tests/tools/btf-edit.c), loads, and a program calling that kfunc is
# reported with the rewritten removal. A module whose BTF was made as
# before the tag step (tests/tools/ko-relink --no-tags) is refused with
# EINVAL and one kernel log line if it has deprecated kfuncs or
# tombstones, which have no record then, and loads with unstable kfuncs
# only.
. /tests/lib.sh
dir=/lib/modules/stable-kfuncs
tr=/sys/kernel/debug/tracing
rc=0
# The stock sample_kfuncs is loaded by init: take it out of the way.
rmmod sample_kfuncs || { echo "cannot unload sample_kfuncs"; exit 1; }

insmod $dir/sample_kfuncs.reremoval.ko || { echo "reremoval: insmod failed"; exit 1; }
: > $tr/trace
echo 1 > $tr/events/bpf_kfunc/bpf_kfunc_deprecated/enable
kfunctool repeat 1 /bpf/tiers_syscall.bpf.o deprecated_sum32 > /dev/null ||
	{ echo "reremoval: the deprecated program did not load"; rc=1; }
echo 0 > $tr/events/bpf_kfunc/bpf_kfunc_deprecated/enable
line=$(grep -o 'kfunc=bpf_sample_sum32 owner=sample_kfuncs removal=[^ ]*' $tr/trace)
echo "reremoval: $line"
[ "$line" = "kfunc=bpf_sample_sum32 owner=sample_kfuncs removal=6.9" ] || rc=1
rmmod_wait sample_kfuncs || exit 1

dmesg -c > /dev/null
# fail-nth 0: one finit_module(), where busybox's insmod tries twice
if fail-nth 0 $dir/sample_kfuncs.notags.ko > /dev/null 2> /tmp/err; then
	echo "notags: insmod succeeded"; rmmod sample_kfuncs; rc=1
else
	grep -q 'finit_module: Invalid argument' /tmp/err ||
		{ echo "notags: want EINVAL, got: $(cat /tmp/err)"; rc=1; }
	dmesg | sed 's/^\[[ 0-9.]*\] //' | grep '^bpf: ' > /tmp/log
	want='bpf: kfunc bpf_sample_legacy_mul of sample_kfuncs is KF_REMOVED but its BTF has no complete lifecycle record: built without resolve_btfids --kfunc-tags?'
	[ "$(wc -l < /tmp/log)" = 1 ] && grep -qxF "$want" /tmp/log ||
		{ echo "notags: want the one kernel log line '$want', got:"; dmesg | tail -n 5; rc=1; }
	grep -q '^sample_kfuncs ' /proc/modules && { echo "notags: module loaded"; rc=1; }
	echo "notags: refused: $(cat /tmp/log)"
fi

insmod $dir/sample_register.notags.ko ||
	{ echo "sample_register without tags: insmod failed, though all its kfuncs are unstable"; rc=1; }
grep -q '^sample_register ' /proc/modules ||
	{ echo "sample_register without tags: not loaded"; rc=1; }
rmmod sample_register && echo "sample_register without tags: loaded"
insmod $dir/sample_kfuncs.ko || { echo "cannot reload sample_kfuncs"; rc=1; }
exit $rc
