// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * BTF whose functions carry kfunc tags as the kernel build writes them
 * (resolve_btfids --kfunc-tags, patches/6.1), for kfunctool tags. Nothing
 * calls the functions: only their BTF is read.
 */
#define __kf_tag(t)	__attribute__((btf_decl_tag(t)))
#define __kf		__attribute__((noinline, used)) __kf_tag("bpf_kfunc")

__kf int kt_unstable(int a) { return a; }
__kf __kf_tag("bpf_kfunc_tier:stable") int kt_stable(int a) { return a + 1; }
__kf __kf_tag("bpf_kfunc_tier:deprecated") __kf_tag("bpf_kfunc_since:6.1")
__kf_tag("bpf_kfunc_removal:6.4") __kf_tag("bpf_kfunc_replacement:use kt_stable, not this")
int kt_deprecated(int a) { return a + 2; }
/* The same tag twice is one tag; another tag of the compiler's is not ours */
__kf __kf_tag("bpf_kfunc_tier:removed") __kf_tag("bpf_kfunc_tier:removed")
__kf_tag("comment:other") __kf_tag("bpf_kfunc_since:5.19") __kf_tag("bpf_kfunc_removal:6.1")
__kf_tag("bpf_kfunc_replacement:kt_stable") int kt_removed(int a) { return a + 3; }
/* Two tiers: which one cannot be told */
__kf __kf_tag("bpf_kfunc_tier:stable") __kf_tag("bpf_kfunc_tier:removed")
int kt_two_tiers(int a) { return a + 4; }
/* Tier tags without bpf_kfunc: no kfunc */
__attribute__((noinline, used)) __kf_tag("bpf_kfunc_tier:stable") int kt_no_kfunc(int a)
{
	return a + 5;
}
