#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# layer: core
# bpf_kfunc:bpf_kfunc_deprecated fires once per load and deprecated kfunc
# of a program calling one, with the program's id, tag and name, the kfunc,
# its owner, the planned removal and the comm: under policies 0 and 1 alike
# and without the kernel log's rate limit; never for a load that is
# rejected or for a program calling no deprecated kfunc.
. /tests/lib.sh
tr=/sys/kernel/debug/tracing
ev=$tr/events/bpf_kfunc/bpf_kfunc_deprecated
obj=/bpf/tiers_syscall.bpf.o
wobj=/bpf/warnings.bpf.o
[ -d $ev ] || { echo "no tracepoint at $ev"; exit 1; }
kt=/tmp/kt-trace
cp "$(command -v kfunctool)" $kt || exit 1
rc=0
events() {	# events: the event lines so far, from prog_id= on
	sed -n 's/.* bpf_kfunc_deprecated: //p' $tr/trace
}
expect() {	# expect N WHAT: N event lines were recorded since the last clear
	got=$(events | wc -l)
	echo "$2: $got events"
	[ "$got" = "$1" ] || { fail "  expected $1"; events | sed 's/^/  /'; }
	: > $tr/trace
}
: > $tr/trace
echo 1 > $ev/enable

! has_layer policy || echo 1 > /proc/sys/kernel/bpf_kfunc_deprecation
out=$($kt load $obj deprecated_sum32 --pin /sys/fs/bpf/trace) || exit 1
rm /sys/fs/bpf/trace
id=$(echo "$out" | sed -n 's/.*(id \([0-9]*\)).*/\1/p')
line=$(events)
echo "pinned load, id $id: $line"
# The kernel keeps 15 characters of a program's name
echo "$line" | grep -qx "prog_id=$id prog_tag=[0-9a-f]\{16\} prog_name=deprecated_sum3 kfunc=bpf_sample_sum32 owner=sample_kfuncs removal=6.4 comm=kt-trace" ||
	fail "  not the event of that load"
: > $tr/trace

# Not rate limited: every load is an event, while the kernel log has at
# most one line per program and minute. The tag is the program's: the
# same for each load of one program, another for another program.
dmesg -c > /dev/null
$kt repeat 5 $wobj warn_a warn_b > /dev/null || exit 1
for p in warn_a warn_b; do
	n=$(events | grep -c " prog_name=$p kfunc=bpf_sample_sum32 ")
	tags=$(events | grep " prog_name=$p " | sed 's/.* prog_tag=\([0-9a-f]*\) .*/\1/' | sort -u)
	echo "$p, 5 loads: $n events, tag $tags, $(dmesg | grep -c "prog $p ") kernel-log lines"
	[ "$n" = 5 ] || fail "  expected 5 events"
	[ "$(echo "$tags" | wc -l)" = 1 ] || fail "  expected one tag"
done
[ "$(events | sed 's/.* prog_tag=\([0-9a-f]*\) .*/\1/' | sort -u | wc -l)" = 2 ] ||
	fail "warn_a and warn_b share a tag"
[ "$(dmesg | grep -c 'calls deprecated kfunc')" -le 2 ] || fail "the kernel log was not rate limited"
: > $tr/trace

# Each deprecated kfunc of a program, with its own removal
$kt repeat 1 $wobj warn_two > /dev/null || exit 1
events | grep -q ' kfunc=bpf_sample_sum32 owner=sample_kfuncs removal=6.4 ' || fail "warn_two: no event for bpf_sample_sum32"
events | grep -q ' kfunc=bpf_sample_mix8 owner=sample_kfuncs removal=6.6 ' || fail "warn_two: no event for bpf_sample_mix8"
expect 2 "warn_two, two deprecated kfuncs"

if has_layer policy; then
	# Policy 0 silences the logs, not the tracepoint
	echo 0 > /proc/sys/kernel/bpf_kfunc_deprecation
	dmesg -c > /dev/null
	$kt repeat 3 $wobj warn_new > /dev/null || exit 1
	dmesg | grep -q 'calls deprecated kfunc' && fail "policy 0 told the kernel log"
	expect 3 "policy 0, 3 loads"

	# Loads rejected for the deprecated call fire nothing
	echo 2 > /proc/sys/kernel/bpf_kfunc_deprecation
	$kt repeat 1 $obj deprecated_sum32 > /dev/null 2>&1 && fail "policy 2 loaded the program"
	echo 1 > /proc/sys/kernel/bpf_kfunc_deprecation
	expect 0 "rejected loads (policy 2)"
fi
if has_layer flag; then
	$kt repeat --strict 1 $obj deprecated_sum32 > /dev/null 2>&1 && fail "--strict loaded the program"
	expect 0 "rejected loads (BPF_F_DENY_DEPRECATED_KFUNCS)"
fi

# Programs calling no deprecated kfunc: unstable, stable, a tombstone
$kt repeat 2 $obj unstable_mix stable_sum stable_obj > /dev/null || exit 1
$kt repeat 1 $obj removed_legacy_mul > /dev/null 2>&1
expect 0 "unstable, stable and removed kfuncs"

echo 0 > $ev/enable
exit $rc
