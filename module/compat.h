/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The kfunc definition helpers that differ between kernel versions.
 *
 * The sample modules use the newest spelling; this header maps it onto
 * older trees (6.1).  Each fallback is keyed on the macro itself, not on a
 * version number, so a tree that has the macro uses its own.
 */
#ifndef _SAMPLE_KFUNCS_COMPAT_H
#define _SAMPLE_KFUNCS_COMPAT_H

#include <linux/btf.h>
#include <linux/btf_ids.h>
#include <linux/compiler.h>

/*
 * Marks a kfunc definition (v6.4+, where it is "__used noinline" plus
 * __retain).  A kfunc has no caller in C: it must stay a real, global,
 * out-of-line function, or resolve_btfids finds no BTF for it and only
 * warns "unresolved symbol".  In a 6.1 module a global function is always
 * emitted, so noinline is what matters here.
 */
#ifndef __bpf_kfunc
#define __bpf_kfunc noinline
#endif

/*
 * kfuncs are global functions with no declaration in any header; do not
 * warn about that (v6.7+; on 6.1 only W=1 warns).  This fallback has no
 * push/pop, so it lasts to the end of the file: harmless in a file that
 * only defines kfuncs and registers them.
 */
#ifndef __bpf_kfunc_start_defs
#define __bpf_kfunc_start_defs()					\
	__diag_ignore_all("-Wmissing-prototypes",			\
			  "kfuncs are global and declared in BTF only")
#define __bpf_kfunc_end_defs()
#endif

/* A set of kfunc BTF ids (v6.9+ tags the set as a kfunc set). */
#ifndef BTF_KFUNCS_START
#define BTF_KFUNCS_START(name) BTF_SET8_START(name)
#define BTF_KFUNCS_END(name) BTF_SET8_END(name)
#endif

/*
 * The tag BTF_KFUNCS_START() gives a set, for a set written by hand: v6.9+
 * refuses a set without it, before any check of its ids.
 */
#ifndef BTF_SET8_KFUNCS
#define BTF_SET8_KFUNCS 0
#endif

/*
 * A tree without the stability tiers: the pristine tree that make bench
 * measures the series against.  Tier flags mean nothing there and a
 * lifecycle record has nowhere to go, so a tiered kfunc registers as a
 * plain one.  Keyed on KF_STABLE, which the series adds.
 */
#ifndef KF_STABLE
#define KF_STABLE	0
#define KF_DEPRECATED	0
#define KF_REMOVED	0
#define BTF_KFUNC_LIFECYCLE(func, since, removal, replacement)
#endif

#endif /* _SAMPLE_KFUNCS_COMPAT_H */
