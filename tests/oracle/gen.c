// SPDX-License-Identifier: GPL-2.0
/* Random BPF programs and the tier rules' verdict on them (see gen.h). */
#include <string.h>

#include "gen.h"

enum btype { B_KCALL, B_HCALL, B_FAULT, B_SCALL, B_GCALL, B_LOOP, B_IF_CONST, B_IF_RODATA,
	     B_IF_RAND };

struct block {
	enum btype t;
	int kf;			/* B_KCALL */
	int callee;		/* B_SCALL, B_GCALL, B_LOOP */
	int32_t a, b;		/* arguments; B_IF_*: r1's value (or .rodata offset), imm */
	int op;			/* B_IF_CONST, B_IF_RODATA: BPF_J* */
	bool j32;
	bool taken;		/* the verifier knows the jump is (not) taken */
	int jt, ft;		/* B_IF_*: lists at the jump target and fall-through */
	int next;		/* the next block of its list, or -1 */
};

#define MAX_BLOCKS 256

struct tree {
	int nfuncs;
	enum oracle_fkind kind[ORACLE_MAX_FUNCS];
	int body[ORACLE_MAX_FUNCS];	/* list head, -1 for empty */
	struct block b[MAX_BLOCKS];
	int nb;
	uint64_t rng;
	unsigned int kfuncs;	/* the kfuncs its calls choose from, a bit each */
	bool faults;		/* may read a register a call clobbered */
};

static uint32_t rnd(struct tree *t, uint32_t n)
{
	/* xorshift64*: the same program from the same seed everywhere */
	t->rng ^= t->rng >> 12;
	t->rng ^= t->rng << 25;
	t->rng ^= t->rng >> 27;
	return (uint32_t)((t->rng * 0x2545F4914F6CDD1DULL) >> 32) % n;
}

static const int32_t consts[] = { -1, 0, 1, 2, 6, 12, 0x7fffffff, (int32_t)0x80000000 };
static const int32_t rodata[] = ORACLE_RODATA;
static const int jops[] = { BPF_JEQ, BPF_JNE, BPF_JGT, BPF_JGE, BPF_JLT, BPF_JLE,
			    BPF_JSGT, BPF_JSLT, BPF_JSET };
#define NELEM(a) ((int)(sizeof(a) / sizeof((a)[0])))

static bool eval(int op, bool j32, int64_t a, int64_t b)
{
	uint64_t ua = j32 ? (uint32_t)a : (uint64_t)a, ub = j32 ? (uint32_t)b : (uint64_t)b;
	int64_t sa = j32 ? (int32_t)a : a, sb = j32 ? (int32_t)b : b;

	switch (op) {
	case BPF_JEQ: return ua == ub;
	case BPF_JNE: return ua != ub;
	case BPF_JGT: return ua > ub;
	case BPF_JGE: return ua >= ub;
	case BPF_JLT: return ua < ub;
	case BPF_JLE: return ua <= ub;
	case BPF_JSGT: return sa > sb;
	case BPF_JSLT: return sa < sb;
	default: return ua & ub;	/* BPF_JSET */
	}
}

static int new_block(struct tree *t, enum btype type)
{
	struct block *b;

	if (t->nb == MAX_BLOCKS)
		return -1;
	b = &t->b[t->nb];
	memset(b, 0, sizeof(*b));
	b->t = type;
	b->jt = b->ft = b->next = -1;
	return t->nb++;
}

/* A function @f may call only later ones (no recursion), and a callback
 * neither globals nor bpf_loop(), the shapes kept simple. */
static int pick_callee(struct tree *t, int f, enum oracle_fkind want)
{
	int cand[ORACLE_MAX_FUNCS], n = 0;

	if (t->kind[f] == F_CALLBACK && want != F_STATIC)
		return -1;
	for (int i = f + 1; i < t->nfuncs; i++)
		if (t->kind[i] == want)
			cand[n++] = i;
	return n ? cand[rnd(t, n)] : -1;
}

static int gen_list(struct tree *t, int f, int depth);

static int gen_block(struct tree *t, int f, int depth)
{
	static const enum btype weights[] = {
		B_KCALL, B_KCALL, B_KCALL, B_HCALL, B_SCALL, B_GCALL, B_LOOP,
		B_IF_CONST, B_IF_CONST, B_IF_RODATA, B_IF_RAND,
	};
	enum btype type = weights[rnd(t, NELEM(weights))];
	static const enum oracle_fkind want[] = {
		[B_SCALL] = F_STATIC, [B_GCALL] = F_GLOBAL, [B_LOOP] = F_CALLBACK,
	};
	int callee = -1, i;
	struct block *b;

	if (type >= B_IF_CONST && depth >= 3)
		type = B_KCALL;
	/* Now and then a read of a register a call clobbered: the verifier
	 * rejects it where it walks it, speculative paths too, which is what
	 * the plain programs compare. The model's programs stay valid. */
	if (t->faults && !rnd(t, 32))
		type = B_FAULT;
	if (type == B_SCALL || type == B_GCALL || type == B_LOOP) {
		callee = pick_callee(t, f, want[type]);
		if (callee < 0)
			type = B_KCALL;
	}
	i = new_block(t, type);
	if (i < 0)
		return -1;
	b = &t->b[i];
	b->callee = callee;
	do
		b->kf = rnd(t, OK_NR);
	while (!(t->kfuncs & 1U << b->kf));
	b->a = consts[rnd(t, NELEM(consts))];
	b->b = consts[rnd(t, NELEM(consts))];
	if (type == B_LOOP)
		b->a = 1 + rnd(t, 3);
	if (type == B_IF_CONST || type == B_IF_RODATA) {
		b->op = jops[rnd(t, NELEM(jops))];
		b->j32 = rnd(t, 2);
		if (type == B_IF_RODATA)
			b->a = 4 * rnd(t, NELEM(rodata));
		b->taken = eval(b->op, b->j32,
				type == B_IF_RODATA ? rodata[b->a / 4] : b->a, b->b);
	}
	if (type >= B_IF_CONST) {
		/* new_block() may not keep b valid: index again */
		int jt = gen_list(t, f, depth + 1), ft = gen_list(t, f, depth + 1);

		t->b[i].jt = jt;
		t->b[i].ft = ft;
	}
	return i;
}

static int gen_list(struct tree *t, int f, int depth)
{
	int head = -1, tail = -1, n = 1 + rnd(t, 3);

	for (int k = 0; k < n; k++) {
		int i = gen_block(t, f, depth);

		if (i < 0)
			break;
		if (tail < 0)
			head = i;
		else
			t->b[tail].next = i;
		tail = i;
	}
	return head;
}

/* The lists of function @f, for placing a call somewhere in it */
static int lists_of(struct tree *t, int head, int *out, int n)
{
	out[n++] = head;
	for (int i = head; i >= 0; i = t->b[i].next)
		if (t->b[i].t >= B_IF_CONST) {
			if (t->b[i].jt >= 0)
				n = lists_of(t, t->b[i].jt, out, n);
			if (t->b[i].ft >= 0)
				n = lists_of(t, t->b[i].ft, out, n);
		}
	return n;
}

static bool called(struct tree *t, int f)
{
	for (int i = 0; i < t->nb; i++)
		if ((t->b[i].t == B_SCALL || t->b[i].t == B_GCALL || t->b[i].t == B_LOOP) &&
		    t->b[i].callee == f)
			return true;
	return false;
}

static void build(struct tree *t, uint64_t seed, bool tiered)
{
	static const enum btype call_of[] = {
		[F_STATIC] = B_SCALL, [F_GLOBAL] = B_GCALL, [F_CALLBACK] = B_LOOP,
	};

	memset(t, 0, sizeof(*t));
	t->rng = seed * 0x9E3779B97F4A7C15ULL + 1;
	/* Each tiered program calls a few of the tiers, so that not all of
	 * them are rejected for a removed kfunc. */
	t->kfuncs = 1U << OK_VMLINUX | (tiered ? rnd(t, 1U << OK_NR) : 0);
	/* A third of the plain programs has faults; the model's none */
	t->faults = !tiered && !rnd(t, 3);
	t->nfuncs = 1 + rnd(t, 6);
	t->kind[0] = F_MAIN;
	for (int f = 1; f < t->nfuncs; f++)
		t->kind[f] = F_STATIC + rnd(t, 3);
	/* Later functions first, so that every callee's body exists */
	for (int f = t->nfuncs - 1; f >= 0; f--)
		t->body[f] = gen_list(t, f, 0);
	/* Every function is called (the verifier refuses unreachable code):
	 * a call of each one nobody calls, in some list of an earlier one. */
	for (int f = 1; f < t->nfuncs; f++) {
		int lists[MAX_BLOCKS], n, caller, i, l;

		if (called(t, f))
			continue;
		do
			caller = rnd(t, f);
		while (t->kind[caller] == F_CALLBACK && t->kind[f] != F_STATIC);
		i = new_block(t, call_of[t->kind[f]]);
		if (i < 0)
			return;
		t->b[i].callee = f;
		t->b[i].a = t->kind[f] == F_CALLBACK ? 1 + (int)rnd(t, 3) : 1;
		if (t->body[caller] < 0) {
			t->body[caller] = i;
			continue;
		}
		n = lists_of(t, t->body[caller], lists, 0);
		l = lists[rnd(t, n)];
		while (t->b[l].next >= 0)
			l = t->b[l].next;
		t->b[l].next = i;
	}
}

/* The model: the furthest each kfunc is reached, as kfuncs.rst tells */
struct walk {
	struct tree *t;
	enum oracle_mode mode;
	enum oracle_reach *reach;
	enum oracle_reach gcalled[ORACLE_MAX_FUNCS];
};

#define MAX(a, b) ((a) > (b) ? (a) : (b))

static void walk(struct walk *w, int head, enum oracle_reach ctx)
{
	/* The side of a known branch the program never takes: walked as a
	 * speculative path for a loader without CAP_PERFMON, else dead. */
	enum oracle_reach other = w->mode == MODE_CAP_BPF && ctx != REACH_DEAD ?
				  REACH_SPEC : REACH_DEAD;

	for (int i = head; i >= 0; i = w->t->b[i].next) {
		const struct block *b = &w->t->b[i];

		switch (b->t) {
		case B_KCALL:
			w->reach[b->kf] = MAX(w->reach[b->kf], ctx);
			break;
		case B_SCALL:
		case B_LOOP:
			walk(w, w->t->body[b->callee], ctx);
			break;
		case B_GCALL:
			w->gcalled[b->callee] = MAX(w->gcalled[b->callee], ctx);
			break;
		case B_IF_CONST:
		case B_IF_RODATA:
			walk(w, b->taken ? b->jt : b->ft, ctx);
			walk(w, b->taken ? b->ft : b->jt, other);
			break;
		case B_IF_RAND:
			walk(w, b->jt, ctx);
			walk(w, b->ft, ctx);
			break;
		case B_HCALL:
		case B_FAULT:
			break;
		}
	}
}

static void model(struct tree *t, enum oracle_mode mode, enum oracle_globals globals,
		  enum oracle_reach *reach)
{
	struct walk w = { .t = t, .mode = mode, .reach = reach };
	enum oracle_reach done[ORACLE_MAX_FUNCS] = {};
	bool more = true;

	walk(&w, t->body[0], REACH_LIVE);
	/*
	 * A global function is verified on its own, as an entry: by 6.1
	 * always, by later kernels once a path they walk calls it. Its calls
	 * are reached when a reached path calls it; when only speculative
	 * paths call it, no tier applies to them either.
	 */
	while (more) {
		more = false;
		for (int f = 1; f < t->nfuncs; f++) {
			enum oracle_reach r = globals == GLOBALS_ALL ? REACH_LIVE : w.gcalled[f];

			if (t->kind[f] != F_GLOBAL || r <= done[f])
				continue;
			done[f] = r;
			walk(&w, t->body[f], r);
			more = true;
		}
	}
}

/* Emitting the instructions */
struct emit {
	struct oracle_prog *p;
	const struct tree *t;
	const struct oracle_kfunc *kf;
	int map_fd;
	int reloc[ORACLE_MAX_INSNS / 4][2];	/* insn, callee */
	int nreloc;
	bool full;
};

static void put(struct emit *e, struct bpf_insn insn)
{
	if (e->p->cnt == ORACLE_MAX_INSNS) {
		e->full = true;
		return;
	}
	e->p->insns[e->p->cnt++] = insn;
}

#define INSN(c, d, s, o, i) ((struct bpf_insn){ .code = (c), .dst_reg = (d), .src_reg = (s), \
						.off = (o), .imm = (i) })
#define MOV_IMM(d, i)	INSN(BPF_ALU64 | BPF_MOV | BPF_K, d, 0, 0, i)
#define MOV_REG(d, s)	INSN(BPF_ALU64 | BPF_MOV | BPF_X, d, s, 0, 0)
#define ADD_REG(d, s)	INSN(BPF_ALU64 | BPF_ADD | BPF_X, d, s, 0, 0)
#define ADD_IMM(d, i)	INSN(BPF_ALU64 | BPF_ADD | BPF_K, d, 0, 0, i)
#define CALL(src, o, i)	INSN(BPF_JMP | BPF_CALL, 0, src, o, i)
#define EXIT()		INSN(BPF_JMP | BPF_EXIT, 0, 0, 0, 0)
#define JA(o)		INSN(BPF_JMP | BPF_JA, 0, 0, o, 0)

static void call_func(struct emit *e, int src, int callee)
{
	if (e->nreloc < NELEM(e->reloc)) {
		e->reloc[e->nreloc][0] = e->p->cnt;
		e->reloc[e->nreloc++][1] = callee;
	} else {
		e->full = true;
	}
	put(e, src == BPF_PSEUDO_FUNC ?
	       INSN(BPF_LD | BPF_DW | BPF_IMM, BPF_REG_2, BPF_PSEUDO_FUNC, 0, 0) :
	       CALL(BPF_PSEUDO_CALL, 0, 0));
	if (src == BPF_PSEUDO_FUNC)
		put(e, INSN(0, 0, 0, 0, 0));
}

static void emit_list(struct emit *e, int head);

static void emit_if(struct emit *e, const struct block *b)
{
	int jmp, ja;

	switch (b->t) {
	case B_IF_RAND:
		put(e, CALL(0, 0, BPF_FUNC_get_prandom_u32));
		put(e, MOV_REG(BPF_REG_1, BPF_REG_0));
		break;
	case B_IF_RODATA:
		put(e, INSN(BPF_LD | BPF_DW | BPF_IMM, BPF_REG_1, BPF_PSEUDO_MAP_VALUE, 0,
			    e->map_fd));
		put(e, INSN(0, 0, 0, 0, b->a));
		put(e, INSN(BPF_LDX | BPF_MEM | BPF_W, BPF_REG_1, BPF_REG_1, 0, 0));
		break;
	default:
		put(e, MOV_IMM(BPF_REG_1, b->a));
		break;
	}
	jmp = e->p->cnt;
	if (b->t == B_IF_RAND)
		put(e, INSN(BPF_JMP | BPF_JGT | BPF_K, BPF_REG_1, 0, 0, 0x7fffffff));
	else
		put(e, INSN((b->j32 ? BPF_JMP32 : BPF_JMP) | b->op | BPF_K, BPF_REG_1, 0, 0,
			    b->b));
	emit_list(e, b->ft);
	ja = e->p->cnt;
	put(e, JA(0));
	emit_list(e, b->jt);
	if (e->full)
		return;
	e->p->insns[jmp].off = ja - jmp;
	e->p->insns[ja].off = e->p->cnt - ja - 1;
}

static void emit_kcall(struct emit *e, const struct block *b)
{
	const struct oracle_kfunc *k = &e->kf[b->kf];

	e->p->calls[b->kf] = true;
	switch (k->shape) {
	case SHAPE_U32_U32:
		put(e, MOV_IMM(BPF_REG_1, b->a));
		put(e, MOV_IMM(BPF_REG_2, b->b));
		break;
	case SHAPE_INT:
		put(e, MOV_IMM(BPF_REG_1, b->a));
		break;
	case SHAPE_MEM_LEN:
		put(e, MOV_IMM(BPF_REG_1, b->a));
		put(e, INSN(BPF_STX | BPF_MEM | BPF_DW, BPF_REG_10, BPF_REG_1, -8, 0));
		put(e, MOV_REG(BPF_REG_1, BPF_REG_10));
		put(e, ADD_IMM(BPF_REG_1, -8));
		put(e, MOV_IMM(BPF_REG_2, 8));
		break;
	}
	put(e, CALL(BPF_PSEUDO_KFUNC_CALL, k->fd_slot, k->btf_id));
	if (k->returns)
		put(e, ADD_REG(BPF_REG_6, BPF_REG_0));
}

static void emit_list(struct emit *e, int head)
{
	for (int i = head; i >= 0; i = e->t->b[i].next) {
		const struct block *b = &e->t->b[i];

		switch (b->t) {
		case B_KCALL:
			emit_kcall(e, b);
			break;
		case B_HCALL:
			put(e, CALL(0, 0, BPF_FUNC_get_prandom_u32));
			put(e, ADD_REG(BPF_REG_6, BPF_REG_0));
			break;
		case B_FAULT:
			put(e, CALL(0, 0, BPF_FUNC_get_prandom_u32));
			put(e, ADD_REG(BPF_REG_6, BPF_REG_2));
			break;
		case B_SCALL:
			call_func(e, BPF_PSEUDO_CALL, b->callee);
			put(e, ADD_REG(BPF_REG_6, BPF_REG_0));
			break;
		case B_GCALL:
			put(e, MOV_IMM(BPF_REG_1, b->a));
			call_func(e, BPF_PSEUDO_CALL, b->callee);
			put(e, ADD_REG(BPF_REG_6, BPF_REG_0));
			break;
		case B_LOOP:
			put(e, MOV_IMM(BPF_REG_1, b->a));
			call_func(e, BPF_PSEUDO_FUNC, b->callee);
			put(e, MOV_IMM(BPF_REG_3, 0));
			put(e, MOV_IMM(BPF_REG_4, 0));
			put(e, CALL(0, 0, BPF_FUNC_loop));
			put(e, ADD_REG(BPF_REG_6, BPF_REG_0));
			break;
		default:
			emit_if(e, b);
			break;
		}
	}
}

bool oracle_gen(struct oracle_prog *p, uint64_t seed, bool tiered,
		const struct oracle_kfunc *kf, int map_fd, enum oracle_globals globals)
{
	static struct tree t;
	static struct emit e;

	build(&t, seed, tiered);
	memset(p, 0, sizeof(*p));
	p->nfuncs = t.nfuncs;
	p->tiered = tiered;
	for (int m = 0; m < MODE_NR; m++)
		model(&t, m, globals, p->reach[m]);

	memset(&e, 0, sizeof(e));
	e.p = p;
	e.t = &t;
	e.kf = kf;
	e.map_fd = map_fd;
	for (int f = 0; f < t.nfuncs; f++) {
		p->func_start[f] = p->cnt;
		p->func_kind[f] = t.kind[f];
		put(&e, MOV_IMM(BPF_REG_6, 0));
		emit_list(&e, t.body[f]);
		if (t.kind[f] == F_CALLBACK)
			put(&e, MOV_IMM(BPF_REG_0, 0));
		else
			put(&e, MOV_REG(BPF_REG_0, BPF_REG_6));
		put(&e, EXIT());
	}
	for (int r = 0; r < e.nreloc; r++) {
		int at = e.reloc[r][0];

		p->insns[at].imm = p->func_start[e.reloc[r][1]] - at - 1;
	}
	return !e.full;
}

const char *oracle_func_name(int i)
{
	static const char *const names[ORACLE_MAX_FUNCS] = {
		"main", "f1", "f2", "f3", "f4", "f5", "f6", "f7",
	};

	return names[i];
}

bool oracle_func_global(const struct oracle_prog *p, int i)
{
	return p->func_kind[i] == F_GLOBAL;
}

/* Printing the tree */
static const char *const kf_names[OK_NR] = {
	"vmlinux_kfunc", "bpf_sample_mix", "bpf_sample_sum", "bpf_sample_sum32",
	"bpf_sample_mix8", "bpf_sample_legacy_mul",
};

static void print_list(FILE *f, const struct tree *t, int head, int depth)
{
	static const char *const ops[] = {
		[BPF_JEQ >> 4] = "==", [BPF_JNE >> 4] = "!=", [BPF_JGT >> 4] = ">",
		[BPF_JGE >> 4] = ">=", [BPF_JLT >> 4] = "<", [BPF_JLE >> 4] = "<=",
		[BPF_JSGT >> 4] = "s>", [BPF_JSLT >> 4] = "s<", [BPF_JSET >> 4] = "&",
	};

	for (int i = head; i >= 0; i = t->b[i].next) {
		const struct block *b = &t->b[i];
		int ind = 2 * depth + 2;

		switch (b->t) {
		case B_KCALL:
			fprintf(f, "%*s%s(%d, %d);\n", ind, "", kf_names[b->kf], b->a, b->b);
			break;
		case B_HCALL:
			fprintf(f, "%*sbpf_get_prandom_u32();\n", ind, "");
			break;
		case B_FAULT:
			fprintf(f, "%*sbpf_get_prandom_u32(); r6 += r2; /* r2 clobbered */\n",
				ind, "");
			break;
		case B_SCALL:
		case B_GCALL:
			fprintf(f, "%*sf%d(%d);\n", ind, "", b->callee, b->a);
			break;
		case B_LOOP:
			fprintf(f, "%*sbpf_loop(%d, f%d, NULL, 0);\n", ind, "", b->a, b->callee);
			break;
		default:
			if (b->t == B_IF_RAND)
				fprintf(f, "%*sif (bpf_get_prandom_u32() > 0x7fffffff) {\n", ind, "");
			else if (b->t == B_IF_RODATA)
				fprintf(f, "%*sif (%s(rodata[%d]) %s %d) { /* %s */\n", ind, "",
					b->j32 ? "(u32)" : "", b->a / 4, ops[b->op >> 4], b->b,
					b->taken ? "always" : "never");
			else
				fprintf(f, "%*sif (%s%d %s %d) { /* %s */\n", ind, "",
					b->j32 ? "(u32)" : "(u64)", b->a, ops[b->op >> 4], b->b,
					b->taken ? "always" : "never");
			print_list(f, t, b->jt, depth + 1);
			fprintf(f, "%*s} else {\n", ind, "");
			print_list(f, t, b->ft, depth + 1);
			fprintf(f, "%*s}\n", ind, "");
			break;
		}
	}
}

void oracle_print(FILE *f, uint64_t seed, bool tiered)
{
	static const char *const kinds[] = { "main", "static", "global", "callback" };
	static struct tree t;

	build(&t, seed, tiered);
	fprintf(f, "/* seed %llu */\n", (unsigned long long)seed);
	for (int i = 0; i < t.nfuncs; i++) {
		fprintf(f, "%s int %s(...)\n{\n", kinds[t.kind[i]], oracle_func_name(i));
		print_list(f, &t, t.body[i], 0);
		fprintf(f, "}\n");
	}
}
