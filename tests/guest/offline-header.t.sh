#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# layer: core
# The kfunc header generated on the host from vmlinux and the .ko files
# alone (make images: kfunctool gen-header --kernel-btf --modules-btf) is
# byte for byte the one generated here from the running kernel's BTF.
want=/offline/kfuncs.h
[ -s $want ] || { echo "no $want in the image"; exit 1; }
kfunctool gen-header --module vmlinux --module sample_kfuncs -o /tmp/kfuncs.h ||
	{ echo "gen-header from /sys/kernel/btf failed"; exit 1; }
cmp $want /tmp/kfuncs.h || { diff $want /tmp/kfuncs.h | head -n 20; exit 1; }
echo "$(grep -c '__ksym' /tmp/kfuncs.h) prototypes, $(wc -c < /tmp/kfuncs.h) bytes, identical"
