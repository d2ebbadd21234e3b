#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# layer: core
# kfunctool repeat --stats, as make bench reads it: one CSV line per
# repeated load, the verifier's time and instruction count read from its
# log level 4 log. With --no-log the loads ask for no log (libbpf's first
# try): every figure read from a log is -1, never one left over from an
# earlier load, and a deprecated call still verifies and, with the
# listing, is counted. --caps holds for the repeated loads too: with
# CAP_BPF alone the verifier walks a speculative branch as well, and
# processes more instructions.
. /tests/lib.sh
obj=/bpf/warnings.bpf.o
# check OUT PATTERN: OUT is the header and 2 lines matching PATTERN
check() {
	printf '%s\n' "$1" | sed -n 1p | grep -qx 'prog,load,verification_us,syscall_ns,insns' ||
		{ echo "no CSV header in: $1"; return 1; }
	n=$(printf '%s\n' "$1" | sed 1d | grep -c -E "$2")
	[ "$n" = 2 ] || { echo "want 2 lines matching $2, got $n in: $1"; return 1; }
}
rc=0

out=$(kfunctool repeat 3 --stats $obj warn_a) || exit 1
echo "$out"
# Loads 2 and 3 with their times (0 on a guest clock with jiffies'
# resolution) and the instructions the verifier processed
check "$out" '^warn_a,[23],[0-9]+,[0-9]+,[1-9][0-9]*$' || rc=1

has_layer listing && u0=$(count bpf_sample_sum32)
out=$(kfunctool repeat 3 --stats --no-log $obj warn_a) || exit 1
echo "$out"
check "$out" '^warn_a,[23],-1,[0-9]+,-1$' || rc=1
if has_layer listing; then
	u1=$(count bpf_sample_sum32)
	echo "uses of bpf_sample_sum32: $u0 -> $u1"
	[ "$u1" = $((u0 + 3)) ] || { echo "want 3 loads counted"; rc=1; }
fi

spec=/bpf/speculative.bpf.o
insns() {	# insns [OPTION]...: instructions processed at the second load
	kfunctool repeat "$@" 2 --stats $spec spec_deprecated | sed -n 2p | cut -d, -f5
}
all=$(insns) bpf=$(insns --caps CAP_BPF)
echo "spec_deprecated's second load: $all instructions as root, $bpf with CAP_BPF alone"
[ -n "$all" ] && [ -n "$bpf" ] && [ "$bpf" -gt "$all" ] ||
	{ echo "want more instructions with CAP_BPF alone"; rc=1; }

kfunctool repeat 2 --no-log $obj warn_a > /dev/null 2>&1 &&
	{ echo "--no-log without --stats was taken"; rc=1; }
exit $rc
