#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# layer: listing
# kfunctool audit gives each sample object its documented verdict in the
# guest, and offline on the host (from the built vmlinux, the module .ko
# files and the listing captured in the guest) it gives the same verdict
# and the same report.
set -u
. "$(dirname "$0")/../../scripts/lib.sh"
b=$B
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# object -> exit code documented in `kfunctool audit --help`
declare -A want=([audit_stable]=0 [audit_unstable]=10 [audit_deprecated]=11 [audit_removed]=12)

"$top/qemu-boot/run-vm" -q -- sh -c '
	cat /sys/kernel/debug/bpf/kfuncs > listing.txt
	for o in '"${!want[*]}"'; do
		kfunctool audit --json /bpf/$o.bpf.o > $o.json 2> $o.err
		echo $? > $o.rc
	done
	tar cf - listing.txt *.json *.err *.rc | base64' > "$tmp/guest.b64" ||
	{ echo "guest run failed"; exit 1; }
base64 -d "$tmp/guest.b64" | tar -C "$tmp" -xf - || exit 1

rc=0
for o in "${!want[@]}"; do
	guest=$(cat "$tmp/$o.rc")
	"$b/loader/kfunctool" audit --json --kernel-btf "$b/linux/vmlinux" \
		--modules-btf "$b/kmod/module" --listing "$tmp/listing.txt" \
		"$b/bpf/$o.bpf.o" > "$tmp/$o.host.json"
	host=$?
	echo "$o: want ${want[$o]}, guest $guest, offline $host"
	cat "$tmp/$o.err"
	[ "$guest" = "${want[$o]}" ] && [ "$host" = "${want[$o]}" ] || rc=1
	# The first line names where each report came from, and each object
	# is named by its path: those differ between the two by design.
	if ! diff <(sed -e 1d -e 's/"file": "[^"]*", //' "$tmp/$o.json") \
		<(sed -e 1d -e 's/"file": "[^"]*", //' "$tmp/$o.host.json"); then
		echo "$o: guest and offline reports differ"; rc=1
	fi
done
exit $rc
