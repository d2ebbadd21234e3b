// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * The BPF_PROG_LOAD recorder (see replay.h). libbpf reaches the kernel
 * through syscall(__NR_bpf, ...) and has no hook that sees the final load
 * attributes of a standard section, so kfunctool is linked with
 * -Wl,--wrap=syscall and every syscall() made by libbpf passes here. The
 * capabilities of a __caps load are lowered here too (caps.h), around the
 * BPF_PROG_LOAD alone.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "caps.h"
#include "replay.h"
#include "util.h"

long __real_syscall(long nr, ...);
long __wrap_syscall(long nr, ...);

/* What kt_replay_record() asked for: the programs' names as the kernel
 * keeps them (BPF_OBJ_NAME_LEN - 1 characters), and where each goes */
static struct kt_replay *recording;
static char *const *recording_names;
static int recording_n;

void kt_replay_record(struct kt_replay *rps, char *const *names, int n)
{
	for (int i = 0; i < n; i++)
		memset(&rps[i], 0, sizeof(rps[i]));
	recording = rps;
	recording_names = names;
	recording_n = n;
}

void kt_replay_stop(void)
{
	recording = NULL;
	recording_n = 0;
}

static bool is_kfunc_call(const struct bpf_insn *in)
{
	return in->code == (BPF_JMP | BPF_CALL) && in->src_reg == BPF_PSEUDO_KFUNC_CALL;
}

/* A ksym variable: the second half of the ld_imm64 holds its BTF's fd. */
static bool is_ksym_var(const struct bpf_insn *in)
{
	return in->code == (BPF_LD | BPF_IMM | BPF_DW) && in->src_reg == BPF_PSEUDO_BTF_ID;
}

/* Copy the instructions and the fd_array, with fds of their own. */
static void hold_fds(struct kt_replay *rp)
{
	const struct bpf_insn *in = (const struct bpf_insn *)(uintptr_t)rp->attr.insns;
	const int *fds = (const int *)(uintptr_t)rp->attr.fd_array;
	unsigned int n = rp->attr.insn_cnt;

	rp->insns = kt_xmalloc(n * sizeof(*in));
	memcpy(rp->insns, in, n * sizeof(*in));
	for (unsigned int i = 0; i < n; i++) {
		if (is_kfunc_call(&in[i]) && in[i].off > 0 && in[i].off >= rp->nfds)
			rp->nfds = in[i].off + 1;
	}
	if (fds && rp->nfds) {
		rp->fd_array = kt_xcalloc(rp->nfds, sizeof(int));
		for (int i = 0; i < rp->nfds; i++)
			rp->fd_array[i] = -1;
		for (unsigned int i = 0; i < n; i++) {
			int off = in[i].off;

			if (is_kfunc_call(&in[i]) && off > 0 && rp->fd_array[off] < 0)
				rp->fd_array[off] = fcntl(fds[off], F_DUPFD_CLOEXEC, 0);
		}
		rp->attr.fd_array = (uintptr_t)rp->fd_array;
	}
	for (unsigned int i = 0; i + 1 < n; i++) {
		if (is_ksym_var(&in[i]) && in[i + 1].imm > 0)
			rp->insns[i + 1].imm = fcntl(in[i + 1].imm, F_DUPFD_CLOEXEC, 0);
	}
	rp->attr.insns = (uintptr_t)rp->insns;
}

void kt_replay_free(struct kt_replay *rp)
{
	for (int i = 0; rp->fd_array && i < rp->nfds; i++)
		if (rp->fd_array[i] >= 0)
			close(rp->fd_array[i]);
	for (unsigned int i = 0; rp->insns && i + 1 < rp->attr.insn_cnt; i++)
		if (is_ksym_var(&rp->insns[i]) && rp->insns[i + 1].imm > 0)
			close(rp->insns[i + 1].imm);
	free(rp->insns);
	free(rp->fd_array);
	memset(rp, 0, sizeof(*rp));
}

long __wrap_syscall(long nr, ...)
{
	long a[6], ret;
	va_list ap;
	int err;

	/* syscall() takes at most six arguments after the number */
	va_start(ap, nr);
	for (int i = 0; i < 6; i++)
		a[i] = va_arg(ap, long);
	va_end(ap);
	if (nr != __NR_bpf || a[0] != BPF_PROG_LOAD)
		return __real_syscall(nr, a[0], a[1], a[2], a[3], a[4], a[5]);
	err = kt_caps_enter();
	if (err) {
		errno = -err;
		return -1;
	}
	ret = __real_syscall(nr, a[0], a[1], a[2], a[3], a[4], a[5]);
	err = errno;
	kt_caps_leave();
	errno = err;
	for (int i = 0; recording && ret >= 0 && i < recording_n; i++) {
		const union bpf_attr *attr = (const union bpf_attr *)a[1];
		unsigned int size = (unsigned int)a[2];
		struct kt_replay *rp = &recording[i];

		if (strncmp(attr->prog_name, recording_names[i], sizeof(attr->prog_name) - 1))
			continue;
		kt_replay_free(rp);
		if (size > sizeof(rp->attr))
			size = sizeof(rp->attr);
		memcpy(&rp->attr, attr, size);
		rp->size = size;
		rp->recorded = true;
		hold_fds(rp);
		break;
	}
	return ret;
}

int kt_replay_load(const struct kt_replay *rp, char *log, size_t log_size)
{
	union bpf_attr attr = rp->attr;
	int fd, tries = 0;

	if (!rp->recorded)
		return -EINVAL;
	/* The recorded buffer was libbpf's; a load without a log has none */
	attr.log_buf = attr.log_level ? (uintptr_t)log : 0;
	attr.log_size = attr.log_level ? (unsigned int)log_size : 0;
	if (attr.log_level)
		log[0] = '\0';
	/* the kernel's EAGAIN: libbpf tries 5 times, and so does this */
	do {
		fd = (int)syscall(__NR_bpf, BPF_PROG_LOAD, &attr, rp->size);
	} while (fd < 0 && errno == EAGAIN && ++tries < 5);
	return fd < 0 ? -errno : fd;
}
