/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Expected outcomes, written beside each BPF program.
 *
 * The same convention as tools/testing/selftests/bpf/progs/bpf_misc.h in
 * the kernel tree: each macro attaches a BTF decl tag "comment:test_..."
 * to the program, and the loader (kfunctool test) reads the tags from the
 * object's BTF.  Every program is loaded and checked on its own; its test
 * name is "<object basename>/<program name>".
 *
 * Outcome of the load (one of them):
 *   __success              the program loads
 *   __failure              the verifier rejects the program
 * Verifier log (the loader always loads with log_level >= 1):
 *   __msg(m)               m is in the log; several __msg must appear in order
 *   __not_msg(m)           m is not in the log
 *   __log_level(n)         load with this log_level
 *   __flag(f)              load with prog_flags bit f, by name (BPF_F_...) or
 *                          number; several __flag add up
 *   __tight_log            load once to learn the log, then again with a log
 *                          buffer just big enough for it without its
 *                          deprecation lines (what a kernel without tiers
 *                          prints); the expectations are for that load
 * Running the program:
 *   __retval(n)            syscall program: return value of BPF_PROG_TEST_RUN
 *                          (32 bits, signed or unsigned: anything else is
 *                          refused); with __result_var, the value of that
 *                          global, which must fit it
 *   __result_var(v)        tracing program: attach it, trigger it, read the
 *                          u64 global v from .bss
 *   __trigger(t)           how to trigger an attached tracing program:
 *                          "write" = write(2) one byte to /dev/null
 * Kernel log (lines added while the test ran):
 *   __dmesg(m)             a line contains m; several must appear in order
 *   __not_dmesg(m)         no line contains m
 *   __dmesg_count(lo, hi, m)  lo to hi lines contain m
 *   __dmesg_per_minute(m)  at least one line contains m, and one a minute
 *                          at most after it, however long the test took
 * Environment:
 *   __caps(c)              make the BPF_PROG_LOAD with only capability c of
 *                          CAP_BPF, CAP_PERFMON, CAP_NET_ADMIN and
 *                          CAP_SYS_ADMIN (several __caps add up); libbpf's
 *                          work before it, which finds module BTF, keeps
 *                          them all
 *   __sysctl(kv)           "name=value", set before the test, restored after
 *   __repeat(n)            load (and run) n times; every load must match
 *   __fresh_warnings       wait out the printk ratelimit (5 s) and load under
 *                          a comm of its own, "kt-fresh-PID": the kernel's
 *                          deprecation warnings then owe nothing to earlier
 *                          loads of this boot
 * The series' layer the program tests (qemu-boot/series):
 *   __layer(l)             "policy", "flag", ...: left out on a kernel built
 *                          with the series up to an earlier layer (make
 *                          check LAYER=...); untagged programs are "core",
 *                          and expect the default policy (1), the only one
 *                          a kernel without the policy layer has
 */
#ifndef __EXPECT_H__
#define __EXPECT_H__

/*
 * The kernel tree the programs are built for, from bpf-progs/Makefile: 601
 * for 6.1, 612 for 6.12. Only expectations on upstream's own verifier
 * messages, which change between trees, depend on it.
 */
#ifndef KVER_NUM
#error "KVER_NUM is not defined: build with bpf-progs/Makefile"
#endif

#define __test_tag(tag)		__attribute__((btf_decl_tag("comment:" tag)))

#define __success		__test_tag("test_expect_success")
#define __failure		__test_tag("test_expect_failure")
#define __msg(msg)		__test_tag("test_expect_msg=" msg)
#define __not_msg(msg)		__test_tag("test_expect_not_msg=" msg)
#define __log_level(lvl)	__test_tag("test_log_level=" #lvl)
#define __tight_log		__test_tag("test_tight_log")
#define __flag(flag)		__test_tag("test_prog_flags=" #flag)
#define __retval(val)		__test_tag("test_retval=" #val)
#define __result_var(var)	__test_tag("test_result_var=" #var)
#define __trigger(how)		__test_tag("test_trigger=" how)
#define __dmesg(msg)		__test_tag("test_expect_dmesg=" msg)
#define __not_dmesg(msg)	__test_tag("test_expect_not_dmesg=" msg)
#define __dmesg_count(lo, hi, msg) \
	__test_tag("test_dmesg_count=" #lo "," #hi "," msg)
#define __dmesg_per_minute(msg)	__test_tag("test_dmesg_per_minute=" msg)
#define __sysctl(kv)		__test_tag("test_sysctl=" kv)
#define __repeat(n)		__test_tag("test_repeat=" #n)
#define __fresh_warnings	__test_tag("test_fresh_warnings")
#define __caps(cap)		__test_tag("test_caps=" #cap)
#define __layer(l)		__test_tag("test_layer=" #l)

#endif /* __EXPECT_H__ */
