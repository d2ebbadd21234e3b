#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# layer: core
# The kfunc ABI dumped on the host from vmlinux and the .ko files (make
# images: kfunctool abi-dump --kernel-btf --modules-btf) is the one dumped
# here from the running kernel's BTF, release included (the banner's on
# the host, uname -r here), but for the flags lines: /sys/kernel/btf has
# no kfunc sets to read them from. abi-check finds no change either way
# (6.12 is past the planned removal of the sample's deprecated kfuncs:
# "overdue" warnings, which the release alone gives).
want=/offline/kfuncs.abi
[ -s $want ] || { echo "no $want in the image"; exit 1; }
kfunctool abi-dump --module vmlinux --module sample_kfuncs -o /tmp/kfuncs.abi ||
	{ echo "abi-dump from /sys/kernel/btf failed"; exit 1; }
grep -v '	flags ' $want > /tmp/want.abi
grep -q '	flags ' /tmp/kfuncs.abi && { echo "flags from /sys/kernel/btf?"; exit 1; }
cmp /tmp/want.abi /tmp/kfuncs.abi || { diff /tmp/want.abi /tmp/kfuncs.abi | head -n 20; exit 1; }
for pair in "$want /tmp/kfuncs.abi" "/tmp/kfuncs.abi $want"; do
	out=$(kfunctool abi-check $pair) || { echo "abi-check $pair: exit $?"; exit 1; }
	if echo "$out" | grep -q -e '^break ' -e '^note ' -e '^warning  *[^o]' ||
	   ! echo "$out" | tail -n 1 |
	   grep -q "^0 broken, [0-9]* warnings, 0 notes ($(uname -r) -> $(uname -r))$"; then
		echo "abi-check $pair:"; echo "$out"; exit 1
	fi
done
echo "$(grep -c '^kfunc ' /tmp/kfuncs.abi) kfuncs, $(wc -c < /tmp/kfuncs.abi) bytes, identical but for flags; abi-check: no change, $(echo "$out" | grep -c '^warning overdue') overdue"
