#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# needs: file /usr/bin/libbpf-tiers
# layer: core
# The tiers as an application linked with the 6.12 tree's libbpf (the
# series' libbpf patch) sees them, with tests/libbpf's objects:
# - an object built before a kfunc was deprecated loads, and libbpf warns
#   once, at its default print level, naming the first program calling it,
#   the kfunc, its record and its replacement;
# - a __weak extern to a tombstone resolves as absent: bpf_ksym_exists()
#   is false, and the fallback runs, in the main program, a subprogram and
#   an freplace program;
# - a strong extern to a tombstone fails in libbpf, naming the release it
#   was removed in and the replacement, before the kernel sees it: the
#   tombstone's count of rejected loads in the listing does not move;
# - deny_deprecated_kfuncs refuses an object calling a deprecated kfunc
#   and loads ones that call none: a stable kfunc, the fallback above.
. /tests/lib.sh
dir=/offline/libbpf
rc=0
# Nothing is left loaded: the programs are freed shortly after their last
# fd is closed, before the next test reads the listing.
has_layer listing && loaded0=$(col bpf_sample_sum 11)
# run NAME WANT-STATUS [--deny-deprecated] OBJECT: libbpf-tiers' output in
# /tmp/NAME.out, shown; its status must be WANT-STATUS
run() {
	name=$1 want=$2
	shift 2
	libbpf-tiers "$@" > /tmp/$name.out 2>&1
	got=$?
	echo "$name: libbpf-tiers $* (exit $got)"
	sed 's/^/  /' /tmp/$name.out
	[ $got = $want ] || { echo "  wanted exit $want"; rc=1; }
}
# has NAME COUNT TEXT: TEXT is in COUNT lines of NAME's output
has() {
	n=$(grep -cF -- "$3" /tmp/$1.out)
	[ "$n" = "$2" ] || { echo "  wanted $2 line(s) with: $3 (got $n)"; rc=1; }
}

run deprecated 0 $dir/deprecated.bpf.o
has deprecated 1 "libbpf: prog 'old_sum_a': kfunc 'bpf_sample_sum32' is deprecated since 6.1, removal planned for 6.4, replacement: bpf_sample_sum"
has deprecated 1 "deprecated"
has deprecated 1 "old_sum_b: loaded, returned 11"
has deprecated 1 "new_sum: loaded, returned 7"

run fallback 0 $dir/fallback.bpf.o
has fallback 1 "fallback_main: loaded, returned 65"
has fallback 1 "fallback_subprog: loaded, returned 65"

run freplace 0 --target $dir/replace_target.bpf.o $dir/fallback_freplace.bpf.o
has freplace 1 "target: loaded, returned 65"

has_layer listing && r0=$(count bpf_sample_legacy_mul)
run removed 1 $dir/removed.bpf.o
has removed 1 "libbpf: extern (func ksym) 'bpf_sample_legacy_mul': kfunc was removed in 6.1, replacement: bpf_sample_mix"
if has_layer listing; then
	r1=$(count bpf_sample_legacy_mul)
	echo "  bpf_sample_legacy_mul's count of rejected loads: $r0 -> $r1"
	[ "$r1" = "$r0" ] || rc=1
fi

run deny 1 --deny-deprecated $dir/deprecated.bpf.o
has deny 1 "libbpf: extern (func ksym) 'bpf_sample_sum32': kfunc is deprecated, denied by deny_deprecated_kfuncs, replacement: bpf_sample_sum"
run deny-stable 0 --deny-deprecated $dir/stable.bpf.o
has deny-stable 1 "stable_sum: loaded, returned 7"
run deny-fallback 0 --deny-deprecated $dir/fallback.bpf.o
has deny-fallback 1 "fallback_main: loaded, returned 65"

has_layer listing || exit $rc
i=0
while [ "$(col bpf_sample_sum 11)" != "$loaded0" ] && [ $i -lt 100 ]; do
	sleep 0.1
	i=$((i + 1))
done
[ "$(col bpf_sample_sum 11)" = "$loaded0" ] ||
	{ echo "bpf_sample_sum still loaded by $(col bpf_sample_sum 11) programs"; rc=1; }
exit $rc
