#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# layer: policy
# kernel.bpf_kfunc_deprecation takes 0, 1 and 2 only: any other write is
# refused with EINVAL and leaves the value as it was; only root writes it,
# and only with CAP_SYS_ADMIN: the file mode stops other users, the
# handler a root process without the capability.
f=/proc/sys/kernel/bpf_kfunc_deprecation
[ -f $f ] || { echo "$f is missing"; exit 1; }
[ "$(cat $f)" = 1 ] || { echo "default is $(cat $f), want 1"; exit 1; }
[ "$(stat -c '%a %u' $f)" = "644 0" ] || { echo "mode/owner $(stat -c '%a %u' $f)"; exit 1; }
rc=0
for v in 2 0 1; do
	echo $v > $f || { echo "writing $v failed"; rc=1; }
	[ "$(cat $f)" = $v ] || { echo "wrote $v, read $(cat $f)"; rc=1; }
done
for v in 3 -1 abc 1x; do
	err=$( (echo "$v" > $f) 2>&1) && { echo "writing '$v' succeeded"; rc=1; }
	case $err in
	*"Invalid argument"*) ;;
	*) echo "writing '$v': want EINVAL, got: $err"; rc=1 ;;
	esac
	[ "$(cat $f)" = 1 ] || { echo "value changed to $(cat $f) by '$v'"; rc=1; }
done
mkdir -p /etc
grep -q '^nobody:' /etc/passwd 2>/dev/null ||
	echo 'nobody:x:65534:65534:nobody:/:/bin/sh' >> /etc/passwd
err=$(su nobody -s /bin/sh -c "echo 2 > $f" 2>&1) && { echo "nobody could write 2"; rc=1; }
case $err in
*"Permission denied"*) ;;
*) echo "nobody writing 2: want EACCES, got: $err"; rc=1 ;;
esac
[ "$(cat $f)" = 1 ] || { echo "value changed to $(cat $f) by nobody"; rc=1; }
err=$(drop cap 21 sh -c "echo 2 > $f" 2>&1) && { echo "root without CAP_SYS_ADMIN could write 2"; rc=1; }
case $err in
*"Operation not permitted"*) ;;
*) echo "root without CAP_SYS_ADMIN writing 2: want EPERM, got: $err"; rc=1 ;;
esac
[ "$(cat $f)" = 1 ] || { echo "value changed to $(cat $f) without CAP_SYS_ADMIN"; rc=1; }
exit $rc
