/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/*
 * Loading a program with fewer capabilities (the __caps expectation).
 *
 * A loader with CAP_BPF but without CAP_PERFMON gets a stricter verifier:
 * it walks speculative paths, hides pointers, and so on. libbpf cannot
 * even start such a load of a program calling a module's kfunc, as finding
 * module BTFs takes CAP_SYS_ADMIN. So kfunctool does what a privileged
 * helper handing out BTF fds would: libbpf's work before the load keeps
 * every capability, and only BPF_PROG_LOAD itself runs with the
 * capabilities asked for, among the four that open BPF to a process.
 */
#ifndef KT_CAPS_H
#define KT_CAPS_H

#include <stdbool.h>
#include <stdint.h>

/* The four, as error messages name them */
#define KT_CAPS_NAMES "CAP_BPF, CAP_PERFMON, CAP_NET_ADMIN or CAP_SYS_ADMIN"

/* The bit of the capability named @name ("CAP_BPF"), 0 if it is not one
 * of the four. */
uint64_t kt_caps_bit(const char *name);
/* A list separated by commas ("CAP_BPF,CAP_NET_ADMIN") into *@caps; -1
 * after an error line naming the first that is not one of the four. */
int kt_caps_parse(const char *list, uint64_t *caps);

/*
 * From now on, every BPF_PROG_LOAD is made with only @keep of the four in
 * the effective set; kt_caps_load_all() ends that.
 * -errno if the effective set cannot be read or lowered (nothing changes).
 */
int kt_caps_load_with(uint64_t keep);
void kt_caps_load_all(void);

/* Called around each BPF_PROG_LOAD (replay.c): lower, then restore, the
 * effective set. kt_caps_enter() fails with -errno, nothing changed. */
int kt_caps_enter(void);
void kt_caps_leave(void);

#endif
