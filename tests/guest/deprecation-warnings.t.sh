#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# layer: core
# The kernel-log warning about deprecated kfunc calls neither floods nor
# loses: 1000 loads alternating between two programs leave at most one line
# per program and minute, naming both; every load is either warned about or
# counted in a later line's "(N more loads since the last warning)"; a
# program loaded afterwards is warned about at once; a warning the printk
# ratelimit holds back is counted in the next one.
. /tests/lib.sh
obj=/bpf/warnings.bpf.o
# A comm of its own: loads of these programs by kfunctool test, earlier in
# this boot, are another (kfunc, program, comm) and do not interfere.
kt=/tmp/kt-warnings
cp "$(command -v kfunctool)" $kt || exit 1
# Without the policy layer the kernel's policy is 1 always
! has_layer policy || echo 1 > /proc/sys/kernel/bpf_kfunc_deprecation
load() {	# load N PROG...: each PROG N times, in turn
	$kt repeat "$@" > /dev/null
}
lines() {	# lines PROG: its warnings so far
	grep "bpf: prog $1 (comm kt-warnings pid [0-9]*) calls deprecated kfunc bpf_sample_sum32, replacement: bpf_sample_sum" /tmp/kmsg
}
reported() {	# reported PROG: loads its warnings account for
	lines "$1" | sed -n 's/.*(\([0-9]*\) more loads since the last warning)$/\1/p' |
		awk -v n="$(lines "$1" | wc -l)" '{ n += $1 } END { print n }'
}
rc=0
# All these warnings share the printk ratelimit (10 lines in 5 s): the
# tests before this one must have left it a fresh window.
sleep 6
dmesg -c > /dev/null
start=$(date +%s)
load 500 $obj warn_a warn_b || exit 1
took=$(($(date +%s) - start))
dmesg > /tmp/kmsg
n=$(grep -c 'calls deprecated kfunc' /tmp/kmsg)
# The kernel's rule: one line per (kfunc, program, comm) and minute at the
# most: 2 lines while the loads take less than a minute.
max=$((2 * (1 + (took + 1) / 60)))
echo "1000 alternating loads in ${took}s: $n kernel-log lines (at most $max)"
[ "$n" -le "$max" ] || rc=1
for p in warn_a warn_b; do
	lines $p | grep -q . || { echo "$p is not named"; rc=1; }
done

dmesg -c > /dev/null
load 1 $obj warn_new || exit 1
dmesg | grep -q 'bpf: prog warn_new (comm kt-warnings pid [0-9]*) calls deprecated kfunc bpf_sample_sum32' ||
	{ echo "warn_new, loaded afterwards, is not warned about"; rc=1; }

# A minute after the last warning, one more load of each: its warning
# accounts for the loads not reported since.
last=$((start + took))
while [ $(($(date +%s) - last)) -lt 62 ]; do sleep 1; done
dmesg -c >> /tmp/kmsg
load 1 $obj warn_a warn_b || exit 1
dmesg >> /tmp/kmsg
for p in warn_a warn_b; do
	got=$(reported $p)
	echo "$p: 501 loads, $(lines $p | wc -l) warnings accounting for $got"
	[ "$got" = 501 ] || rc=1
done

# Twelve new programs at once exceed the ratelimit's burst. A warning it
# holds back is not lost: the program's next load is warned about, and
# counts the load held back. One process loads the twelve, tens of
# milliseconds each; should a slow guest still take more than the
# ratelimit's 5 s, which can leave nothing held back, a new comm tries again.
burst=$(i=1; while [ $i -le 12 ]; do echo warn_burst$i; i=$((i + 1)); done)
try=1 held=
while [ $try -le 3 ] && [ -z "$held" ]; do
	b=/tmp/kt-burst$try
	cp $kt $b || exit 1
	sleep 6
	dmesg -c > /dev/null
	t0=$(uptime_cs)
	$b repeat 1 $obj $burst > /dev/null || exit 1
	took=$(($(uptime_cs) - t0))
	dmesg > /tmp/kmsg
	for p in $burst; do
		grep -q "bpf: prog $p (comm ${b#/tmp/} pid" /tmp/kmsg || held="$held $p"
	done
	echo "12 new programs in ${took}0 ms: held back by the ratelimit:${held:- none}"
	if [ -z "$held" ] && [ $took -lt 500 ]; then
		echo "twelve warnings within 5 s: the ratelimit held nothing back"
		exit 1
	fi
	try=$((try + 1))
done
[ -n "$held" ] || { echo "three tries, each longer than 5 s: the burst never filled the ratelimit"; exit 1; }
sleep 6
dmesg -c > /dev/null
$b repeat 1 $obj $held > /dev/null || exit 1
for p in $held; do
	dmesg | grep -q "bpf: prog $p (comm ${b#/tmp/} pid [0-9]*) calls deprecated kfunc bpf_sample_sum32, replacement: bpf_sample_sum (1 more loads since the last warning)$" ||
		{ echo "$p: the held-back load is not reported at the next one:"; dmesg | tail -n 3; rc=1; }
done
exit $rc
