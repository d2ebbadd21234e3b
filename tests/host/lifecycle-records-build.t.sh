#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# layer: core
# A lifecycle record lives in BTF only, so the build refuses to lose or
# garble one: a module whose deprecated kfunc or tombstone has no record,
# whose kfunc has two, whose record has an empty field, or whose record
# belongs to a kfunc that is neither deprecated nor removed fails to build,
# with resolve_btfids naming the kfunc. A record that names no kfunc of
# the module is a warning, and the module builds.
set -u
. "$(dirname "$0")/../../scripts/lib.sh"
kdir=$B/linux
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
rc=0

# try NAME WANT MESSAGE FLAGS RECORDS...: build a module of one kfunc,
# bpf_try, registered with FLAGS and preceded by the RECORDS lines; WANT is
# "fail" or "ok", MESSAGE what the build log must hold
try() {
	local name=$1 want=$2 msg=$3 flags=$4 got
	shift 4
	mkdir -p "$tmp/$name"
	echo "obj-m += try.o" > "$tmp/$name/Kbuild"
	cp "$top/module/compat.h" "$tmp/$name/"
	{
		printf '#include <linux/btf.h>\n#include <linux/btf_ids.h>\n'
		printf '#include <linux/module.h>\n#include "compat.h"\n'
		printf '__bpf_kfunc_start_defs();\n'
		printf '__bpf_kfunc u32 bpf_try(u32 a)\n{\n\treturn a;\n}\n'
		printf '%s\n' "$@"
		printf '__bpf_kfunc_end_defs();\n'
		printf 'BTF_KFUNCS_START(try_ids)\nBTF_ID_FLAGS(func, bpf_try, %s)\n' "$flags"
		printf 'BTF_KFUNCS_END(try_ids)\n'
		printf 'static const struct btf_kfunc_id_set try_set = {\n'
		printf '\t.owner = THIS_MODULE,\n\t.set = &try_ids,\n};\n'
		printf 'static int __init try_init(void)\n{\n'
		printf '\treturn register_btf_kfunc_id_set(BPF_PROG_TYPE_SYSCALL, &try_set);\n}\n'
		printf 'module_init(try_init);\nMODULE_LICENSE("GPL");\n'
	} > "$tmp/$name/try.c"
	if make -s -C "$kdir" M="$tmp/$name" modules > "$tmp/$name.log" 2>&1; then
		got=ok
	else
		got=fail
	fi
	echo "$name: build $got: $(grep -m1 'resolve_btfids' "$tmp/$name.log")"
	[ "$got" = "$want" ] || { echo "  want: build $want"; tail -n 5 "$tmp/$name.log"; rc=1; }
	grep -q "$msg" "$tmp/$name.log" || { echo "  no line '$msg'"; rc=1; }
}
try no-record fail "FAILED kfunc bpf_try is KF_DEPRECATED but has no lifecycle record" \
	KF_DEPRECATED
try tombstone-no-record fail "FAILED kfunc bpf_try is KF_REMOVED but has no lifecycle record" \
	KF_REMOVED
try two-records fail "FAILED kfunc bpf_try has two lifecycle records" KF_DEPRECATED \
	'BTF_KFUNC_LIFECYCLE(bpf_try, "6.1", "6.4", "bpf_other");' \
	'BTF_KFUNC_LIFECYCLE(bpf_try, "6.1", "6.5", "bpf_other");'
try empty-field fail "FAILED lifecycle record with an empty field or a tab: bpf_try" \
	KF_DEPRECATED 'BTF_KFUNC_LIFECYCLE(bpf_try, "6.1", "", "bpf_other");'
try stable-record fail "FAILED kfunc bpf_try has a lifecycle record but is neither KF_DEPRECATED nor KF_REMOVED" \
	KF_STABLE 'BTF_KFUNC_LIFECYCLE(bpf_try, "6.1", "6.4", "bpf_other");'
try stray-record ok "WARN: resolve_btfids: lifecycle record of bpf_gone names no kfunc of" \
	KF_STABLE 'BTF_KFUNC_LIFECYCLE(bpf_gone, "6.1", "6.4", "bpf_other");'
exit $rc
