#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# layer: fixes
# The verifier reads a BTF's kfunc tables without a lock, so they may only
# change before any program can use them: during a module's init, or
# vmlinux's initcalls. A registration by a live module, or into vmlinux's
# BTF after boot, of a kfunc set or a kfunc destructor, is refused with
# EBUSY and changes nothing. A module still
# initialising is not in the listing (with the listing layer).
. /tests/lib.sh
ko=/lib/modules/stable-kfuncs/sample_register.ko
rc=0

dmesg -c > /dev/null
if insmod $ko vmlinux_owner=1 2> /tmp/err; then
	fail "vmlinux_owner: insmod succeeded"; rmmod sample_register
else
	grep -q 'Device or resource busy' /tmp/err || fail "vmlinux_owner: want EBUSY, got: $(cat /tmp/err)"
	dmesg | grep -q 'sample_register_init.* registers kfuncs into vmlinux after boot' ||
		{ fail "vmlinux_owner: no kernel log line:"; dmesg | tail -n 5; }
	echo "vmlinux_owner: refused: $(dmesg | grep 'after boot')"
fi
grep -q '^sample_register ' /proc/modules && fail "vmlinux_owner: module loaded"

insmod $ko init_delay_ms=3000 &
pid=$!
tries=0
until [ "$(cat /sys/module/sample_register/initstate 2>/dev/null)" = coming ]; do
	tries=$((tries + 1))
	[ $tries -lt 100 ] || { fail "init_delay_ms: module never seen initialising"; break; }
	sleep 0.02
done
has_layer listing && grep 'bpf_register_get' $listing &&
	fail "init_delay_ms: listed while initialising"
wait $pid || fail "init_delay_ms: insmod failed"
if has_layer listing; then
	grep -q 'bpf_register_get' $listing || fail "init_delay_ms: not listed once live"
	echo "init_delay_ms: listed only once live"
	cp $listing /tmp/before
fi

dmesg -c > /dev/null
if echo 1 2> /tmp/err > /sys/module/sample_register/parameters/late; then
	fail "late: registration by a live module succeeded"
else
	dmesg | grep -q 'sample_register registers kfuncs while live' ||
		{ fail "late: no kernel log line:"; dmesg | tail -n 5; }
	echo "late: refused: $(dmesg | grep 'while live')"
fi
has_layer listing && ! cmp -s /tmp/before $listing &&
	{ fail "late: the listing changed:"; diff /tmp/before $listing; }

# Kfunc destructors follow the same rule: the write fails, with a line,
# and leaves no splat.
for owner in module vmlinux; do
	dmesg -c > /dev/null
	if echo $owner 2> /tmp/err > /sys/module/sample_register/parameters/late_dtor; then
		fail "late_dtor=$owner: registration succeeded"; continue
	fi
	grep -q 'Device or resource busy' /tmp/err ||
		fail "late_dtor=$owner: want EBUSY, got: $(cat /tmp/err)"
	case $owner in
	module) want='bpf: module sample_register registers kfuncs while live' ;;
	vmlinux) want='registers kfuncs into vmlinux after boot' ;;
	esac
	dmesg | grep -q "$want" || { fail "late_dtor=$owner: no kernel log line:"; dmesg | tail -n 5; }
	echo "late_dtor=$owner: refused: $(dmesg | grep "$want")"
done
rmmod sample_register || fail "cannot unload sample_register"
exit $rc
