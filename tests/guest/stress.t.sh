#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# layer: listing
# Under load: 4 processes load and close programs of every tier, 10,000
# loads in all, while one loops insmod/rmmod of sample_register, one
# reads the listing and one flips kernel.bpf_kfunc_deprecation between 0
# and 1 (on the debug kernel, 2,440 loads). A program of each loaded tier
# stays pinned throughout. Every
# listing read, in reads of 100 bytes, is whole: its header first, every
# line of 11 fields, each kfunc of sample_kfuncs once, counts that never go
# down, and loaded at least 1 over its start for the pinned programs. Then
# each kfunc's count has grown by exactly its loads (the tombstone's by the
# loads it rejected), loaded comes back where it was once the pins go, and
# sample_kfuncs unloads. The loops stop by themselves: a watchdog, far above
# the time the loads take (30 s on a plain kernel, 90 s for the debug
# kernel's share), ends them, and the test then says how many loads were
# done.
# needs: smp
. /tests/lib.sh
obj=/bpf/tiers_syscall.bpf.o
ko=/lib/modules/stable-kfuncs/sample_register.ko
sysctl=/proc/sys/kernel/bpf_kfunc_deprecation
stop=/tmp/stress.stop
loaders=4 rounds=830 rejected=10	# per loader: 3 x 830 + 10 = 2500 loads
# The debug kernel (kmemleak is its mark) runs each load about ten times
# slower: a quarter of the loads, 2,440 in all, against the same
# watchdog-to-work margin.
limit=600
if [ -e /sys/kernel/debug/kmemleak ]; then
	rounds=200 limit=1000
fi
kfuncs="bpf_sample_mix bpf_sample_sum bpf_sample_sum32 bpf_sample_legacy_mul"
rc=0
snapshot() {	# snapshot FILE: each kfunc's count and loaded
	for k in $kfuncs; do echo "$k $(col $k 10) $(col $k 11)"; done > "$1"
}

loader() {
	kfunctool repeat $rounds $obj unstable_mix stable_sum deprecated_sum32 ||
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
# One read of the listing, 100 bytes per read(2), checked against the
# start (/tmp/stress.before) and the previous read (/tmp/stress.last), both
# "kfunc count loaded" lines.
check_read() {
	dd if=$listing bs=100 2> /dev/null | awk -F '\t' -v want="$kfuncs" '
		FILENAME != "-" {
			split($0, a, " ")
			if (FILENAME ~ /before$/) base[a[1]] = a[3] + 0
			else last[a[1]] = a[2] + 0
			next
		}
		FNR == 1 { if ($0 !~ /^# name\t/) bad = "no header first"; next }
		NF != 11 { bad = "a line of " NF " fields" }
		$2 == "sample_kfuncs" && index(" " want " ", " " $1 " ") {
			if (seen[$1]++) bad = $1 " twice"
			if ($10 < last[$1]) bad = $1 " count went down"
			if ($1 != "bpf_sample_legacy_mul" && $11 < base[$1] + 1)
				bad = $1 " loaded " $11 " with a program pinned"
			now[$1] = $10 " " $11
		}
		END {
			n = split(want, k, " ")
			for (i = 1; i <= n; i++)
				if (!(k[i] in seen)) bad = k[i] " missing"
			if (bad) { print bad; exit 1 }
			for (i = 1; i <= n; i++) print k[i], now[k[i]] > "/tmp/stress.last"
		}' /tmp/stress.before /tmp/stress.last -
}
reader() {
	n=0 bad=0
	while [ ! -e $stop ]; do
		check_read > /tmp/stress.why || { bad=$((bad + 1)); cat /tmp/stress.why; }
		n=$((n + 1))
		# a read is some hundred read(2) calls: leave the loaders the CPUs
		usleep 20000
	done
	echo "$n listing reads, $bad not whole"
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
for p in unstable_mix stable_sum deprecated_sum32; do
	kfunctool load $obj $p --pin /sys/fs/bpf/stress_$p > /dev/null ||
		{ echo "could not pin $p"; exit 1; }
done
cp /tmp/stress.before /tmp/stress.last
check_read || { echo "the first listing read is not whole"; exit 1; }
start=$(date +%s)
modules > /tmp/stress.modules 2>&1 &
reader > /tmp/stress.reader 2>&1 &
flipper > /tmp/stress.flipper 2>&1 &
(sleep $limit; touch $stop) &
watchdog=$!
pids=
i=1
while [ $i -le $loaders ]; do
	loader $i > /tmp/stress.loader$i 2>&1 &
	pids="$pids $!"
	i=$((i + 1))
done
wait $pids
took=$(($(date +%s) - start))
echo "the loads took ${took}s (watchdog: ${limit}s)"
[ -e $stop ] && fail "the loaders ran into the watchdog: the counts below say how far they got"
touch $stop
kill $watchdog 2> /dev/null
wait
echo "$policy" > $sysctl
cat /tmp/stress.loader* /tmp/stress.modules /tmp/stress.reader /tmp/stress.flipper
grep -q 'failed\|loaded$' /tmp/stress.loader* && fail "a loader went wrong"
grep -q '^0 \| failed' /tmp/stress.modules /tmp/stress.reader /tmp/stress.flipper &&
	fail "a background loop did not run or failed"
grep -q ' 0 not whole$' /tmp/stress.reader || fail "a listing read was not whole"
rm /sys/fs/bpf/stress_*

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
		# the pinned program of each loaded tier is one more load
		want = c[$1] + ($1 == "bpf_sample_legacy_mul" ? tomb : loads + 1)
		printf "%s: count %d -> %d (want %d), loaded %d\n", $1, c[$1], $2, want, $3
		if ($2 != want) bad = 1
	}
	END { exit bad }' /tmp/stress.before /tmp/stress.after || fail "a count is off"

rmmod sample_kfuncs || fail "sample_kfuncs does not unload"
insmod /lib/modules/stable-kfuncs/sample_kfuncs.ko || fail "sample_kfuncs does not load again"
exit $rc
