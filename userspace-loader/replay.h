/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/*
 * Loading one program many times without reopening its object.
 *
 * libbpf loads an object once, and opening it again makes libbpf read and
 * parse the kernel's BTF (vmlinux and every module) for each load. To load
 * a program N times, kfunctool records the BPF_PROG_LOAD that libbpf made
 * for it and issues that same request again: the same instructions, BTF,
 * func and line info, fd_array and flags, so the verifier sees an
 * identical load every time.
 */
#ifndef KT_REPLAY_H
#define KT_REPLAY_H

#include <stdbool.h>
#include <stddef.h>

#include <linux/bpf.h>

struct kt_replay {
	union bpf_attr attr;	/* points into the bpf_object's memory */
	unsigned int size;
	bool recorded;
	/*
	 * libbpf closes the module BTF fds of a load once the object is
	 * loaded: the record holds its own copies of them, in its own copy
	 * of the instructions and fd_array.
	 */
	struct bpf_insn *insns;
	int *fd_array;
	int nfds;
};

/*
 * Record, into @rps[i], the last successful BPF_PROG_LOAD of the program
 * named @names[i], for each of the @n, until kt_replay_stop(). Names must
 * differ in their first BPF_OBJ_NAME_LEN - 1 characters, all the kernel
 * is told. A record stays valid only while the bpf_object that made it is
 * open.
 */
void kt_replay_record(struct kt_replay *rps, char *const *names, int n);
void kt_replay_stop(void);
/* Close and free what the record holds. */
void kt_replay_free(struct kt_replay *rp);

/*
 * Issue @rp's load again, at its log level, with its verifier log going
 * to @log (when it asked for a log). The new program's fd, or -errno.
 */
int kt_replay_load(const struct kt_replay *rp, char *log, size_t log_size);

#endif
