#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# layer: core
# The build's tag step (resolve_btfids --kfunc-tags) costs nothing where it
# has nothing to do and fails only where a tier would be lost: no file for
# an object without kfunc sets, or without BTF and without tiers, or whose
# tags are all there; a failure for an object without BTF whose kfuncs have
# tiers. A Makefile.modfinal whose resolve_btfids has no tag step, as an
# out-of-date headers package may pair them, still builds every module
# with its ids resolved, and without tier tags.
set -u
. "$(dirname "$0")/../../scripts/lib.sh"
b=$B
kdir=$b/linux
mods=$b/kmod/module tmods=$b/kmod/tests/modules
rb=$kdir/tools/bpf/resolve_btfids/resolve_btfids
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
rc=0

# step OBJ WANT: the tag step on OBJ exits as WANT says ("0 none": exit 0
# and no file; "fail": a non-zero exit)
step() {
	local got
	rm -f "$tmp/t"
	"$rb" -b "$kdir/vmlinux" --kfunc-tags "$tmp/t" "$1" > "$tmp/out" 2>&1
	got=$?
	if [ "$2" = fail ]; then
		[ $got != 0 ] && got=fail
	else
		got="$got $([ -f "$tmp/t" ] && echo wrote || echo none)"
	fi
	echo "$(basename "$1"): $got $(head -n 1 "$tmp/out")"
	[ "$got" = "$2" ] || { echo "  want: $2"; rc=1; }
}
step "$mods/sample_kfuncs.mod.o" "0 none"	# no kfunc set, no BTF
step "$tmods/sample_register.nobtf.ko" "0 none"	# unstable kfuncs, no BTF
step "$tmods/sample_register.ko" "0 none"	# tags all there
step "$mods/sample_kfuncs.nobtf.ko" fail	# tiers, no BTF
grep -q 'sample_kfuncs.nobtf.ko has kfuncs with a tier but no .BTF to tag' "$tmp/out" ||
	{ echo "  no reason given"; rc=1; }

# resolve_btfids as a tree without the tag step has it
cat > "$tmp/old-resolve-btfids" <<OLD
#!/bin/sh
for a; do
	case \$a in --kfunc-tags|--help) echo "usage: resolve_btfids [<options>] <ELF object>" >&2; exit 129 ;; esac
done
exec "$rb" "\$@"
OLD
chmod +x "$tmp/old-resolve-btfids"
mkdir -p "$tmp/kmod/tests"
cp -r "$top/Kbuild" "$top/module" "$tmp/kmod/"
cp -r "$top/tests/modules" "$tmp/kmod/tests/"
if make -s -C "$kdir" M="$tmp/kmod" RESOLVE_BTFIDS="$tmp/old-resolve-btfids" modules \
		> "$tmp/build.log" 2>&1; then
	for m in module/sample_kfuncs tests/modules/sample_register; do
		ko=$tmp/kmod/$m.ko
		m=${m##*/}
		objcopy -O binary --only-section=.BTF_ids "$ko" "$tmp/ids"
		# BTF ids are in the thousands; unresolved, the section holds
		# only zeros and the sets' flags and counts
		od -An -tu4 -v "$tmp/ids" | tr -s ' ' '\n' | awk '$1 >= 100 { f = 1 } END { exit !f }' ||
			{ echo "old resolve_btfids: $m.ko has unresolved ids"; rc=1; }
		n=$(bpftool -B "$kdir/vmlinux" btf dump file "$ko" | grep -c "DECL_TAG 'bpf_kfunc_tier")
		echo "old resolve_btfids: $m.ko built, ids resolved, $n tier tags"
		[ "$n" = 0 ] || rc=1
	done
else
	echo "old resolve_btfids: the module build failed:"; tail -n 20 "$tmp/build.log"; rc=1
fi
exit $rc
