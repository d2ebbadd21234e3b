#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The kernel-log warning's memory of what it said: it keys on the kfunc
# itself, not on its name, and when more kinds of load are active than it
# has slots (32) it forgets those warned about before one whose warning the
# printk ratelimit held back, whose next warning must count that load.
obj=/bpf/warnings.bpf.o
mod=sample_kfuncs
echo 1 > /proc/sys/kernel/bpf_kfunc_deprecation
rc=0
warned() {	# warned COMM [SUFFIX]: the kernel log warned COMM about warn_new
	dmesg | grep -q "bpf: prog warn_new (comm $1 pid [0-9]*) calls deprecated kfunc bpf_sample_sum32, replacement: bpf_sample_sum$2$"
}

# A module loaded again has new kfuncs under the old names: a warning about
# the old ones, less than a minute ago, does not silence the new ones.
cp "$(command -v kfunctool)" /tmp/kt-key || exit 1
sleep 6	# a fresh ratelimit window
dmesg -c > /dev/null
/tmp/kt-key load --repeat 1 $obj warn_new > /dev/null || exit 1
warned kt-key || { echo "the first load is not warned about"; exit 1; }
tries=0
until rmmod $mod 2> /dev/null; do	# the last program's hold goes asynchronously
	tries=$((tries + 1))
	[ $tries -lt 50 ] || { echo "rmmod $mod fails"; exit 1; }
	sleep 0.1
done
insmod /lib/modules/stable-kfuncs/$mod.ko || { echo "insmod $mod failed"; exit 1; }
dmesg -c > /dev/null
/tmp/kt-key load --repeat 1 $obj warn_new > /dev/null || exit 1
if warned kt-key; then
	echo "module loaded again: its deprecated kfunc is warned about"
else
	echo "module loaded again: its deprecated kfunc is not warned about"; rc=1
fi

# 40 comms load at once: the ratelimit lets 10 warnings through and holds
# 30 back; 8 of the 40 find no free slot. The slots given up must be ones
# warned about, so that every comm held back is warned about at its next
# load, with the load held back counted.
n=40
i=1
while [ $i -le $n ]; do
	ln -sf "$(command -v kfunctool)" /tmp/kt-slot$i
	i=$((i + 1))
done
sleep 6
dmesg -c > /dev/null
i=1
while [ $i -le $n ]; do
	/tmp/kt-slot$i load --repeat 1 $obj warn_new > /dev/null || exit 1
	i=$((i + 1))
done
dmesg -c > /tmp/kmsg1
held=
i=1
while [ $i -le $n ]; do
	grep -q "(comm kt-slot$i pid" /tmp/kmsg1 || held="$held $i"
	i=$((i + 1))
done
set -- $held
echo "$n comms at once: $# held back by the ratelimit"
[ $# -ge $((n - 32)) ] || { echo "too few held back to overflow the slots"; exit 1; }
# Again, at most 5 loads in each 5 s window of the ratelimit
sleep 6
k=0
for i in $held; do
	/tmp/kt-slot$i load --repeat 1 $obj warn_new > /dev/null || exit 1
	warned kt-slot$i " (1 more loads since the last warning)" ||
		{ echo "kt-slot$i: its held-back load is lost:"; dmesg | tail -n 1; rc=1; }
	k=$((k + 1))
	[ $((k % 5)) = 0 ] && sleep 6
done
exit $rc
