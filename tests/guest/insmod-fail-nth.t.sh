#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# layer: fixes
# Every slab allocation of loading sample_register, its BTF and its kfunc
# registrations fails in turn (fail-nth N, N = 1, 2, ...), until a load
# reaches its end without the fault. Each time, either insmod fails and
# leaves nothing (no module, the listing exactly as before: vmlinux's and
# sample_kfuncs' kfuncs and tombstones untouched), or a failure that the
# module tolerates (its optional syscall set) leaves its required tracing
# set registered, or, with CONFIG_MODULE_ALLOW_BTF_MISMATCH (distributions
# set it), a failure in parsing the module's BTF leaves the module loaded
# without BTF and so without kfuncs, as without the series (a module with
# tiers fails instead: insmod-no-btf). Then the module loads normally.
. /tests/lib.sh
ko=/lib/modules/stable-kfuncs/sample_register.ko
fs=/sys/kernel/debug/failslab
rc=0
fail() { echo "N=$n: $*"; rc=1; }

echo N > $fs/ignore-gfp-wait && echo 0 > $fs/verbose ||
	{ echo "failslab is not configured"; exit 1; }
if has_layer listing; then
	cp $listing /tmp/before
	grep -q '	removed	' /tmp/before || { echo "no tombstone to watch in the listing"; exit 1; }
fi
n=0 failed=0 tolerated=0 without_btf=0
while :; do
	n=$((n + 1))
	[ $n -le 3000 ] || { fail "the load never ran out of allocations"; break; }
	out=$(fail-nth $n $ko 2> /tmp/err)
	st=$?
	[ $st = 2 ] && { fail "$(cat /tmp/err)"; break; }
	if [ $st = 1 ]; then
		failed=$((failed + 1))
		[ "$out" = injected ] || fail "insmod failed without the fault: $(cat /tmp/err)"
		grep -q '^sample_register ' /proc/modules && { fail "module loaded"; break; }
		has_layer listing && ! cmp -s /tmp/before $listing &&
			{ fail "the listing changed:"; diff /tmp/before $listing; break; }
		continue
	fi
	has_layer listing && line=$(awk -F '\t' '$1 == "bpf_register_get" { print $4 }' $listing)
	btf=no
	[ -e /sys/kernel/btf/sample_register ] && btf=yes
	rmmod sample_register || { fail "rmmod failed"; break; }
	[ "$out" = "not injected" ] && break
	tolerated=$((tolerated + 1))
	# Which sets stayed registered: the listing says
	has_layer listing || continue
	case $line in
	tracing*) ;;
	'') [ $btf = no ] || { fail "loaded with its BTF, but without kfuncs"; continue; }
		without_btf=$((without_btf + 1)) ;;
	*) fail "loaded, but the tracing set is gone (hooks '$line')" ;;
	esac
done
if has_layer listing; then
	echo N=$n: loaded without the fault, hooks $line
	[ "$line" = tracing,syscall ] || fail "want hooks tracing,syscall"
else
	echo N=$n: loaded without the fault
fi
echo "$failed loads failed cleanly, $tolerated tolerated a failure ($without_btf by loading without BTF)"
[ $failed -gt 0 ] || fail "no load failed: fail-nth did not work"
has_layer listing && ! cmp -s /tmp/before $listing &&
	{ echo "the listing changed:"; diff /tmp/before $listing; rc=1; }
echo Y > $fs/ignore-gfp-wait
exit $rc
