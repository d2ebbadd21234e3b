#!/bin/sh
# SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
#
# Host-side tests of kfunctool: exit codes and messages of every path that
# must fail before anything reaches the kernel, and audit/list in offline
# mode. Nothing is loaded and no sysctl set: KFUNCTOOL_NO_LOAD makes
# kfunctool refuse to, and where strace exists every case is also checked to
# make no bpf() call and to open nothing under /proc/sys for writing.
#
#   sh tests/errors.sh PATH/TO/kfunctool      (OUT=DIR for the test objects)
#
# Prints TAP (plan last); exits 0 when every case passed.
set -u

K=${1:?usage: errors.sh PATH/TO/kfunctool}
here=$(cd "$(dirname "$0")" && pwd)
CLANG=${CLANG:-clang}
OUT=${OUT:-$(mktemp -d)}
T=$OUT/tests
mkdir -p "$T"
export KFUNCTOOL_NO_LOAD=1

have_strace=0
command -v strace >/dev/null 2>&1 && have_strace=1
# an open(2) of a sysctl for writing, in strace's words
sysctl_write='open(at2?)?\(.*"/proc/sys/.*O_(WRONLY|RDWR)'

n=0
failed=0
ok() { n=$((n + 1)); echo "ok $n $1"; }
notok() {
	n=$((n + 1)); failed=$((failed + 1)); echo "not ok $n $1"
	shift; for l in "$@"; do printf '%s\n' "$l" | tr '\r' '\n' | sed 's/^/# /'; done
	sed 's/^/# stderr: /' "$T/err" | head -5
}

# exits NAME WANT_EXIT CMD...: the exit code, no bpf() call, no sysctl
# opened for writing; else "not ok" and false. Leaves stdout in $T/out,
# stderr in $T/err, the calls in $T/strace.
exits() {
	name=$1 want=$2; shift 2
	if [ $have_strace = 1 ]; then
		strace -f -qq -s 256 -e trace=bpf,open,openat,openat2 -o "$T/strace" "$@" >"$T/out" 2>"$T/err"
	else
		"$@" >"$T/out" 2>"$T/err"
	fi
	got=$?
	if [ "$got" != "$want" ]; then
		notok "$name" "expected exit $want, got $got"
		return 1
	fi
	if [ $have_strace = 1 ] && grep -q '^[0-9]* *bpf(' "$T/strace"; then
		notok "$name" "made a bpf() syscall: $(grep -m1 'bpf(' "$T/strace")"
		return 1
	fi
	if [ $have_strace = 1 ] && grep -Eq "$sysctl_write" "$T/strace"; then
		notok "$name" "opened a sysctl for writing: $(grep -Em1 "$sysctl_write" "$T/strace")"
		return 1
	fi
}

# run NAME WANT_EXIT CMD...: exit code, a one-line error, no bpf() call
run() {
	exits "$@" || return
	case $want in
	3|4|5|6|7|8|9)
		if [ "$(wc -l < "$T/err")" != 1 ] || ! grep -q '^kfunctool: ' "$T/err"; then
			notok "$name" "expected one 'kfunctool: ...' line on stderr"
			return
		fi
		if [ -s "$T/out" ]; then
			notok "$name" "expected nothing on stdout"
			return
		fi ;;
	esac
	ok "$name"
}

# stderr of the last run must contain TEXT
says() {
	if grep -qF -- "$2" "$T/err"; then ok "$1"; else notok "$1" "stderr lacks '$2'"; fi
}

for src in "$here"/*.bpf.c; do
	obj=$T/$(basename "$src" .c).o
	if ! $CLANG -g -O2 -target bpf -c "$src" -o "$obj" 2>"$T/clang.err"; then
		echo "Bail out! cannot build $src with $CLANG: $(head -1 "$T/clang.err")"
		exit 1
	fi
done

# tagobj NAME TAG...: $T/NAME.bpf.o, one good program "p" with these decl
# tags (each the inside of a C string: "\n" is a newline)
tagobj() {
	name=$1; shift
	{
		echo '#include "objs.h"'
		echo 'SEC("syscall") __success'
		for t in "$@"; do printf '__tag("%s")\n' "$t"; done
		echo 'int p(void *ctx) { return 0; }'
	} > "$T/$name.c"
	if ! $CLANG -g -O2 -target bpf -I"$here" -c "$T/$name.c" -o "$T/$name.bpf.o" 2>"$T/clang.err"; then
		echo "Bail out! cannot build $T/$name.c with $CLANG: $(head -1 "$T/clang.err")"
		exit 1
	fi
}
tagobj retval_u64 "test_retval=18446744073709551615"
tagobj retval_hex64 "test_retval=0xffffffffffffffff"
tagobj tag_newline "test_expect_miracle\nok 1 forged"
tagobj caps_unknown "test_caps=CAP_SYS_BOOT"
# sysctl names that cannot exist: nothing is ever written, only read
tagobj sysctl_slash "test_sysctl=kernel/kt_no.such/x=1"
tagobj sysctl_dots "test_sysctl=kernel.kt_no/such.x=1"
tagobj sysctl_value "test_sysctl=kernel/kt_no.such/x=1..2"
# a sysctl every kernel has, read-only even for root: were kfunctool to try
# to write it under KFUNCTOOL_NO_LOAD, the open would fail, not the host change
tagobj sysctl_ro "test_sysctl=kernel.osrelease=kt"
# ("kernel.//" is kernel/.. in dot form)
bad_keys="kernel/bpf.x/.. kernel.// kernel/./x kernel.x. kernel/x/ kernel//x /kernel/x .kernel.x kernel/a+b"
i=0
for k in $bad_keys; do
	i=$((i + 1))
	tagobj sysctl_bad$i "test_sysctl=$k=1"
done

echo "TAP version 13"

# usage, help, version
run "no command: usage" 2 "$K"
run "unknown command" 2 "$K" frobnicate
run "--help" 0 "$K" --help
run "--version" 0 "$K" --version
run "help test" 0 "$K" help test
run "help for an unknown command" 2 "$K" help frobnicate
for c in test try load repeat list audit tags gen-header abi-dump abi-check; do
	run "$c --help" 0 "$K" $c --help
done
# The top-level usage names every command on one line of its own; the
# synopsis is in the command's own help only, which opens with it
"$K" --help > "$T/top" 2>&1
for c in test try load repeat list audit tags gen-header abi-dump abi-check; do
	if [ "$(grep -c "^  $c " "$T/top")" = 1 ] &&
	   "$K" $c --help 2>&1 | head -n 1 | grep -q "^Usage: kfunctool $c "; then
		ok "usage names $c once; its help opens with its synopsis"
	else
		notok "usage names $c once; its help opens with its synopsis"
	fi
done
opts=$(grep -o -- '--[a-z][a-z-]*' "$T/top" | grep -vx -e --help -e --version)
if [ -n "$opts" ]; then
	notok "the top-level usage repeats no command's options" "$opts"
else
	ok "the top-level usage repeats no command's options"
fi
run "test without objects" 2 "$K" test
says "test without objects: what is wanted" "kfunctool: test: want an object (see 'kfunctool test --help')"
run "test with an unknown option" 2 "$K" test --frobnicate "$T/bad_tag.bpf.o"
says "test with an unknown option: named" "kfunctool: test: unknown option '--frobnicate' (see 'kfunctool test --help')"
run "list --tier without its argument" 2 "$K" list --tier
says "list --tier without its argument: said" "kfunctool: list: missing argument of '--tier'"
run "list --json=1" 2 "$K" list --json=1
says "list --json=1: said" "kfunctool: list: '--json' takes no argument"
run "try without objects" 2 "$K" try
run "load without --pin" 2 "$K" load "$T/bad_tag.bpf.o" good
run "load of two programs" 2 "$K" load "$T/bad_tag.bpf.o" good bad --pin /sys/fs/bpf/kt-test
says "load of two programs: the second named" "kfunctool: load: unexpected argument 'bad'"
run "load --stats, an option of repeat" 2 "$K" load --stats "$T/bad_tag.bpf.o" good --pin /sys/fs/bpf/kt-test
run "repeat without a program" 2 "$K" repeat 1 "$T/bad_tag.bpf.o"
says "repeat without a program: what is wanted" "kfunctool: repeat: want N OBJ.bpf.o PROG..."
run "repeat N not a number" 2 "$K" repeat x "$T/bad_tag.bpf.o" good
says "repeat N not a number: said" "kfunctool: repeat: N 'x': not a number in 1..1000000"
run "repeat N zero" 2 "$K" repeat 0 "$T/bad_tag.bpf.o" good
run "repeat --no-log without --stats" 2 "$K" repeat --no-log 1 "$T/bad_tag.bpf.o" good
run "repeat of one program twice" 2 "$K" repeat 1 "$T/bad_tag.bpf.o" good good
says "repeat of one program twice: said" "kfunctool: repeat: program good given twice"
run "audit without objects" 2 "$K" audit
run "audit --listing without --kernel-btf" 2 "$K" audit --listing /dev/null "$T/audit_tiers.bpf.o"
run "audit --modules-btf without --kernel-btf" 2 "$K" audit --modules-btf "$T" "$T/audit_tiers.bpf.o"
run "audit --kernel-btf without kfunc tags, no --listing" 9 "$K" audit --kernel-btf "$T/audit_tiers.bpf.o" "$T/audit_tiers.bpf.o"
says "audit without kfunc tags says so" "is tagged bpf_kfunc: the kernel was built without kfunc tags"
run "list --tier bogus" 2 "$K" list --tier bogus
run "list with an argument" 2 "$K" list extra
run "tags with an argument" 2 "$K" tags extra
run "tags --modules-btf without --kernel-btf" 2 "$K" tags --modules-btf "$T"

# bad files, every subcommand
for c in test try audit; do
	run "$c: missing file" 3 "$K" $c "$T/does-not-exist.bpf.o"
	says "$c: missing file is named" "does-not-exist.bpf.o: no such file"
	run "$c: not ELF" 4 "$K" $c "$here/objs.h"
	says "$c: not ELF is said" "not an ELF file"
	run "$c: directory" 4 "$K" $c "$T"
	run "$c: ELF of another machine" 5 "$K" $c /bin/sh
	run "$c: BPF ELF without programs" 5 "$K" $c "$T/no_progs.bpf.o"
	says "$c: no programs is said" "holds no BPF programs"
done
run "load: missing file" 3 "$K" load "$T/nope.bpf.o" p --pin /sys/fs/bpf/kt-test
run "load: not ELF" 4 "$K" load "$here/objs.h" p --pin /sys/fs/bpf/kt-test
run "load: no programs" 5 "$K" load "$T/no_progs.bpf.o" p --pin /sys/fs/bpf/kt-test
run "load: no such program" 2 "$K" load "$T/bad_tag.bpf.o" nope --pin /sys/fs/bpf/kt-test
# One option parser for every command: operands may stand before, between
# or after options, and the error names the command
run "load: options before the operands" 2 "$K" load --pin /sys/fs/bpf/kt-test "$T/bad_tag.bpf.o" nope
says "load: options before the operands, the program checked" "kfunctool: load: $T/bad_tag.bpf.o has no program nope"
run "list: an argument after options" 2 "$K" list --json extra
says "list: an argument after options, named" "kfunctool: list: unexpected argument 'extra'"
run "repeat: --caps of no BPF capability" 2 "$K" repeat --caps CAP_BPF,CAP_SYS_BOOT \
	1 "$T/bad_tag.bpf.o" good
says "repeat: the capability is named" "repeat: --caps CAP_BPF,CAP_SYS_BOOT: CAP_SYS_BOOT is not CAP_BPF, CAP_PERFMON, CAP_NET_ADMIN or CAP_SYS_ADMIN"

# malformed expectations: found before anything is loaded, even after a good object
run "test: unknown tag" 7 "$K" test "$T/bad_tag.bpf.o"
says "test: unknown tag is named" 'program bad: malformed expectations: unknown expectation tag "comment:test_expect_miracle"'
run "test: __retval not a number" 7 "$K" test "$T/bad_retval.bpf.o"
says "test: __retval is named" "__retval(forty_two): not a number"
run "test: __retval out of range" 7 "$K" test "$T/big_retval.bpf.o"
says "test: __retval range is named" "__retval(4294967296): out of range of a 32-bit return value"
run "test: __retval beyond 64 bits" 7 "$K" test "$T/retval_u64.bpf.o"
says "test: __retval beyond 64 bits is not a -1" "__retval(18446744073709551615): out of range of a 64-bit value"
run "test: __retval 0xffffffffffffffff is not a -1" 7 "$K" test "$T/retval_hex64.bpf.o"
run "test: unknown tag with a newline: one line" 7 "$K" test "$T/tag_newline.bpf.o"
says "test: the tag's newline is escaped" '"comment:test_expect_miracle\x0aok 1 forged"'
run "test: __caps of no BPF capability" 7 "$K" test "$T/caps_unknown.bpf.o"
says "test: __caps is named" "__caps(CAP_SYS_BOOT): not CAP_BPF, CAP_PERFMON, CAP_NET_ADMIN or CAP_SYS_ADMIN"
run "test: missing file with a newline in its name: one line" 3 "$K" test "$T/nope
ok 1 x.bpf.o"

# __sysctl keys: the first separator gives the form, as for sysctl(8)
exits "test: __sysctl in slash form" 8 "$K" test "$T/sysctl_slash.bpf.o" &&
	if grep -q '^# .*cannot read /proc/sys/kernel/kt_no\.such/x: ' "$T/out"; then
		ok "test: __sysctl in slash form keeps its dots"
	else
		notok "test: __sysctl in slash form keeps its dots" "$(grep -m1 error "$T/out")"
	fi
exits "test: __sysctl in dot form" 8 "$K" test "$T/sysctl_dots.bpf.o" &&
	if grep -q '^# .*cannot read /proc/sys/kernel/kt_no\.such/x: ' "$T/out"; then
		ok "test: __sysctl in dot form: a slash is a dot"
	else
		notok "test: __sysctl in dot form: a slash is a dot" "$(grep -m1 error "$T/out")"
	fi
exits "test: __sysctl value may hold '..'" 8 "$K" test "$T/sysctl_value.bpf.o" && ok "test: __sysctl value may hold '..'"
i=0
for k in $bad_keys; do
	i=$((i + 1))
	run "test: __sysctl key '$k' refused" 7 "$K" test "$T/sysctl_bad$i.bpf.o"
done
says "test: a refused __sysctl key is named" "__sysctl(\"kernel/a+b=1\"): want \"name.of.sysctl=value\""

# KFUNCTOOL_NO_LOAD: a __sysctl of a real sysctl is read, then refused
# before anything opens it for writing (exits() checks that with strace)
for c in test try; do
	name="$c: __sysctl refused under KFUNCTOOL_NO_LOAD, nothing written to /proc/sys"
	exits "$name" 8 "$K" $c "$T/sysctl_ro.bpf.o" || continue
	if [ "$(grep -c 'refusing to set sysctl kernel.osrelease: KFUNCTOOL_NO_LOAD is set' "$T/out")" != 1 ]; then
		notok "$name" "expected one line 'refusing to set sysctl kernel.osrelease'" "$(cat "$T/out")"
	elif [ $have_strace = 1 ] && ! grep -q '"/proc/sys/kernel/osrelease", O_RDONLY' "$T/strace"; then
		notok "$name" "the sysctl was never read: is open(2) traced?"
	else
		ok "$name"
	fi
done

# options anywhere among the objects, even with POSIXLY_CORRECT
run "test: an option after the objects" 2 "$K" test "$T/bad_retval.bpf.o" --frobnicate
run "try: an option after the objects" 2 "$K" try "$T/bad_retval.bpf.o" --frobnicate
run "test: an option after the objects, POSIXLY_CORRECT" 2 env POSIXLY_CORRECT=1 "$K" test "$T/bad_retval.bpf.o" --frobnicate
run "try: an option after the objects, POSIXLY_CORRECT" 2 env POSIXLY_CORRECT=1 "$K" try "$T/bad_retval.bpf.o" --frobnicate
exits "test -v OBJ" 8 "$K" test -v "$T/plain.bpf.o" && mv "$T/out" "$T/v-before"
exits "test OBJ" 8 "$K" test "$T/plain.bpf.o" && mv "$T/out" "$T/v-none"
for env in "" POSIXLY_CORRECT=1; do
	name="test OBJ -v works as test -v OBJ${env:+, $env}"
	exits "$name" 8 env $env "$K" test "$T/plain.bpf.o" -v || continue
	if cmp -s "$T/out" "$T/v-before" && ! cmp -s "$T/out" "$T/v-none" &&
	   grep -q '^# plain/plain: verifier log:' "$T/out"; then
		ok "$name"
	else
		notok "$name" "$(diff "$T/v-before" "$T/out" | head -3)"
	fi
done
run "test: after '--' an option is an object" 3 "$K" test -- -v
says "test: after '--', -v is a file name" "-v: no such file"

# KTAP: a name (here the object's file name) or a diagnostic holding a
# newline, a CR or a '#' neither adds a result line nor changes one
mkdir -p "$T/ktap"
for f in "x# SKIP" "x
ok 2 forged" "x$(printf '\r')ok 3 forged"; do
	cp "$T/plain.bpf.o" "$T/ktap/$f.bpf.o"
done
for f in "$T"/ktap/*.bpf.o; do
	for v in "" -v; do
		# (no '#' in our own TAP either)
		b=$(basename "$f" .bpf.o)
		name="test${v:+ $v}: KTAP of $(printf %s "$b" | tr '\n\r#' '???') has one result line"
		exits "$name" 8 "$K" test $v "$f" || continue
		tr '\r' '\n' < "$T/out" > "$T/out.lines"	# as a reader with universal newlines
		if [ "$(grep -c '^ *\(not \)\{0,1\}ok ' "$T/out.lines")" = 1 ] &&
		   grep -q '^not ok 1 x[^#]*/plain$' "$T/out.lines" && cmp -s "$T/out" "$T/out.lines" &&
		   ! grep -v '^# \|^not ok 1 \|^KTAP version 1$\|^1\.\.1$' "$T/out.lines" | grep -q .; then
			ok "$name"
		else
			notok "$name" "$(head -5 "$T/out")"
		fi
	done
done
exits "test: KTAP name with a hash" 8 "$K" test "$T/ktap/x# SKIP.bpf.o" &&
	if grep -qx 'not ok 1 x\\x23 SKIP/plain' "$T/out"; then
		ok "test: KTAP name with a hash: escaped as \\x23"
	else
		notok "test: KTAP name with a hash: escaped as \\x23" "$(grep ok "$T/out")"
	fi
run "test: first bad input wins" 7 "$K" test "$T/bad_tag.bpf.o" "$T/does-not-exist.bpf.o"
run "try: unknown tag" 7 "$K" try "$T/bad_tag.bpf.o"
run "audit ignores expectations" 13 "$K" audit --kernel-btf "$T/audit_tiers.bpf.o" --listing /dev/null "$T/bad_tag.bpf.o" "$T/audit_tiers.bpf.o"

# a kfunc the running kernel lacks (needs the host's kernel BTF)
if [ -r /sys/kernel/btf/vmlinux ]; then
	run "test: kfunc not in the kernel" 6 "$K" test "$T/missing_kfunc.bpf.o"
	says "test: missing kfunc is named" "kfunc bpf_kfunctool_no_such_kfunc is not in the running kernel"
	says "test: says the module is probably not loaded" "module that provides it is probably not loaded"
	run "try: kfunc not in the kernel" 6 "$K" try "$T/missing_kfunc.bpf.o"
	run "load: kfunc not in the kernel" 6 "$K" load "$T/missing_kfunc.bpf.o" call_missing --pin /sys/fs/bpf/kt-test
else
	n=$((n + 1)); echo "ok $n kfunc not in the kernel # SKIP no /sys/kernel/btf/vmlinux"
fi

# audit and list offline, against made-up listings
# The kernel BTF given is the object's own, where every kfunc is vmlinux's.
listing() {	# listing FILE "name tier [owner]" ...
	f=$1; shift
	printf '# name\towner\tbtf_id\thooks\ttier\tflags\tsince\tremoval\treplacement\tcount\tloaded\n' > "$f"
	for kv in "$@"; do
		set -- $kv
		case $2 in
		deprecated) rec='6.1\t6.4\tkt_stable' ;;
		removed) rec='5.19\t6.1\tkt_stable' ;;
		*) rec='-\t-\t-' ;;
		esac
		printf "%s\t%s\t7\tsyscall,tracing\t%s\t-\t$rec\t3\t1\n" "$1" "${3:-vmlinux}" "$2" >> "$f"
	done
}
kb="--kernel-btf $T/audit_tiers.bpf.o --modules-btf $T/mods"
mkdir -p "$T/mods"
listing "$T/l13" "kt_stable stable" "kt_unstable unstable" "kt_deprecated deprecated" "kt_removed removed"
listing "$T/l12" "kt_stable stable" "kt_unstable unstable" "kt_deprecated deprecated" "kt_removed removed" "kt_unknown stable"
listing "$T/l11" "kt_stable stable" "kt_unstable unstable" "kt_deprecated deprecated" "kt_removed stable" "kt_unknown stable"
listing "$T/l10" "kt_stable stable" "kt_unstable unstable" "kt_deprecated stable" "kt_removed stable" "kt_unknown stable"
listing "$T/l0" "kt_stable stable" "kt_unstable stable" "kt_deprecated stable" "kt_removed stable" "kt_unknown stable"
for v in 13 12 11 10 0; do
	run "audit offline: verdict $v" $v "$K" audit $kb --listing "$T/l$v" "$T/audit_tiers.bpf.o"
done
# A module's kfunc of the same name, listed first, is not the one called
listing "$T/lowner" "kt_removed removed kt_mod" "kt_stable stable" "kt_unstable stable" \
	"kt_deprecated stable" "kt_removed stable" "kt_unknown stable"
run "audit offline: the row of the kfunc's own owner" 0 "$K" audit $kb --listing "$T/lowner" "$T/audit_tiers.bpf.o"
run "audit offline: stable only" 0 "$K" audit $kb --listing "$T/l13" "$T/stable_only.bpf.o"
run "audit offline: worst object wins" 12 "$K" audit $kb --listing "$T/l12" "$T/stable_only.bpf.o" "$T/audit_tiers.bpf.o"
run "audit offline: --json" 11 "$K" audit --json $kb --listing "$T/l11" "$T/audit_tiers.bpf.o"
if command -v python3 >/dev/null 2>&1; then
	if python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d["exit_code"]==11 and d["verdict"]=="deprecated"; k={x["name"]:x for x in d["objects"][0]["kfuncs"]}; assert k["kt_unstable"]["programs"]==["call_unstable"], k["kt_unstable"]; assert k["kt_deprecated"]["replacement"]=="kt_stable"' "$T/out" 2>"$T/err"; then
		ok "audit --json parses, names callers through subprograms"
	else
		notok "audit --json parses, names callers through subprograms"
	fi
fi
grep -q 'call_unstable' "$T/out" && ok "audit names the caller" || notok "audit names the caller"
run "audit offline: missing listing" 3 "$K" audit $kb --listing "$T/nope" "$T/audit_tiers.bpf.o"
run "audit offline: missing kernel BTF" 3 "$K" audit --kernel-btf "$T/nope" --listing "$T/l0" "$T/audit_tiers.bpf.o"
printf 'kt_stable\tkt_mod\t7\n' > "$T/lbad"
run "audit offline: malformed listing" 8 "$K" audit $kb --listing "$T/lbad" "$T/audit_tiers.bpf.o"
says "malformed listing names the line" "lbad:1: malformed listing line"

run "list --listing" 0 "$K" list --listing "$T/l13"
grep -q '^kt_deprecated ' "$T/out" && grep -q 'deprecated since 6.1, removal planned for 6.4' "$T/out" &&
	ok "list shows the lifecycle record" || notok "list shows the lifecycle record"
run "list --json --tier removed" 0 "$K" list --json --tier removed --listing "$T/l13"
if command -v python3 >/dev/null 2>&1; then
	python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert [x["name"] for x in d]==["kt_removed"] and d[0]["removal"]=="6.1" and d[0]["hooks"]==["syscall","tracing"] and d[0]["count"]==3 and d[0]["loaded"]==1 and d[0]["flags"]==[]' "$T/out" 2>"$T/err" &&
		ok "list --json filters and parses" || notok "list --json filters and parses"
fi
# Fields that need escaping, in strings and in arrays
printf 'kt_"q\tkt\\mod\t7\tsys"call,tr\\acing\tstable\tret"null\t-\t-\t-\t0\t0\n' >> "$T/l13"
run "list --json with quotes and backslashes" 0 "$K" list --json --listing "$T/l13"
if command -v python3 >/dev/null 2>&1; then
	python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); x=d[-1]; assert x["name"]=="kt_\"q" and x["owner"]=="kt\\mod" and x["hooks"]==["sys\"call","tr\\acing"] and x["flags"]==["ret\"null"], x' "$T/out" 2>"$T/err" &&
		ok "list --json escapes strings and array elements" || notok "list --json escapes strings and array elements"
fi
run "list --module" 0 "$K" list --module kt_mod --listing "$T/l13"
run "list: missing listing" 3 "$K" list --listing "$T/nope"
run "list: malformed listing" 8 "$K" list --listing "$T/lbad"
for c in -3 ' -3' +3 ' 3' abc 1x ''; do
	printf 'kt_stable\tkt_mod\t7\tsyscall\tstable\t-\t-\t-\t-\t%s\t0\n' "$c" > "$T/lcount"
	run "list: count '$c' refused" 8 "$K" list --listing "$T/lcount"
done
for c in -7 ' 7'; do
	printf 'kt_stable\tkt_mod\t%s\tsyscall\tstable\t-\t-\t-\t-\t0\t0\n' "$c" > "$T/lcount"
	run "list: btf_id '$c' refused" 8 "$K" list --listing "$T/lcount"
done
printf 'kt_stable\tkt_mod\t7\tsyscall\tstable\t-\t-\t-\t-\t0\t -1\n' > "$T/lcount"
run "list: loaded ' -1' refused" 8 "$K" list --listing "$T/lcount"
printf 'kt_stable\tkt_mod\t7\tsyscall\tstable\t-\t-\t-\t-\t0\t0\n\0kt_hidden\tkt_mod\t8\tsyscall\tremoved\t-\t-\t-\t-\t0\t0\n' > "$T/lnul"
run "list: a NUL byte refused, not the rest ignored" 8 "$K" list --listing "$T/lnul"
says "list: the NUL byte is said" "lnul: malformed listing: a NUL byte at offset 46"
printf '\tkt_mod\t7\tsyscall\tstable\t-\t-\t-\t-\t0\t0\n' > "$T/lempty"
run "list: an empty name refused" 8 "$K" list --listing "$T/lempty"
printf 'kt_stable\tkt_mod\t7\tsyscall\tstable\t-\t\t-\t-\t0\t0\n' > "$T/lempty"
run "list: an empty lifecycle field refused" 8 "$K" list --listing "$T/lempty"
printf 'kt_stable\tkt_mod\t7\t\tstable\t-\t-\t-\t-\t0\t0\n' > "$T/lempty"
run "list: empty hooks (registered for none) taken" 0 "$K" list --listing "$T/lempty"

# JSON is UTF-8 text: control characters escaped, any byte that is not
# UTF-8 (a file name may hold one) as U+FFFD, valid sequences kept
json_ok() {	# json_ok NAME PYTHON_EXPR: of d, the JSON on stdout, read strictly
	if ! command -v python3 >/dev/null 2>&1; then
		n=$((n + 1)); echo "ok $n $1 # SKIP no python3"; return
	fi
	if T=$T python3 -c 'import json,os,sys; d=json.loads(open(sys.argv[1],"rb").read().decode("utf-8")); assert eval(sys.argv[2]), d' "$T/out" "$2" 2>"$T/err"; then
		ok "$1"
	else
		notok "$1" "$(tail -1 "$T/err")"
	fi
}
printf 'kt_\001\377\tkt\177m\303\251d\t7\ta\002b,\377\tstable\t-\t-\t-\t\300\200|\355\240\200|\364\220\200\200|\360\237\230\200\t0\t0\n' > "$T/lutf8"
run "list --json with control characters and bytes that are not UTF-8" 0 "$K" list --json --listing "$T/lutf8"
json_ok "list --json: UTF-8, control characters escaped, in strings and arrays" 'd[0]["name"] == "kt_\x01\ufffd" and d[0]["owner"] == "kt\x7fm\xe9d" and d[0]["hooks"] == ["a\x02b", "\ufffd"]'
json_ok "list --json: overlong, surrogate, beyond U+10FFFF as U+FFFD; U+1F600 kept" 'd[0]["replacement"] == "\ufffd" * 2 + "|" + "\ufffd" * 3 + "|" + "\ufffd" * 4 + "|\U0001f600"'
mkdir -p "$T/j"
jo=$(printf '%s/j/a"b\\c\td\ne\377.bpf.o' "$T")
jl=$(printf '%s/j/l"\377' "$T")
cp "$T/audit_tiers.bpf.o" "$jo" && cp "$T/l11" "$jl"
run "audit --json of a file name that needs escaping" 11 "$K" audit --json $kb --listing "$jl" "$jo"
json_ok "audit --json: file and listing names escaped, UTF-8" 'd["objects"][0]["file"] == os.environ["T"] + "/j/a\"b\\c\td\ne\ufffd.bpf.o" and d["listing"] == os.environ["T"] + "/j/l\"\ufffd"'

# tags offline, from objects whose BTF carries kfunc tags, or none
run "tags: missing kernel BTF" 3 "$K" tags --kernel-btf "$T/nope"
run "tags: BTF without kfunc tags" 9 "$K" tags --kernel-btf "$T/stable_only.bpf.o"
says "tags: BTF without kfunc tags says so" "the kernel was built without kfunc tags"
if exits "tags: the kfuncs of tagged BTF; conflicting tags" 8 "$K" tags --kernel-btf "$T/kfunc_tags.bpf.o"; then
	printf '%s\t%s\n' "# name" "owner	btf_id	tier	since	removal	replacement" \
		kt_deprecated "vmlinux	ID	deprecated	6.1	6.4	use kt_stable, not this" \
		kt_removed "vmlinux	ID	removed	5.19	6.1	kt_stable" \
		kt_stable "vmlinux	ID	stable	-	-	-" \
		kt_unstable "vmlinux	ID	unstable	-	-	-" > "$T/want"
	sed 's/\t[0-9][0-9]*\t/\tID\t/' "$T/out" > "$T/got"
	if ! cmp -s "$T/want" "$T/got"; then
		notok "$name" "$(diff "$T/want" "$T/got")"
	elif [ "$(cat "$T/err")" != "kfunctool: tags: kfunc kt_two_tiers of vmlinux: conflicting tier tags bpf_kfunc_tier:stable and bpf_kfunc_tier:removed" ]; then
		notok "$name" "expected one line naming kt_two_tiers and both tags"
	else
		ok "$name"
	fi
fi
run "tags --module of no BTF given" 8 "$K" tags --kernel-btf "$T/kfunc_tags.bpf.o" --module nope

# audit from BTF tags alone: tiers and records from the tags; a kfunc
# whose tags conflict is unknown, and the note says why
run "audit from tags: a kfunc with conflicting tags is unknown" 13 "$K" audit --json \
	--kernel-btf "$T/kfunc_tags.bpf.o" "$T/calls_tagged.bpf.o"
json_ok "audit from tags: tiers, records, no hooks or counts" '[(k["name"], k["tier"], k["removal"], k["hooks"], k["count"]) for k in d["objects"][0]["kfuncs"]] == [("kt_stable", "stable", None, None, None), ("kt_unstable", "unstable", None, None, None), ("kt_deprecated", "deprecated", "6.4", None, None), ("kt_two_tiers", "unknown", None, None, None)]'
json_ok "audit from tags: the conflict is noted" '"conflicting tier tags" in d["objects"][0]["kfuncs"][3]["notes"][0]'

# gen-header: bad usage and bad files write nothing
run "gen-header with an argument" 2 "$K" gen-header extra
run "gen-header --base without --btf" 2 "$K" gen-header --base "$T/kfunc_tags.bpf.o"
run "gen-header --btf with --kernel-btf" 2 "$K" gen-header --btf "$T/kfunc_tags.bpf.o" --kernel-btf "$T/kfunc_tags.bpf.o"
run "gen-header --tier bogus" 2 "$K" gen-header --tier bogus
run "gen-header: missing file" 3 "$K" gen-header --kernel-btf "$T/nope" -o "$T/h"
run "gen-header: a file that is not BTF" 8 "$K" gen-header --kernel-btf "$here/errors.sh" -o "$T/h"
says "gen-header: a file that is not BTF says so" "cannot read BTF"
run "gen-header: BTF without kfunc tags" 9 "$K" gen-header --kernel-btf "$T/stable_only.bpf.o" -o "$T/h"
run "gen-header: a kfunc with conflicting tags" 8 "$K" gen-header --kernel-btf "$T/kfunc_tags.bpf.o" -o "$T/h"
says "gen-header: names the kfunc with conflicting tags" "kt_two_tiers"
run "gen-header: a --module the BTF does not have" 6 "$K" gen-header --kernel-btf "$T/kfunc_tags.bpf.o" --module nope -o "$T/h"
[ -e "$T/h" ] && notok "gen-header writes no file on error" || ok "gen-header writes no file on error"

# abi-dump and abi-check: bad usage and bad files (a real dump's checks
# are tests/host/abi-check.t.sh's)
run "abi-dump with an argument" 2 "$K" abi-dump extra
run "abi-dump --base without --btf" 2 "$K" abi-dump --base "$T/kfunc_tags.bpf.o"
run "abi-dump --release with a space" 2 "$K" abi-dump --release "6.1 x" --kernel-btf "$T/kfunc_tags.bpf.o"
run "abi-dump: missing file" 3 "$K" abi-dump --kernel-btf "$T/nope" -o "$T/a"
run "abi-dump: BTF without kfunc tags" 9 "$K" abi-dump --kernel-btf "$T/stable_only.bpf.o" -o "$T/a"
run "abi-dump: a kfunc with conflicting tags" 8 "$K" abi-dump --kernel-btf "$T/kfunc_tags.bpf.o" -o "$T/a"
says "abi-dump: names the kfunc with conflicting tags" "kt_two_tiers"
[ -e "$T/a" ] && notok "abi-dump writes no file on error" || ok "abi-dump writes no file on error"
run "abi-check with one dump" 2 "$K" abi-check "$here/errors.sh"
run "abi-check: missing file" 3 "$K" abi-check "$T/nope" "$T/nope"
run "abi-check: not a dump" 15 "$K" abi-check "$here/errors.sh" "$here/errors.sh"
says "abi-check: not a dump says so" "not a kfunc ABI dump"

echo "1..$n"
[ $failed = 0 ] && echo "# all $n passed" || echo "# $failed of $n failed"
[ $failed = 0 ]
