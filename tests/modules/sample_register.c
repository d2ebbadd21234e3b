// SPDX-License-Identifier: GPL-2.0
/*
 * Registration timing and order: when register_btf_kfunc_id_set() may be
 * called, and what a later or failed registration leaves of earlier ones.
 *
 * init registers one kfunc in two sets: for tracing programs (required:
 * init fails if it does) and for syscall programs, where it is also
 * KF_SLEEPABLE (optional: a failure is logged and init goes on, as a
 * subsystem whose optional part failed keeps its core).  Parameters:
 *
 *   syscall_first  register the syscall set first; the listing must not
 *                  change with the order
 *   init_delay_ms  sleep this long at the end of init; the listing must not
 *                  show a module that is still initialising
 *   vmlinux_owner  register the tracing set with no owner, into vmlinux's
 *                  BTF, after boot: refused with EBUSY
 *   late           (write-only) writing it registers an XDP set while the
 *                  module is live: the write fails with EBUSY
 *   late_dtor      (write-only) writing "module" registers a kfunc
 *                  destructor while the module is live, "vmlinux" one into
 *                  vmlinux's BTF: destructors fall under the rules of kfunc
 *                  sets, and both fail with EBUSY
 */
#include <linux/btf.h>
#include <linux/btf_ids.h>
#include <linux/delay.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/string.h>

#include "compat.h"

static bool syscall_first;
module_param(syscall_first, bool, 0444);
MODULE_PARM_DESC(syscall_first, "register the syscall set before the tracing set");

static unsigned int init_delay_ms;
module_param(init_delay_ms, uint, 0444);
MODULE_PARM_DESC(init_delay_ms, "sleep this long at the end of init");

static bool vmlinux_owner;
module_param(vmlinux_owner, bool, 0444);
MODULE_PARM_DESC(vmlinux_owner, "register the tracing set into vmlinux's BTF");

__bpf_kfunc_start_defs();

/**
 * bpf_register_get() - Return a number unchanged.
 * @a: the number
 *
 * Tier: unstable.  It exists to be registered.
 *
 * Return: @a.
 */
__bpf_kfunc u32 bpf_register_get(u32 a)
{
	return a;
}

/* The object of the destructor below */
struct bpf_register_obj {
	u32 value;
};

/**
 * bpf_register_obj_release() - Release a struct bpf_register_obj.
 * @obj: The object; none is ever handed out.
 */
__bpf_kfunc void bpf_register_obj_release(struct bpf_register_obj *obj)
{
}

__bpf_kfunc_end_defs();

/*
 * 0x1000000: a flag this kernel has no name for, as one backported from a
 * later kernel would be; the listing shows it as a mask instead of dropping
 * it, and the verifier ignores flags it does not know. A number, as
 * BTF_ID_FLAGS() writes its flags into an assembler .long.
 */
BTF_KFUNCS_START(tracing_ids)
BTF_ID_FLAGS(func, bpf_register_get, 0x1000000)
BTF_KFUNCS_END(tracing_ids)

BTF_KFUNCS_START(syscall_ids)
BTF_ID_FLAGS(func, bpf_register_get, KF_SLEEPABLE)
BTF_KFUNCS_END(syscall_ids)

static struct btf_kfunc_id_set tracing_set = {
	.owner = THIS_MODULE,
	.set = &tracing_ids,
};

static const struct btf_kfunc_id_set syscall_set = {
	.owner = THIS_MODULE,
	.set = &syscall_ids,
};

/*
 * A string of a lifecycle record's form outside the section that
 * BTF_KFUNC_LIFECYCLE() writes records to, as data may hold one: no record
 * of this module. Were the build to take it for one, bpf_register_get,
 * which is unstable, would get a record and the build would fail.
 */
static const char not_a_record[] __initconst __used =
	"bpf_register_get\t6.1\t6.2\tnothing";

BTF_ID_LIST(dtor_ids)
BTF_ID(struct, bpf_register_obj)
BTF_ID(func, bpf_register_obj_release)

static int register_dtor(struct module *owner)
{
	const struct btf_id_dtor_kfunc dtors[] = {
		{ .btf_id = dtor_ids[0], .kfunc_btf_id = dtor_ids[1] },
	};

	return register_btf_id_dtor_kfuncs(dtors, ARRAY_SIZE(dtors), owner);
}

static void register_syscall_set(void)
{
	int ret = register_btf_kfunc_id_set(BPF_PROG_TYPE_SYSCALL, &syscall_set);

	if (ret)
		pr_info("sample_register: optional syscall set not registered: %d\n", ret);
}

/* The set registered for XDP by a write to the "late" parameter */
static int late_set(const char *val, const struct kernel_param *kp)
{
	return register_btf_kfunc_id_set(BPF_PROG_TYPE_XDP, &tracing_set);
}

static const struct kernel_param_ops late_ops = {
	.set = late_set,
};

module_param_cb(late, &late_ops, NULL, 0200);
MODULE_PARM_DESC(late, "write to register a set while the module is live");

/* The destructor registered by a write to the "late_dtor" parameter */
static int late_dtor_set(const char *val, const struct kernel_param *kp)
{
	return register_dtor(sysfs_streq(val, "vmlinux") ? NULL : THIS_MODULE);
}

static const struct kernel_param_ops late_dtor_ops = {
	.set = late_dtor_set,
};

module_param_cb(late_dtor, &late_dtor_ops, NULL, 0200);
MODULE_PARM_DESC(late_dtor, "write module or vmlinux to register a destructor while live");

static int __init sample_register_init(void)
{
	int ret;

	if (vmlinux_owner)
		tracing_set.owner = NULL;
	if (syscall_first)
		register_syscall_set();
	ret = register_btf_kfunc_id_set(BPF_PROG_TYPE_TRACING, &tracing_set);
	if (ret)
		return ret;
	if (!syscall_first)
		register_syscall_set();
	msleep(init_delay_ms);
	return 0;
}

static void __exit sample_register_exit(void)
{
}

module_init(sample_register_init);
module_exit(sample_register_exit);

MODULE_DESCRIPTION("Kfunc registration timing and order");
MODULE_LICENSE("GPL");
