#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# layer: listing
# The kernel's kfunc listing shows exactly what module/sample_kfuncs.c
# declares: every kfunc, its kfunc hooks, tier, other flags and lifecycle
# record (the btf_id, count and loaded columns are checked elsewhere).
listing=/sys/kernel/debug/bpf/kfuncs
[ "$(stat -c %a $listing)" = 400 ] || { echo "mode $(stat -c %a $listing), want 400"; exit 1; }
printf '# name\towner\tbtf_id\thooks\ttier\tflags\tsince\tremoval\treplacement\tcount\tloaded\n' > /tmp/want.hdr
head -n 1 $listing | cmp -s - /tmp/want.hdr || { echo "header: $(head -n 1 $listing)"; exit 1; }

sort > /tmp/want <<'END'
bpf_sample_legacy_mul	sample_kfuncs	tracing,syscall	removed	-	5.19	6.1	bpf_sample_mix
bpf_sample_mix	sample_kfuncs	tracing,syscall	unstable	-	-	-	-
bpf_sample_mix8	sample_kfuncs	tracing,syscall	deprecated	-	6.1	6.6	bpf_sample_mix
bpf_sample_obj_acquire	sample_kfuncs	tracing,syscall	stable	acquire,ret_null	-	-	-
bpf_sample_obj_release	sample_kfuncs	tracing,syscall	stable	release	-	-	-
bpf_sample_obj_value	sample_kfuncs	tracing,syscall	stable	trusted_args	-	-	-
bpf_sample_sum	sample_kfuncs	tracing,syscall	stable	-	-	-	-
bpf_sample_sum32	sample_kfuncs	tracing,syscall	deprecated	-	6.1	6.4	bpf_sample_sum
END
awk -F '\t' -v OFS='\t' '$2 == "sample_kfuncs" {
	if ($3 !~ /^[0-9]+$/ || $10 !~ /^[0-9]+$/ || $11 !~ /^[0-9]+$/ || NF != 11)
		print "bad btf_id, count or loaded: " $0
	print $1, $2, $4, $5, $6, $7, $8, $9
}' $listing | sort > /tmp/got
diff /tmp/want /tmp/got || { echo "listing differs (- declared, + listed)"; exit 1; }
# sample_kfuncs is the only module with kfuncs: all other lines are vmlinux's.
awk -F '\t' '!/^#/ && $2 != "vmlinux" && $2 != "sample_kfuncs" { print "unexpected owner: " $0; bad = 1 }
	END { exit bad }' $listing
