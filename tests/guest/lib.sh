# SPDX-License-Identifier: GPL-2.0
# Shell functions the guest tests share: sourced (. /tests/lib.sh), never
# run on its own (run-tests runs *.t.sh only).

# rmmod_wait MOD: unload MOD, retrying while the programs that held it are
# freed, which happens asynchronously once their last reference is gone;
# rmmod_tries says how many retries it took
rmmod_wait() {
	rmmod_tries=0
	until rmmod "$1" 2> /tmp/rmmod.err; do
		rmmod_tries=$((rmmod_tries + 1))
		[ $rmmod_tries -lt 50 ] ||
			{ echo "rmmod $1 still fails: $(cat /tmp/rmmod.err)"; return 1; }
		sleep 0.1
	done
}

# has_layer NAME: the kernel has that layer of the series (qemu-boot/series).
# make check says which in LAYERS; run by hand, without it, all.
has_layer() {
	[ -z "${LAYERS+set}" ] && return 0
	case " $LAYERS " in *" $1 "*) return 0 ;; esac
	return 1
}

# uptime_cs: guest time since boot in hundredths of a second, the unit
# /proc/uptime counts in; tests whose outcome depends on how long a step
# took in guest time measure it with this
uptime_cs() {
	read -r up _ < /proc/uptime
	echo $((${up%.*} * 100 + 1${up#*.} - 100))
}

# The kernel's kfunc listing (the listing layer), one kfunc a line, its
# columns: 1 name, 2 owner, 3 btf_id, 4 hooks, 5 tier, 6 flags, 7 since,
# 8 removal, 9 replacement, 10 count, 11 loaded
listing=/sys/kernel/debug/bpf/kfuncs

# col KFUNC N: column N of sample_kfuncs' KFUNC in the listing
col() {
	awk -F '\t' -v n="$1" -v f="$2" '$1 == n && $2 == "sample_kfuncs" { print $f }' $listing
}

# count KFUNC: its count column (programs loaded calling it; for a
# tombstone, loads it rejected)
count() {
	col "$1" 10
}

# fail MSG...: say what went wrong, and let the test go on to fail (rc=1)
fail() {
	echo "$*"
	rc=1
}
