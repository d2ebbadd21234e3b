// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* Loading a program with fewer capabilities (see caps.h). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <linux/capability.h>

#include "caps.h"
#include "kfunctool.h"
#include "util.h"

#ifndef CAP_PERFMON
#define CAP_PERFMON	38
#endif
#ifndef CAP_BPF
#define CAP_BPF		39
#endif

static const struct {
	const char *name;
	int cap;
} bpf_caps[] = {
	{ "CAP_SYS_ADMIN", CAP_SYS_ADMIN },
	{ "CAP_NET_ADMIN", CAP_NET_ADMIN },
	{ "CAP_PERFMON", CAP_PERFMON },
	{ "CAP_BPF", CAP_BPF },
};

static const uint64_t bpf_caps_all = 1ULL << CAP_SYS_ADMIN | 1ULL << CAP_NET_ADMIN |
				     1ULL << CAP_PERFMON | 1ULL << CAP_BPF;

static bool active;
static uint64_t drop;
static struct __user_cap_data_struct saved[_LINUX_CAPABILITY_U32S_3];

uint64_t kt_caps_bit(const char *name)
{
	for (size_t i = 0; i < ARRAY_SIZE(bpf_caps); i++)
		if (strcmp(name, bpf_caps[i].name) == 0)
			return 1ULL << bpf_caps[i].cap;
	return 0;
}

int kt_caps_parse(const char *list, uint64_t *caps)
{
	char *dup = kt_xstrdup(list), *save = NULL, *name;
	int ret = 0;

	*caps = 0;
	for (name = strtok_r(dup, ",", &save); name; name = strtok_r(NULL, ",", &save)) {
		uint64_t bit = kt_caps_bit(name);

		if (!bit) {
			kt_err("--caps %s: %s is not " KT_CAPS_NAMES, list, name);
			ret = -1;
			break;
		}
		*caps |= bit;
	}
	free(dup);
	return ret;
}

static int caps_get(struct __user_cap_data_struct *d)
{
	struct __user_cap_header_struct h = { _LINUX_CAPABILITY_VERSION_3, 0 };

	return syscall(SYS_capget, &h, d) ? -errno : 0;
}

static int caps_set(const struct __user_cap_data_struct *d)
{
	struct __user_cap_header_struct h = { _LINUX_CAPABILITY_VERSION_3, 0 };

	return syscall(SYS_capset, &h, d) ? -errno : 0;
}

/* Save the effective set and take @drop out of it */
static int lower(void)
{
	struct __user_cap_data_struct d[_LINUX_CAPABILITY_U32S_3];
	int err;

	err = caps_get(saved);
	if (err)
		return err;
	memcpy(d, saved, sizeof(d));
	d[0].effective &= ~(__u32)drop;
	d[1].effective &= ~(__u32)(drop >> 32);
	return caps_set(d);
}

int kt_caps_load_with(uint64_t keep)
{
	int err;

	drop = bpf_caps_all & ~keep;
	/* Tried once here, so that no load fails for it later */
	err = lower();
	if (err)
		return err;
	caps_set(saved);
	active = true;
	return 0;
}

void kt_caps_load_all(void)
{
	active = false;
}

int kt_caps_enter(void)
{
	return active ? lower() : 0;
}

void kt_caps_leave(void)
{
	if (active)
		caps_set(saved);
}
