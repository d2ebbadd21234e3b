#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# layer: core
# A kernel whose BTF has no kfunc tags, as every kernel built without the
# tag step (a pristine 6.1) has, is reported as such and never guessed:
# kfunctool tags, gen-header and audit without a listing exit 9 with a line
# that says so, and gen-header writes no file. The BTF is this build's
# vmlinux's without the types the tag step appended (btf-edit untag, tests/tools/btf-edit.c);
# the pristine tree's vmlinux, when make bench has built it, is checked too.
set -u
. "$(dirname "$0")/../../scripts/lib.sh"
b=$B
K=$b/loader/kfunctool
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
rc=0

"$b/host-tools/btf-edit" untag "$b/linux/vmlinux" "$tmp/untagged.btf" || exit 1
# The same BTF with its tags is read as tagged: the difference is the tags
"$K" tags --kernel-btf "$b/linux/vmlinux" > /dev/null ||
	{ echo "tags: the build's vmlinux is not read as tagged"; rc=1; }

# expect NAME WANT_EXIT CMD...: the exit code and one line saying why
expect() {
	local name=$1 want=$2 got; shift 2
	"$@" > "$tmp/out" 2> "$tmp/err"
	got=$?
	if [ $got != "$want" ] || [ "$(wc -l < "$tmp/err")" != 1 ] ||
	   ! grep -q 'tier tag\|kfunc tags\|tagged bpf_kfunc' "$tmp/err"; then
		echo "$name: exit $got, want $want; stderr:"; cat "$tmp/err"; rc=1
	else
		echo "$name: exit $got: $(cat "$tmp/err")"
	fi
}
for btf in "$tmp/untagged.btf" $(ls "$b/pristine/vmlinux" 2>/dev/null); do
	expect "tags $btf" 9 "$K" tags --kernel-btf "$btf"
	expect "gen-header $btf" 9 "$K" gen-header --kernel-btf "$btf" -o "$tmp/kfuncs.h"
	[ -e "$tmp/kfuncs.h" ] && { echo "gen-header wrote a file"; rc=1; }
	expect "audit $btf" 9 "$K" audit --kernel-btf "$btf" "$b/bpf/tiers_syscall.bpf.o"
done
exit $rc
