#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# layer: listing
# A load that passes verification but fails afterwards, here for want of a
# file descriptor for the program (EMFILE), is neither counted in the
# listing nor warned about in the kernel log; the same load with one more
# descriptor allowed is both.
. /tests/lib.sh
obj=/bpf/tiers_syscall.bpf.o
# A comm of its own, so that no earlier warning suppresses this one
kt=/tmp/kt-failed
cp "$(command -v kfunctool)" $kt || exit 1
echo 1 > /proc/sys/kernel/bpf_kfunc_deprecation
try() {	# try N [LOADER]: load with at most N open files
	(ulimit -n "$1" && exec ${2:-$kt} load $obj deprecated_sum32 --pin /sys/fs/bpf/failed) \
		> /tmp/out 2>&1
}
# The fewest descriptors the load needs: with one less, the program's own
# fd, the last one it takes, is what fails. Found with kfunctool itself,
# whose warnings are not looked at.
n=4
while ! try $n kfunctool; do
	n=$((n + 1))
	[ $n -le 64 ] || { echo "no load succeeded with up to 64 files"; cat /tmp/out; exit 1; }
done
rm /sys/fs/bpf/failed
rc=0
dmesg -c > /dev/null
c0=$(count bpf_sample_sum32)
try $((n - 1)) && { echo "the load succeeded with $((n - 1)) files"; rm /sys/fs/bpf/failed; exit 1; }
grep -q 'Too many open files' /tmp/out || { echo "not EMFILE: $(cat /tmp/out)"; exit 1; }
# The verifier passed the program: its deprecation notice, printed only
# for a program that passed, is in the log.
grep -q 'failed after passing verification, .*(verifier: kfunc bpf_sample_sum32 is deprecated since 6.1' /tmp/out ||
	{ echo "no sign the load passed verification: $(cat /tmp/out)"; exit 1; }
c1=$(count bpf_sample_sum32)
echo "$((n - 1)) files: $(grep -o 'failed after [^(]*([^)]*)' /tmp/out); count $c0 -> $c1"
[ "$c1" = "$c0" ] || rc=1
dmesg | grep 'comm kt-failed' && { echo "a warning for a program that did not load"; rc=1; }
try $n || { echo "the load failed with $n files"; exit 1; }
rm /sys/fs/bpf/failed
c2=$(count bpf_sample_sum32)
echo "$n files: loaded; count $c1 -> $c2"
[ "$c2" = $((c1 + 1)) ] || rc=1
dmesg | grep -q 'bpf: prog deprecated_sum3 (comm kt-failed' || { echo "no warning for the load"; rc=1; }
exit $rc
