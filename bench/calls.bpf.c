// SPDX-License-Identifier: GPL-2.0
/*
 * The verifier's cost per kfunc call site, for make bench: programs with
 * 1, 8 and 64 calls of an unstable, a stable and a deprecated kfunc of
 * sample_kfuncs.ko, and a control of the same shape with no kfunc call.
 * bench/guest-bench loads each one many times; the same object serves the
 * pristine and the patched kernel.  Not part of make check: no
 * expectations.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
/* The deprecated kfunc's cost is what is measured */
#define KFUNCS_ALLOW_DEPRECATED
#include "sample_kfuncs.h"

char _license[] SEC("license") = "GPL";

#define REP8(x)		x x x x x x x x
#define REP64(x)	REP8(REP8(x))

/*
 * One call site: the running value goes in, the result comes back, three
 * instructions (r1 = r0; r2 = 3; call).  The control is three instructions
 * too, with an add in place of the call, in asm so clang cannot fold them.
 */
#define UNSTABLE	s = bpf_sample_mix(s, 3);
#define STABLE		s = bpf_sample_sum(s, 3);
#define DEPRECATED	s = bpf_sample_sum32(s, 3);
#define CONTROL		asm volatile("r1 = %0; r2 = 3; %0 += r2" : "+r"(s) :: "r1", "r2");

#define BENCH(name, sites, site)		\
SEC("syscall")					\
int name(void *ctx)				\
{						\
	__u64 s = 1;				\
						\
	sites(site)				\
	return s;				\
}

#define ONE(x) x
/* The three programs of a tier: 1, 8 and 64 sites */
#define BENCH_TIER(tier, site)			\
	BENCH(tier##_1, ONE, site)		\
	BENCH(tier##_8, REP8, site)		\
	BENCH(tier##_64, REP64, site)

BENCH_TIER(unstable, UNSTABLE)
BENCH_TIER(stable, STABLE)
BENCH_TIER(deprecated, DEPRECATED)
BENCH_TIER(control, CONTROL)
