/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Random BPF programs for the verifier oracle, and what the tier rules of
 * Documentation/bpf/kfuncs.rst say of each.
 *
 * A program is a tree of functions (main, static subprograms, global
 * functions, bpf_loop() callbacks) whose bodies are blocks: kfunc and
 * helper calls, calls of other functions, and branches on a constant, on
 * a frozen .rodata value, or on a random number. The generator knows
 * which side of each branch the verifier takes, so it can say where each
 * kfunc call is: reached, only on a speculative path (a loader without
 * CAP_PERFMON), or dead. Every program is valid apart from its tiers.
 */
#ifndef ORACLE_GEN_H
#define ORACLE_GEN_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include <linux/bpf.h>

/* The kfuncs a program may call. KF_VMLINUX is an untiered kfunc of
 * vmlinux, the one kind a kernel without the series also has. */
enum oracle_kf {
	OK_VMLINUX,
	OK_UNSTABLE,	/* bpf_sample_mix */
	OK_STABLE,	/* bpf_sample_sum */
	OK_DEPRECATED,	/* bpf_sample_sum32 */
	OK_DEPRECATED2,	/* bpf_sample_mix8 */
	OK_REMOVED,	/* bpf_sample_legacy_mul */
	OK_NR,
};

/* How a kfunc is called: two u32 in r1 and r2, one int in r1, or a
 * pointer to 8 bytes of stack and its size. */
enum oracle_shape { SHAPE_U32_U32, SHAPE_INT, SHAPE_MEM_LEN };

struct oracle_kfunc {
	const char *name;
	enum oracle_shape shape;
	bool returns;		/* r0 holds a scalar after the call */
	int btf_id;		/* in its owner's BTF */
	int fd_slot;		/* insn->off: 0 for vmlinux, else an fd_array index */
};

/* The kinds of function a program has */
enum oracle_fkind { F_MAIN, F_STATIC, F_GLOBAL, F_CALLBACK };

/* Where a call is, for the verifier: the order matters (the max wins) */
enum oracle_reach { REACH_DEAD, REACH_SPEC, REACH_LIVE };

/* The loader: root, or CAP_BPF alone (speculative paths walked) */
enum oracle_mode { MODE_ROOT, MODE_CAP_BPF, MODE_NR };

/* How globals are verified: 6.1 verifies every global function as an
 * entry of its own; since 6.8 only those a walked path calls. */
enum oracle_globals { GLOBALS_ALL, GLOBALS_CALLED };

#define ORACLE_MAX_INSNS 4096
#define ORACLE_MAX_FUNCS 8

struct oracle_prog {
	struct bpf_insn insns[ORACLE_MAX_INSNS];
	int cnt;
	int nfuncs;
	int func_start[ORACLE_MAX_FUNCS];
	enum oracle_fkind func_kind[ORACLE_MAX_FUNCS];
	bool tiered;		/* may call the sample module's kfuncs */
	bool calls[OK_NR];	/* a call of the kfunc is somewhere in it */
	/* per mode: the furthest each kfunc is reached, by the docs' rules */
	enum oracle_reach reach[MODE_NR][OK_NR];
};

/* The .rodata the programs branch on: a frozen array map's one value */
#define ORACLE_RODATA { 0, 1, 6, 12 }

/*
 * Make the program of @seed. @tiered: calls of the sample module's kfuncs
 * too, else of the vmlinux one only. @map_fd: the .rodata map. Returns
 * false if the program would not fit (never for the sizes used here).
 */
bool oracle_gen(struct oracle_prog *p, uint64_t seed, bool tiered,
		const struct oracle_kfunc *kf, int map_fd, enum oracle_globals globals);
/* The program's tree as pseudo C, to reproduce a failure by hand */
void oracle_print(FILE *f, uint64_t seed, bool tiered);

/* Function @i's name, and whether it is a global function (func_info) */
const char *oracle_func_name(int i);
bool oracle_func_global(const struct oracle_prog *p, int i);

#endif
