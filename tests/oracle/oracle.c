// SPDX-License-Identifier: GPL-2.0
/*
 * verifier-oracle: random programs through the verifier, against a
 * pristine kernel and against the tier rules (Review round 3, item 8).
 *
 *   plain SEEDS   programs that call no tiered kfunc (helpers and an
 *                 untiered vmlinux kfunc), loaded as root and with
 *                 CAP_BPF alone: one line each, the verdict and a hash of
 *                 the verifier log without its timing, to compare with
 *                 the same lines from a kernel without the series
 *   model SEEDS   programs calling kfuncs of every tier of sample_kfuncs,
 *                 under each policy: the verdict, the log's tier lines and
 *                 the listing's counters against the rules (gen.c's model)
 *   show SEED [--tiered]
 *                 the program of SEED as pseudo C, to reproduce a failure
 *
 * SEEDS is FIRST-LAST. The same seed gives the same program everywhere.
 * Exit: 0 all held (plain: all loaded or rejected alike, nothing to
 * compare here), 1 a model failure, 2 usage, 3 setup failed.
 */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

#include <bpf/bpf.h>
#include <bpf/btf.h>
#include <bpf/libbpf.h>

#include "../../userspace-loader/caps.h"
#include "../../userspace-loader/listing.h"
#include "gen.h"

#ifndef BPF_F_DENY_DEPRECATED_KFUNCS
#define BPF_F_DENY_DEPRECATED_KFUNCS (1U << 8)
#endif
#define CAP_BPF_BIT (1ULL << 39)
#define SYSCTL "/proc/sys/kernel/bpf_kfunc_deprecation"
#define LOG_SIZE (8 << 20)

static struct oracle_kfunc kfuncs[OK_NR] = {
	[OK_UNSTABLE]	 = { .name = "bpf_sample_mix", .shape = SHAPE_U32_U32, .returns = true },
	[OK_STABLE]	 = { .name = "bpf_sample_sum", .shape = SHAPE_U32_U32, .returns = true },
	[OK_DEPRECATED]	 = { .name = "bpf_sample_sum32", .shape = SHAPE_U32_U32, .returns = true },
	[OK_DEPRECATED2] = { .name = "bpf_sample_mix8", .shape = SHAPE_U32_U32, .returns = true },
	[OK_REMOVED]	 = { .name = "bpf_sample_legacy_mul", .shape = SHAPE_U32_U32, .returns = true },
};

/* The untiered vmlinux kfunc: the first of these the kernel has for
 * syscall programs (6.1: test_run's; 6.12: a common kfunc). */
static const struct oracle_kfunc vmlinux_kfuncs[] = {
	{ .name = "bpf_kfunc_call_test_mem_len_pass1", .shape = SHAPE_MEM_LEN },
	{ .name = "bpf_modify_return_test_tp", .shape = SHAPE_INT },
};

static const char *const mode_names[MODE_NR] = { "root", "cap_bpf" };

static int fd_array[2];
static int map_fd;
static char *log_buf;
static enum oracle_globals globals;

static void die(const char *fmt, const char *arg, int err)
{
	fprintf(stderr, "verifier-oracle: ");
	fprintf(stderr, fmt, arg);
	fprintf(stderr, ": %s\n", strerror(err));
	exit(3);
}

static int kfunc_id(const struct btf *btf, const char *name)
{
	int id = btf__find_by_name_kind(btf, name, BTF_KIND_FUNC);

	return id > 0 ? id : 0;
}

/* The BTF fd of module @name (CAP_SYS_ADMIN: as root, before any load) */
static int module_btf(const char *name, __u32 *btf_id)
{
	__u32 id = 0;

	while (!bpf_btf_get_next_id(id, &id)) {
		struct bpf_btf_info info = {};
		char buf[64] = "";
		__u32 len = sizeof(info);
		int fd = bpf_btf_get_fd_by_id(id);

		if (fd < 0)
			continue;
		info.name = (__u64)(unsigned long)buf;
		info.name_len = sizeof(buf);
		if (!bpf_obj_get_info_by_fd(fd, &info, &len) && !strcmp(buf, name)) {
			*btf_id = id;
			return fd;
		}
		close(fd);
	}
	return -ENOENT;
}

static void setup(bool tiered)
{
	static const __u32 rodata[] = ORACLE_RODATA;
	LIBBPF_OPTS(bpf_map_create_opts, mopts, .map_flags = BPF_F_RDONLY_PROG);
	struct btf *vmlinux = btf__load_vmlinux_btf();
	struct utsname u;
	int maj = 0, min = 0, key = 0;

	if (!vmlinux)
		die("%s", "vmlinux BTF", errno);
	for (size_t i = 0; i < sizeof(vmlinux_kfuncs) / sizeof(vmlinux_kfuncs[0]); i++) {
		kfuncs[OK_VMLINUX] = vmlinux_kfuncs[i];
		kfuncs[OK_VMLINUX].btf_id = kfunc_id(vmlinux, vmlinux_kfuncs[i].name);
		if (kfuncs[OK_VMLINUX].btf_id)
			break;
	}
	if (!kfuncs[OK_VMLINUX].btf_id)
		die("%s", "no untiered vmlinux kfunc for syscall programs", ENOENT);
	if (tiered) {
		__u32 id;
		struct btf *mod;

		fd_array[1] = module_btf("sample_kfuncs", &id);
		if (fd_array[1] < 0)
			die("BTF of %s", "sample_kfuncs", -fd_array[1]);
		mod = btf__load_from_kernel_by_id_split(id, vmlinux);
		if (!mod)
			die("BTF of %s", "sample_kfuncs", errno);
		for (int k = OK_UNSTABLE; k < OK_NR; k++) {
			kfuncs[k].btf_id = kfunc_id(mod, kfuncs[k].name);
			kfuncs[k].fd_slot = 1;
			if (!kfuncs[k].btf_id)
				die("kfunc %s", kfuncs[k].name, ENOENT);
		}
		btf__free(mod);
	}
	btf__free(vmlinux);

	map_fd = bpf_map_create(BPF_MAP_TYPE_ARRAY, ".rodata", 4, sizeof(rodata), 1, &mopts);
	if (map_fd < 0 || bpf_map_update_elem(map_fd, &key, rodata, 0) ||
	    bpf_map_freeze(map_fd))
		die("%s", ".rodata map", errno);
	log_buf = malloc(LOG_SIZE);
	if (!log_buf)
		die("%s", "log buffer", ENOMEM);
	/* Since 6.8 only the global functions a walked path calls are verified */
	uname(&u);
	sscanf(u.release, "%d.%d", &maj, &min);
	globals = maj * 100 + min >= 608 ? GLOBALS_CALLED : GLOBALS_ALL;
}

/* The program's BTF: int main(void *), int fN(void) for a static
 * function, int fN(int) for a global one, int fN(int, void *) for a
 * callback. Returns its fd, -errno on failure. */
static int prog_btf(const struct oracle_prog *p, struct bpf_func_info *fi)
{
	struct btf *btf = btf__new_empty();
	int t_int, t_ptr, fd;

	if (!btf)
		return -errno;
	t_int = btf__add_int(btf, "int", 4, BTF_INT_SIGNED);
	t_ptr = btf__add_ptr(btf, 0);
	for (int f = 0; f < p->nfuncs; f++) {
		int proto = btf__add_func_proto(btf, t_int);

		if (f == 0) {
			btf__add_func_param(btf, "ctx", t_ptr);
		} else if (oracle_func_global(p, f)) {
			btf__add_func_param(btf, "x", t_int);
		} else if (p->func_kind[f] == F_CALLBACK) {
			btf__add_func_param(btf, "i", t_int);
			btf__add_func_param(btf, "ctx", t_ptr);
		}
		fi[f].insn_off = p->func_start[f];
		fi[f].type_id = btf__add_func(btf, oracle_func_name(f),
					      oracle_func_global(p, f) ? BTF_FUNC_GLOBAL :
					      BTF_FUNC_STATIC, proto);
	}
	{
		__u32 size;
		const void *raw = btf__raw_data(btf, &size);

		fd = raw ? bpf_btf_load(raw, size, NULL) : -EINVAL;
		if (fd < 0)
			fd = -errno;
	}
	btf__free(btf);
	return fd;
}

/* Load @p as @mode with @flags, sleepable as syscall programs must be
 * before 6.2; closed again. 0 or -errno. */
static int load(const struct oracle_prog *p, enum oracle_mode mode, __u32 flags)
{
	struct bpf_func_info fi[ORACLE_MAX_FUNCS];
	int btf_fd = prog_btf(p, fi), fd, err;
	LIBBPF_OPTS(bpf_prog_load_opts, opts,
		.prog_btf_fd = btf_fd, .func_info = fi, .func_info_cnt = p->nfuncs,
		.func_info_rec_size = sizeof(fi[0]), .fd_array = fd_array,
		.log_buf = log_buf, .log_size = LOG_SIZE, .log_level = 1 | 4,
		.prog_flags = BPF_F_SLEEPABLE | flags);

	if (btf_fd < 0)
		die("%s", "program BTF", -btf_fd);
	log_buf[0] = 0;
	if (mode == MODE_CAP_BPF) {
		err = kt_caps_load_with(CAP_BPF_BIT);
		if (err)
			die("%s", "lowering capabilities", -err);
		err = kt_caps_enter();
		if (err)
			die("%s", "lowering capabilities", -err);
	}
	fd = bpf_prog_load(BPF_PROG_TYPE_SYSCALL, "oracle", "GPL", p->insns, p->cnt, &opts);
	err = fd < 0 ? -errno : 0;
	if (mode == MODE_CAP_BPF) {
		kt_caps_leave();
		kt_caps_load_all();
	}
	if (fd >= 0)
		close(fd);
	close(btf_fd);
	return err;
}

/* FNV-1a of the log, without what differs from run to run or between a
 * patched and a pristine vmlinux: the timing line, kfunc BTF ids
 * ("call name#1234"), map ids, and the kernel addresses root is shown
 * ("r1 = 0xffff8880006598f8", a map value's). The spaces after an id are
 * the log's alignment of the state that follows, as wide as the id is
 * narrow: pahole -j orders a vmlinux's types differently from build to
 * build, and a distribution's ids have 5 digits in one, 6 in another. */
static unsigned long long log_hash(const char *s)
{
	unsigned long long h = 0xcbf29ce484222325ULL;

	while (*s) {
		if (!strncmp(s, "verification time", 17)) {
			s = strchrnul(s, '\n');
			continue;
		}
		if (*s == '#' || !strncmp(s, "id:", 3) || !strncmp(s, "0xffff", 6)) {
			bool addr = *s == '0';

			s += *s == '#' ? 1 : addr ? 6 : 3;
			while (addr ? isxdigit((unsigned char)*s) : isdigit((unsigned char)*s))
				s++;
			while (!addr && *s == ' ')
				s++;
			h = (h ^ '#') * 0x100000001b3ULL;
			continue;
		}
		h = (h ^ (unsigned char)*s++) * 0x100000001b3ULL;
	}
	return h;
}

static bool gen(struct oracle_prog *p, unsigned long long seed, bool tiered)
{
	if (oracle_gen(p, seed, tiered, kfuncs, map_fd, globals))
		return true;
	fprintf(stderr, "verifier-oracle: seed %llu: program too large\n", seed);
	exit(3);
}

static int run_plain(unsigned long long first, unsigned long long last)
{
	static struct oracle_prog p;

	setup(false);
	for (unsigned long long s = first; s <= last; s++) {
		gen(&p, s, false);
		for (int m = 0; m < MODE_NR; m++) {
			int err = load(&p, m, 0);

			printf("%llu %s %s%d %016llx\n", s, mode_names[m], err ? "E" : "ok",
			       -err, log_hash(log_buf));
			if (getenv("ORACLE_LOG"))
				fputs(log_buf, stdout);
		}
	}
	return 0;
}

static void write_sysctl(int v)
{
	FILE *f = fopen(SYSCTL, "w");

	if (!f || fprintf(f, "%d\n", v) < 0 || fclose(f))
		die("%s", SYSCTL, errno);
}

/* The listing's count of each tiered kfunc of sample_kfuncs */
static void counts(long long *c)
{
	struct kt_listing l;
	char err[256];

	if (kt_listing_read(KT_LISTING_PATH, &l, err, sizeof(err))) {
		fprintf(stderr, "verifier-oracle: %s\n", err);
		exit(3);
	}
	for (int k = OK_UNSTABLE; k < OK_NR; k++) {
		const struct kt_listing_row *r = kt_listing_find(&l, "sample_kfuncs",
								  kfuncs[k].name);

		if (!r)
			die("%s: not in the listing", kfuncs[k].name, ENOENT);
		c[k] = r->count;
	}
	kt_listing_free(&l);
}

static bool deprecated(int k)
{
	return k == OK_DEPRECATED || k == OK_DEPRECATED2;
}

static bool log_has(const char *what, const char *name)
{
	char line[256];

	snprintf(line, sizeof(line), "kfunc %s %s", name, what);
	return strstr(log_buf, line);
}

/*
 * One load of @p as @mode under @policy (3: the load flag, sysctl 1)
 * against the model. Returns the number of failed checks, each printed.
 */
/* What the model runs saw, to show the shapes were there */
static struct {
	int loaded, removed, denied, spec, dead;
} seen;

static int check_model(const struct oracle_prog *p, unsigned long long seed,
		       enum oracle_mode mode, int policy)
{
	const enum oracle_reach *reach = p->reach[mode];
	bool removed = reach[OK_REMOVED] == REACH_LIVE, deny = false, live_dep = false;
	long long c0[OK_NR], c1[OK_NR];
	int err, want, failed = 0;
	const char *why = NULL;

	for (int k = 0; k < OK_NR; k++)
		if (deprecated(k) && reach[k] == REACH_LIVE)
			live_dep = true;
	deny = live_dep && policy >= 2;
	write_sysctl(policy == 3 ? 1 : policy);
	counts(c0);
	err = load(p, mode, policy == 3 ? BPF_F_DENY_DEPRECATED_KFUNCS : 0);
	counts(c1);
	seen.loaded += !err;
	seen.removed += err == -EINVAL;
	seen.denied += err == -EACCES;
	for (int k = OK_DEPRECATED, spec = 0, dead = 0; k < OK_NR; k++) {
		/* a tiered kfunc called, but never on a reached path */
		if (reach[k] == REACH_SPEC && !spec++)
			seen.spec++;
		if (reach[k] == REACH_DEAD && p->calls[k] && !dead++)
			seen.dead++;
	}

#define FAIL(...) do { \
		printf("not ok seed %llu %s policy %d: ", seed, mode_names[mode], policy); \
		printf(__VA_ARGS__); \
		printf("\n"); \
		failed++; \
	} while (0)

	/* The verifier meets the calls in its order: the removed one or a
	 * denied deprecated one may come first when the program has both. */
	want = removed ? -EINVAL : deny ? -EACCES : 0;
	if (err != want && !(removed && deny && err == -EACCES))
		FAIL("load gave %d, the model %d", err, want);
	if (err == -EINVAL && !log_has("was removed in", kfuncs[OK_REMOVED].name))
		why = "rejected, but not for the removed kfunc";
	if (err == -EACCES) {
		bool named = false;

		for (int k = 0; k < OK_NR; k++)
			if (deprecated(k) && reach[k] == REACH_LIVE &&
			    log_has("is deprecated and denied", kfuncs[k].name))
				named = true;
		if (!named)
			why = "denied, but not for a reached deprecated kfunc";
	}
	if (why)
		FAIL("%s", why);
	for (int k = OK_UNSTABLE; k < OK_NR; k++) {
		long long d = c1[k] - c0[k], wd = 0;
		bool line = log_has("is deprecated since", kfuncs[k].name);

		if (deprecated(k) && !err && reach[k] == REACH_LIVE)
			wd = 1;
		if (k == OK_REMOVED && err == -EINVAL)
			wd = 1;
		if (k == OK_STABLE || k == OK_UNSTABLE)
			wd = d;		/* counted like any kfunc: not the model's */
		if (d != wd)
			FAIL("%s counted %+lld, the model %+lld (%s)", kfuncs[k].name, d, wd,
			     reach[k] == REACH_LIVE ? "reached" :
			     reach[k] == REACH_SPEC ? "speculative only" : "dead");
		if (deprecated(k) && line != (wd && policy != 0))
			FAIL("%s: the log %s its deprecation line", kfuncs[k].name,
			     line ? "has" : "lacks");
	}
	if (failed && getenv("ORACLE_LOG"))
		fputs(log_buf, stdout);
	return failed;
}

static int run_model(unsigned long long first, unsigned long long last)
{
	static struct oracle_prog p;
	int failed = 0, loads = 0, bad = 0;

	setup(true);
	for (unsigned long long s = first; s <= last; s++) {
		int f = 0;

		gen(&p, s, true);
		for (int m = 0; m < MODE_NR; m++, loads++)
			f += check_model(&p, s, m, s % 4);
		if (f)
			bad++;
		failed += f;
	}
	write_sysctl(1);
	printf("model: %llu programs, %d loads (%d loaded, %d rejected for a removed kfunc,"
	       " %d denied a deprecated one; %d with a tiered kfunc called only on a"
	       " speculative path, %d only in dead code), %d programs failed (%d checks)\n",
	       last - first + 1, loads, seen.loaded, seen.removed, seen.denied, seen.spec,
	       seen.dead, bad, failed);
	return failed ? 1 : 0;
}

static void usage(FILE *f)
{
	fputs("usage: verifier-oracle plain FIRST-LAST\n"
	      "       verifier-oracle model FIRST-LAST\n"
	      "       verifier-oracle show SEED [--tiered]\n"
	      "plain: a line per program and loader (root, CAP_BPF alone):\n"
	      "  SEED MODE VERDICT LOG-HASH, for a diff against a pristine kernel\n"
	      "model: programs calling every tier, checked against the rules\n"
	      "ORACLE_LOG=1: the verifier log of each load (model: of each failure)\n"
	      "show: the program of SEED as pseudo C\n", f);
}

int main(int argc, char **argv)
{
	unsigned long long a, b;
	char c;

	if (argc >= 2 && (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help"))) {
		usage(stdout);
		return 0;
	}
	if (argc >= 3 && !strcmp(argv[1], "show") && sscanf(argv[2], "%llu%c", &a, &c) == 1 &&
	    (argc == 3 || (argc == 4 && !strcmp(argv[3], "--tiered")))) {
		oracle_print(stdout, a, argc == 4);
		return 0;
	}
	if (argc != 3 || sscanf(argv[2], "%llu-%llu%c", &a, &b, &c) != 2 || a > b) {
		usage(stderr);
		return 2;
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	if (!strcmp(argv[1], "plain"))
		return run_plain(a, b);
	if (!strcmp(argv[1], "model"))
		return run_model(a, b);
	usage(stderr);
	return 2;
}
