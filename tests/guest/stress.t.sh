#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Under load: 4 processes load and close programs of every tier, 10,000
# loads in all, while one loops insmod/rmmod of sample_register, one
# reads the listing and one flips kernel.bpf_kfunc_deprecation between 0
# and 1. Then each kfunc's count has grown by exactly its loads (the
# tombstone's by the loads it rejected), loaded is back where it was, no
# listing read was torn, and sample_kfuncs unloads. Stops by itself: a
# watchdog ends the loops after 300 s.
# needs: smp
listing=/sys/kernel/debug/bpf/kfuncs
obj=/bpf/tiers_syscall.bpf.o
ko=/lib/modules/stable-kfuncs/sample_register.ko
sysctl=/proc/sys/kernel/bpf_kfunc_deprecation
stop=/tmp/stress.stop
loaders=4 rounds=830 rejected=10	# per loader: 3 x 830 + 10 = 2500 loads
kfuncs="bpf_sample_mix bpf_sample_sum bpf_sample_sum32 bpf_sample_legacy_mul"
rc=0
fail() { echo "$*"; rc=1; }
col() {	# col KFUNC FIELD: 10 count, 11 loaded
	awk -F '\t' -v n="$1" -v f="$2" '$1 == n && $2 == "sample_kfuncs" { print $f }' $listing
}
snapshot() {	# snapshot FILE: each kfunc's count and loaded
	for k in $kfuncs; do echo "$k $(col $k 10) $(col $k 11)"; done > "$1"
}

loader() {
	kfunctool load --repeat $rounds $obj unstable_mix stable_sum deprecated_sum32 ||
		echo "loader $1: a load failed"
	i=0
	while [ $i -lt $rejected ]; do
		kfunctool load $obj removed_legacy_mul --pin /sys/fs/bpf/stress$1 2> /dev/null &&
			echo "loader $1: the tombstone's caller loaded"
		i=$((i + 1))
	done
}
modules() {
	n=0
	while [ ! -e $stop ]; do
		insmod $ko && rmmod sample_register || { echo "insmod/rmmod $n failed"; break; }
		n=$((n + 1))
	done
	echo "$n insmod/rmmod cycles"
}
reader() {
	n=0 torn=0
	while [ ! -e $stop ]; do
		awk -F '\t' 'NF != 11 { bad = 1 } END { exit bad }' $listing || torn=$((torn + 1))
		n=$((n + 1))
	done
	echo "$n listing reads, $torn torn"
}
flipper() {
	n=0
	while [ ! -e $stop ]; do
		echo $((n % 2)) > $sysctl || { echo "sysctl write $n failed"; break; }
		n=$((n + 1))
		usleep 2000
	done
	echo "$n policy flips"
}

policy=$(cat $sysctl)
rm -f $stop
snapshot /tmp/stress.before
modules > /tmp/stress.modules 2>&1 &
reader > /tmp/stress.reader 2>&1 &
flipper > /tmp/stress.flipper 2>&1 &
(sleep 300; touch $stop) &
watchdog=$!
pids=
i=1
while [ $i -le $loaders ]; do
	loader $i > /tmp/stress.loader$i 2>&1 &
	pids="$pids $!"
	i=$((i + 1))
done
wait $pids
[ -e $stop ] && fail "the loaders ran into the watchdog"
touch $stop
kill $watchdog 2> /dev/null
wait
echo "$policy" > $sysctl
cat /tmp/stress.loader* /tmp/stress.modules /tmp/stress.reader /tmp/stress.flipper
grep -q 'failed\|loaded$' /tmp/stress.loader* && fail "a loader went wrong"
grep -q '^0 \| failed' /tmp/stress.modules /tmp/stress.reader /tmp/stress.flipper &&
	fail "a background loop did not run or failed"
grep -q ' 0 torn$' /tmp/stress.reader || fail "a listing read was torn"

# Freeing a program is deferred: give loaded up to 10 s to come back.
i=0
while :; do
	snapshot /tmp/stress.after
	awk 'NR == FNR { l[$1] = $3; next } $3 != l[$1] { exit 1 }' \
		/tmp/stress.before /tmp/stress.after && break
	i=$((i + 1))
	[ $i -lt 100 ] || { fail "loaded did not come back"; break; }
	usleep 100000
done
loads=$((loaders * rounds)) tombstone=$((loaders * rejected))
awk -v loads=$loads -v tomb=$tombstone '
	NR == FNR { c[$1] = $2; next }
	{
		want = c[$1] + ($1 == "bpf_sample_legacy_mul" ? tomb : loads)
		printf "%s: count %d -> %d (want %d), loaded %d\n", $1, c[$1], $2, want, $3
		if ($2 != want) bad = 1
	}
	END { exit bad }' /tmp/stress.before /tmp/stress.after || fail "a count is off"

rmmod sample_kfuncs || fail "sample_kfuncs does not unload"
insmod /lib/modules/stable-kfuncs/sample_kfuncs.ko || fail "sample_kfuncs does not load again"
exit $rc
