/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/*
 * Self-contained definitions for the host-side test objects: no kernel or
 * libbpf headers, so they build with any clang that targets bpf.
 */
#define SEC(name)	__attribute__((section(name), used))
#define __ksym		__attribute__((section(".ksyms")))
#define __weak		__attribute__((weak))
#define __tag(t)	__attribute__((btf_decl_tag("comment:" t)))
#define __success	__tag("test_expect_success")
#define __failure	__tag("test_expect_failure")
#define __retval(v)	__tag("test_retval=" #v)

char _license[] SEC("license") = "GPL";
