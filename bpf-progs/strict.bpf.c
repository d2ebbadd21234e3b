// SPDX-License-Identifier: GPL-2.0
/*
 * BPF_F_DENY_DEPRECATED_KFUNCS: a load that asks for it rejects deprecated
 * kfunc calls whatever kernel.bpf_kfunc_deprecation says, and nothing else.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include "expect.h"
/* Calls a deprecated kfunc on purpose: the verifier is under test */
#define KFUNCS_ALLOW_DEPRECATED
#include "sample_kfuncs.h"

char _license[] SEC("license") = "GPL";

/* Rejected under "allow"... */
SEC("syscall")
__layer(flag)
__sysctl("kernel.bpf_kfunc_deprecation=0")
__flag(BPF_F_DENY_DEPRECATED_KFUNCS)
__failure
__msg("kfunc bpf_sample_sum32 is deprecated and denied by BPF_F_DENY_DEPRECATED_KFUNCS, replacement: bpf_sample_sum")
__not_dmesg("deprecated")
int flag_deny_allow(void *ctx)
{
	return bpf_sample_sum32(2, 3);
}

/* ...and under "warn" */
SEC("syscall")
__layer(flag)
__sysctl("kernel.bpf_kfunc_deprecation=1")
__flag(BPF_F_DENY_DEPRECATED_KFUNCS)
__failure
__msg("kfunc bpf_sample_sum32 is deprecated and denied by BPF_F_DENY_DEPRECATED_KFUNCS, replacement: bpf_sample_sum")
__not_dmesg("deprecated")
int flag_deny_warn(void *ctx)
{
	return bpf_sample_sum32(2, 3);
}

/* The flag does not touch stable kfuncs */
SEC("syscall")
__layer(flag)
__flag(BPF_F_DENY_DEPRECATED_KFUNCS)
__success __retval(5)
__not_msg("is deprecated")
int flag_stable(void *ctx)
{
	return bpf_sample_sum(2, 3);
}

/* nor unstable ones */
SEC("syscall")
__layer(flag)
__flag(BPF_F_DENY_DEPRECATED_KFUNCS)
__success __retval(65)
__not_msg("is deprecated")
int flag_unstable(void *ctx)
{
	return bpf_sample_mix(2, 3);
}

/* A prog_flags bit the kernel does not know is still refused */
SEC("syscall")
__layer(flag)
__flag(0x20000000)
__failure
__msg("failed to load: -22")
int flag_unknown_bit(void *ctx)
{
	return bpf_sample_sum(2, 3);
}

/*
 * A prog_flags bit upstream may give next, which a loader built against
 * newer headers may set: -EINVAL here, never read as "deny deprecated
 * kfuncs". On 6.1 that is bit 6, BPF_F_XDP_DEV_BOUND_ONLY since 6.3; on
 * 6.12, bit 9, after BPF_F_DENY_DEPRECATED_KFUNCS's bit 8.
 */
SEC("syscall")
__layer(flag)
__sysctl("kernel.bpf_kfunc_deprecation=1")
#if KVER_NUM >= 612
__flag(0x200)
#else
__flag(0x40)
#endif
__failure
__msg("failed to load: -22")
__not_msg("denied by")
int flag_upstream_next_bit(void *ctx)
{
	return bpf_sample_sum32(2, 3);
}
