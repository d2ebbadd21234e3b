#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# layer: all
# Every series is in layers, in the order the cover letters give (fixes,
# core, policy, flag, listing), each with at least one patch, and every
# patch in one: LAYER=L gives a prefix of the series ending at L's last
# patch, the last layer the whole series, and a name that is no layer an
# error naming the layers.
set -u
. "$(dirname "$0")/../../scripts/lib.sh"
series=$top/qemu-boot/series
rc=0
for v in $(cd "$top/patches" && echo */ | tr -d /); do
	export KVER=$v
	all=$(LAYER= "$series") || { echo "$v: series fails"; rc=1; continue; }
	layers=$(LAYER= "$series" --layers)
	echo "$v: $(echo "$all" | wc -l) patches, layers: $layers"
	[ "$layers" = "fixes core policy flag listing" ] ||
		{ echo "  want the layers fixes core policy flag listing"; rc=1; }
	# Every patch file of the tree's directory is in the series
	want=$(cd "$top/patches/$v" && ls [0-9]*.patch | grep -v '^0000-')
	[ "$(echo "$all" | sed 's|.*/||')" = "$want" ] ||
		{ echo "  the series does not list every patch, in order"; rc=1; }
	prev=0
	while read -r layer last; do
		prefix=$(LAYER=$layer "$series")
		n=$(echo "$prefix" | wc -l)
		[ "$(echo "$all" | head -n "$n")" = "$prefix" ] ||
			{ echo "  $layer: not a prefix of the series"; rc=1; }
		[ "${prefix##*/}" = "$last" ] || { echo "  $layer: ends at ${prefix##*/}, not $last"; rc=1; }
		[ "$n" -gt "$prev" ] || { echo "  $layer: no patch of its own"; rc=1; }
		[ "$(LAYER=$layer "$series" --layers | awk '{ print $NF }')" = "$layer" ] ||
			{ echo "  $layer: --layers does not end at it"; rc=1; }
		echo "  $layer: $n patches, ends at $last"
		prev=$n
	done < <(LAYER= "$series" --all)
	[ "$prev" = "$(echo "$all" | wc -l)" ] || { echo "  the last layer is not the whole series"; rc=1; }
	if err=$(LAYER=nosuch "$series" 2>&1); then
		echo "  LAYER=nosuch succeeded"; rc=1
	else
		echo "$err" | grep -q "no layer nosuch .*(layers: $layers)" ||
			{ echo "  LAYER=nosuch: $err"; rc=1; }
	fi
done
exit $rc
