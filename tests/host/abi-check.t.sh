#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# layer: core
# The stable-kfunc promise checked as a module author's CI would: the
# built sample module's ABI against module/sample_kfuncs.abi (committed),
# and a mutant of the module per rule of kfunctool abi-check
# (tests/abi/mutants, all built in one make), each reported as exactly its
# rule and kfunc, the edits the tiers allow reported as notes and passing.
# Also: a dump is the same bytes twice, and what is not a dump, a dump cut
# short and dumps of different owners are refused.
set -u
. "$(dirname "$0")/../../scripts/lib.sh"
b=$B
kdir=$b/linux
kt=$b/loader/kfunctool
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
rc=0
fail() { echo "FAIL: $*"; rc=1; }
# dump KO [OPTION]...: the ABI of module KO, named sample_kfuncs
dump() { "$kt" abi-dump --btf "$1" --base "$kdir/vmlinux" "${@:2}"; }
# built_abi RELEASE: the dump of the module as built, recording RELEASE
# (made once)
built_abi() {
	local f=$tmp/built-$1.abi
	[ -f "$f" ] || dump "$built" --release "$1" -o "$f" || return 1
	echo "$f"
}
# findings OLD NEW: "severity rule kfunc" per finding, sorted
findings() {
	"$kt" abi-check "$1" "$2" > "$tmp/check.out"
	echo $? > "$tmp/check.rc"
	sed '$d' "$tmp/check.out" | awk '{ sub(/:$/, "", $4); print $1, $2, $4 }' | sort
}

# The module as built: nothing broken against the committed dump
built=$b/kmod/module/sample_kfuncs.ko
dump "$built" -o "$tmp/built.abi" || fail "abi-dump of the built module"
"$kt" abi-check "$top/module/sample_kfuncs.abi" "$tmp/built.abi" > "$tmp/baseline.out"
r=$?
sed 's/^/  /' "$tmp/baseline.out"
[ $r = 0 ] || fail "the built module breaks module/sample_kfuncs.abi (abi-check exit $r)"
dump "$built" -o "$tmp/again.abi" && cmp -s "$tmp/built.abi" "$tmp/again.abi" ||
	fail "two dumps of the same module differ"

# The mutants, a module each (module names must differ within one build),
# all built by one make
declare -A release want
names=()
mkdir "$tmp/m"
while IFS= read -r line; do
	case $line in
	'mutant '*)
		read -r _ name rel <<< "$line"
		names+=("$name") release[$name]=$rel want[$name]=
		mod=mut_${name//-/_}
		mkdir "$tmp/m/$name"
		cp "$top/module/sample_kfuncs.c" "$tmp/m/$name/$mod.c"
		cp "$top/module/compat.h" "$tmp/m/$name/"
		echo "obj-m := $mod.o" > "$tmp/m/$name/Kbuild"
		echo "obj-m += $name/" >> "$tmp/m/Kbuild" ;;
	'sed '*)
		src=$tmp/m/$name/$mod.c
		cp "$src" "$tmp/before.c"
		sed -i -e "${line#sed }" "$src"
		cmp -s "$src" "$tmp/before.c" && fail "$name: the edit '${line#sed }' changed nothing" ;;
	'want '*)
		want[$name]+="${line#want }"$'\n' ;;
	esac
done < "$top/tests/abi/mutants"
[ ${#names[@]} -ge 13 ] || fail "only ${#names[@]} mutants read"
t0=$SECONDS
make -s -C "$kdir" M="$tmp/m" modules > "$tmp/build.log" 2>&1 ||
	{ echo "mutants failed to build:"; tail -n 30 "$tmp/build.log"; exit 1; }
echo "# ${#names[@]} mutants built in $((SECONDS - t0))s"

for name in "${names[@]}"; do
	mod=mut_${name//-/_}
	mkdir "$tmp/d-$name"
	cp "$tmp/m/$name/$mod.ko" "$tmp/d-$name/sample_kfuncs.ko"
	old=$(built_abi "${release[$name]}") &&
	dump "$tmp/d-$name/sample_kfuncs.ko" --release "${release[$name]}" -o "$tmp/new.abi" ||
		{ fail "$name: abi-dump"; continue; }
	got=$(findings "$old" "$tmp/new.abi")
	expect=$(printf '%s' "${want[$name]}" | sort)
	# A broken promise exits 14, anything else 0
	erc=0
	grep -q '^break ' <<< "$expect" && erc=14
	if [ "$got" != "$expect" ] || [ "$(cat "$tmp/check.rc")" != $erc ]; then
		fail "$name: abi-check said (exit $(cat "$tmp/check.rc"), want $erc):"
		sed 's/^/    /' "$tmp/check.out"
		echo "  want:"
		sed 's/^/    /' <<< "$expect"
	else
		echo "ok $name: $(sed '$d' "$tmp/check.out" | sed 's/  */ /g' | paste -sd';')"
	fi
done

# A dump the other way round: what the mutant lacked is added
dump "$tmp/d-stable-removed/sample_kfuncs.ko" --release 6.3 -o "$tmp/old.abi"
[ "$(findings "$tmp/old.abi" "$(built_abi 6.3)")" = "note added bpf_sample_sum" ] ||
	fail "a kfunc new in NEW is not reported as added: $(cat "$tmp/check.out")"

# Inputs that are no dump, or not a whole one, or not comparable: exit 15
bad() {	# WHAT OLD NEW MESSAGE
	"$kt" abi-check "$2" "$3" > /dev/null 2> "$tmp/err"
	local r=$?
	if [ $r != 15 ] || ! grep -q -- "$4" "$tmp/err"; then
		fail "$1: exit $r, want 15 and '$4': $(cat "$tmp/err")"
	fi
}
bad "not a dump" "$kdir/.config" "$tmp/built.abi" "not a kfunc ABI dump"
head -n 12 "$tmp/built.abi" > "$tmp/cut.abi"
bad "a dump cut short" "$tmp/built.abi" "$tmp/cut.abi" "cut short"
sed 's/^owners sample_kfuncs$/owners vmlinux/; s/^kfunc sample_kfuncs /kfunc vmlinux /' \
	"$tmp/built.abi" > "$tmp/vmlinux.abi"
bad "different owners" "$tmp/built.abi" "$tmp/vmlinux.abi" "cover different owners"
exit $rc
