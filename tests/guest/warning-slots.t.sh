#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# layer: core
# The kernel-log warning's memory of what it said: it keys on the kfunc
# itself, not on its name, and when more kinds of load are active than it
# has slots (32) it forgets those with nothing unreported before one that
# holds loads its next warning must count.
. /tests/lib.sh
obj=/bpf/warnings.bpf.o
mod=sample_kfuncs
# Without the policy layer the kernel's policy is 1 always
! has_layer policy || echo 1 > /proc/sys/kernel/bpf_kfunc_deprecation
rc=0
warned() {	# warned COMM [SUFFIX]: the kernel log warned COMM about warn_new
	dmesg | grep -q "bpf: prog warn_new (comm $1 pid [0-9]*) calls deprecated kfunc bpf_sample_sum32, replacement: bpf_sample_sum$2$"
}

# A module loaded again has new kfuncs under the old names: a warning about
# the old ones, less than a minute ago, does not silence the new ones.
cp "$(command -v kfunctool)" /tmp/kt-key || exit 1
sleep 6	# a fresh ratelimit window
dmesg -c > /dev/null
/tmp/kt-key repeat 1 $obj warn_new > /dev/null || exit 1
warned kt-key || { echo "the first load is not warned about"; exit 1; }
tries=0
until rmmod $mod 2> /dev/null; do	# the last program's hold goes asynchronously
	tries=$((tries + 1))
	[ $tries -lt 50 ] || { echo "rmmod $mod fails"; exit 1; }
	sleep 0.1
done
insmod /lib/modules/stable-kfuncs/$mod.ko || { echo "insmod $mod failed"; exit 1; }
dmesg -c > /dev/null
/tmp/kt-key repeat 1 $obj warn_new > /dev/null || exit 1
if warned kt-key; then
	echo "module loaded again: its deprecated kfunc is warned about"
else
	echo "module loaded again: its deprecated kfunc is not warned about"; rc=1
fi

# Slots that hold unreported loads are the last given up. 8 comms load
# twice: one warning each, and one load held for the next warning. Then 25
# new comms fill the 32 slots over: 8 + 25 is more than 32 even with no
# older slot in use, so giving up the slots warned about longest ago would
# give up the 8. The slots given up must be ones with nothing held. A
# minute later each of the 8 is warned about again, with its held load
# counted. No more than 5 warnings in any 6 s, well within the printk
# ratelimit (10 in 5 s), so only the slots decide what is said.
#
# Whether a comm's second load is held depends on guest time, which a
# slower host stretches (a debug kernel's load has taken 7 s): each comm
# loads twice in a row, both timed, and the test expects what the times
# imply, never what a fast machine would do.
load_as() {	# load_as COMM: COMM loads warn_new once
	ln -sf "$(command -v kfunctool)" /tmp/$1
	/tmp/$1 repeat 1 $obj warn_new > /dev/null || exit 1
}
paced() {	# paced COMM...: each loads warn_new once, 5 every 6 s
	k=0
	for c in "$@"; do
		load_as $c
		k=$((k + 1))
		[ $((k % 5)) = 0 ] && sleep 6
	done
}
pair=6000	# the warning's interval, in hundredths of a second
held= slow=0
sleep 6
dmesg -c > /dev/null
i=1
while [ $i -le 8 ]; do	# 8 warnings: within one burst, no pacing
	c=kt-held$i
	t0=$(uptime_cs)
	load_as $c
	load_as $c
	t1=$(uptime_cs)
	n=$(dmesg -c | grep -c "(comm $c pid")
	# Within the interval the second load is held; over it, the kernel
	# may have warned again (its times lie somewhere between ours)
	if [ "$n" = 1 ]; then
		held="$held $c"
	elif [ "$n" = 2 ] && [ $((t1 - t0)) -ge $pair ]; then
		slow=$((slow + 1))
	else
		echo "$c: two loads within $((t1 - t0))0 ms: want one warning, got $n"; rc=1
	fi
	i=$((i + 1))
done
echo "8 comms loading twice: $slow warned twice, their loads over a minute apart in guest time"
[ -n "$held" ] || { echo "no load was held"; exit 1; }
new=$(i=1; while [ $i -le 25 ]; do echo kt-new$i; i=$((i + 1)); done)
sleep 6
paced $new
n=$(dmesg -c | grep -c '(comm kt-new[0-9]* pid')
echo "25 new comms, paced: $n warned"
[ "$n" = 25 ] || { echo "the ratelimit held some back: the test did not run as meant"; rc=1; }
sleep 61
paced $held
for c in $held; do
	warned $c " (1 more loads since the last warning)" ||
		{ echo "$c: its held load is lost:"; dmesg | grep "(comm $c pid"; rc=1; }
done
[ $rc = 0 ] && echo "$(echo $held | wc -w) comms with a held load, 25 more after them: every held load reported"
exit $rc
