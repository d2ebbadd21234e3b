// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * kfunctool load and kfunctool repeat: load programs of an object through
 * libbpf, all in one bpf_object, and then either pin one on bpffs, so that
 * it outlives kfunctool (module lifecycle tests: the pinned program holds
 * the module), or load each again and again (the kernel-log, counter and
 * bench tests). As bpftool's prog load and loadall, two commands on one
 * path.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include "bpfobj.h"
#include "caps.h"
#include "kfunctool.h"
#include "replay.h"
#include "runner.h"

#define LOG_BUF_SZ (1u << 20)
/* The kernel's BPF_LOG_STATS: the verifier's statistics, no per-insn log */
#define LOG_LEVEL_STATS 4

#define CAPS_HELP \
"  -c, --caps CAPS  make each BPF_PROG_LOAD with only these of CAP_BPF,\n" \
"                   CAP_PERFMON, CAP_NET_ADMIN and CAP_SYS_ADMIN (a list\n" \
"                   separated by commas, as __caps in expect.h); libbpf's\n" \
"                   work before it keeps them all\n"
#define STRICT_HELP \
"  -s, --strict     load with BPF_F_DENY_DEPRECATED_KFUNCS: a deprecated kfunc\n" \
"                   call is rejected whatever kernel.bpf_kfunc_deprecation says\n" \
"  -h, --help       this help\n"

static const char load_usage[] =
"Usage: kfunctool load [--strict] [--caps CAPS] OBJ.bpf.o PROG --pin PATH\n"
"\n"
"Load program PROG of OBJ.bpf.o on its own and pin it at PATH on bpffs\n"
"(mounted at /sys/fs/bpf). The program stays loaded until PATH is removed.\n"
"Prints the program's id on success. __sysctl tags are not applied.\n"
"\n"
CAPS_HELP
"  -p, --pin PATH   where to pin it\n"
STRICT_HELP
"\n"
"Exit: {OK} loaded and pinned; {USAGE} usage (or no program PROG); {NOFILE} missing file;\n"
"{NOTELF} not ELF; {NOPROGS} no BPF programs; {NOKFUNC} a kfunc the running kernel lacks;\n"
"{RUNTIME} rejected by the verifier or not pinned.\n";

static const char repeat_usage[] =
"Usage: kfunctool repeat [--strict] [--caps CAPS] [--stats [--no-log]] N OBJ.bpf.o PROG...\n"
"\n"
"Load each PROG of OBJ.bpf.o, N rounds, each load a new program that is\n"
"closed again. The first round is libbpf's loading of the PROGs, one after\n"
"another without the object's other programs; every later load repeats a\n"
"PROG's first BPF_PROG_LOAD exactly, without reopening the object. Stops\n"
"at the first load that fails. __sysctl tags are not applied.\n"
"\n"
"With --stats, the repeated loads ask for the verifier's statistics (log\n"
"level 4) instead of its full log, and each is reported as one CSV line\n"
"under the header prog,load,verification_us,syscall_ns,insns: the\n"
"verifier's own \"verification time\", the BPF_PROG_LOAD syscall's duration\n"
"on CLOCK_MONOTONIC and the instructions processed (make bench). With\n"
"--no-log as well, they ask for no log at all (log level 0, as libbpf's\n"
"first try): verification_us and insns are then -1.\n"
"\n"
CAPS_HELP
"  -n, --no-log     with --stats, load without a verifier log\n"
"  -S, --stats      one CSV line per repeated load\n"
STRICT_HELP
"\n"
"Exit: {OK} every load made; {USAGE} usage (or no program PROG); {NOFILE} missing file;\n"
"{NOTELF} not ELF; {NOPROGS} no BPF programs; {NOKFUNC} a kfunc the running kernel lacks;\n"
"{RUNTIME} a load rejected by the verifier.\n";

struct load_args {
	const char *pin;
	bool stats, no_log, has_caps;
	uint64_t caps;
};

/* The PROGs, loaded by libbpf in one bpf_object, and their first loads */
struct loaded {
	struct bpf_object *obj;
	struct bpf_program **progs;
	struct kt_replay *rps;
	int n;
};

static void say_rejected(const char *path, const char *pname, int err, const char *log)
{
	char *what = kt_load_failure(err, log, *kt_libbpf_last_warning() ?
				     kt_libbpf_last_warning() : "(no verifier message)");

	kt_err("%s/%s %s", path, pname, what);
	free(what);
}

/*
 * The PROGs @pnames of @path, in one bpf_object__load(): the kernel's BTF
 * is read once, however many they are, and one process can load a dozen
 * programs within the printk ratelimit's few seconds even in a slow guest.
 */
static int load_progs(const char *path, char **pnames, int n, char *log, struct loaded *l)
{
	struct bpf_program *prog;
	int err, i;

	l->obj = bpf_object__open_file(path, NULL);
	if (!l->obj) {
		kt_err("%s: cannot open: %s", path, kt_errstr(-errno));
		return KT_RUNTIME;
	}
	l->n = n;
	l->progs = kt_xcalloc(n, sizeof(*l->progs));
	l->rps = kt_xcalloc(n, sizeof(*l->rps));
	bpf_object__for_each_program(prog, l->obj)
		bpf_program__set_autoload(prog, false);
	for (i = 0; i < n; i++) {
		prog = bpf_object__find_program_by_name(l->obj, pnames[i]);
		l->progs[i] = prog;
		bpf_program__set_autoload(prog, true);
		/* libbpf stops at the first program rejected: the log is its own */
		bpf_program__set_log_buf(prog, log, LOG_BUF_SZ);
		bpf_program__set_log_level(prog, 1);
		kt_add_load_flags(prog, 0);
	}
	log[0] = '\0';
	kt_libbpf_clear_warning();
	kt_replay_record(l->rps, pnames, n);
	err = bpf_object__load(l->obj);
	kt_replay_stop();
	if (err) {
		/* libbpf loads in the object's order */
		bpf_object__for_each_program(prog, l->obj)
			if (bpf_program__autoload(prog) && bpf_program__fd(prog) < 0)
				break;
		say_rejected(path, prog ? bpf_program__name(prog) : pnames[0], err, log);
		return KT_RUNTIME;
	}
	return KT_OK;
}

static void loaded_free(struct loaded *l)
{
	for (int i = 0; l->rps && i < l->n; i++)
		kt_replay_free(&l->rps[i]);
	free(l->rps);
	free(l->progs);
	bpf_object__close(l->obj);	/* a pin keeps its program */
}

static int pin_prog(struct bpf_program *prog, const char *pin)
{
	const char *pname = bpf_program__name(prog);
	struct bpf_prog_info info = {};
	__u32 info_len = sizeof(info);
	int err;

	kt_libbpf_clear_warning();
	err = bpf_program__pin(prog, pin);
	if (err) {
		kt_err("cannot pin %s at %s: %s%s%s", pname, pin, kt_errstr(err),
		       *kt_libbpf_last_warning() ? ": " : "", kt_libbpf_last_warning());
		return KT_RUNTIME;
	}
	if (bpf_obj_get_info_by_fd(bpf_program__fd(prog), &info, &info_len) == 0)
		printf("pinned %s (id %u) at %s\n", pname, info.id, pin);
	else
		printf("pinned %s at %s\n", pname, pin);
	return KT_OK;
}

/* A number after @key in a BPF_LOG_STATS log, or -1 */
static long long log_stat(const char *log, const char *key)
{
	const char *p = strstr(log, key);

	return p ? strtoll(p + strlen(key), NULL, 10) : -1;
}

/*
 * Rounds 2..@rounds: round 1 was libbpf's own loads. With @stats, one CSV
 * line per load, each load at log level @stats_level.
 */
static int repeat_loads(const char *path, struct loaded *l, long rounds, bool stats,
			int stats_level, char *log)
{
	for (int i = 0; i < l->n; i++) {
		if (!l->rps[i].recorded) {
			kt_err("%s: libbpf's BPF_PROG_LOAD was not seen, cannot repeat it",
			       bpf_program__name(l->progs[i]));
			return KT_RUNTIME;
		}
		if (stats)
			l->rps[i].attr.log_level = stats_level;
	}
	if (stats)
		printf("prog,load,verification_us,syscall_ns,insns\n");
	/* Without a log the kernel writes none: no figure is read from it */
	log[0] = '\0';
	for (long round = 2; round <= rounds; round++) {
		for (int i = 0; i < l->n; i++) {
			const char *pname = bpf_program__name(l->progs[i]);
			long long t0 = kt_now_ns(), t;
			int fd = kt_replay_load(&l->rps[i], log, LOG_BUF_SZ);

			t = kt_now_ns() - t0;
			if (fd < 0) {
				kt_err("load %ld of %ld:", round, rounds);
				say_rejected(path, pname, fd, log);
				return KT_RUNTIME;
			}
			close(fd);
			if (stats)
				printf("%s,%ld,%lld,%lld,%lld\n", pname, round,
				       log_stat(log, "verification time "), t,
				       log_stat(log, "processed "));
		}
	}
	for (int i = 0; i < l->n && !stats; i++)
		printf("loaded %s %ld times\n", bpf_program__name(l->progs[i]), rounds);
	return KT_OK;
}

static int take(void *ctx, int c, const char *arg)
{
	struct load_args *a = ctx;

	switch (c) {
	case 'c':
		a->has_caps = true;
		return kt_caps_parse(arg, &a->caps);
	case 'n':
		a->no_log = true;
		return 0;
	case 'p':
		a->pin = arg;
		return 0;
	case 'S':
		a->stats = true;
		return 0;
	case 's':
		kt_strict = true;
		return 0;
	}
	return -1;
}

/*
 * Both commands: load the @n PROGs @pnames of @path into @l, after every
 * check that needs no kernel; an exit code. With --caps, this and every
 * later BPF_PROG_LOAD are made with those capabilities alone, until
 * kt_caps_load_all().
 */
static int load(const char *path, char **pnames, int n, const struct load_args *a,
		char *log, struct loaded *l)
{
	struct kt_obj o;
	int ret;

	kt_setup_libbpf_print();
	ret = kt_obj_open(path, false, &o);
	if (ret)
		return ret;
	for (int i = 0; i < n && !ret; i++) {
		if (!kt_obj_find_prog(&o, pnames[i])) {
			kt_err("%s has no program %s", path, pnames[i]);
			ret = KT_USAGE;
		}
		/* the kernel, and so the record of a load, knows the names so far */
		for (int j = 0; j < i && !ret; j++) {
			if (!strcmp(pnames[i], pnames[j])) {
				kt_err("program %s given twice", pnames[i]);
				ret = KT_USAGE;
			} else if (!strncmp(pnames[i], pnames[j], BPF_OBJ_NAME_LEN - 1)) {
				kt_err("programs %s and %s: the kernel keeps the first %d characters of a name, and these share them",
				       pnames[j], pnames[i], BPF_OBJ_NAME_LEN - 1);
				ret = KT_USAGE;
			}
		}
	}
	if (!ret)
		ret = kt_check_kfuncs_present(&o, 1);
	kt_obj_close(&o);
	if (ret)
		return ret;
	if (kt_no_load()) {
		kt_err("refusing to load %s: KFUNCTOOL_NO_LOAD is set", pnames[0]);
		return KT_RUNTIME;
	}
	if (a->has_caps && (ret = kt_caps_load_with(a->caps))) {
		kt_err("cannot lower the capabilities for --caps: %s", kt_errstr(ret));
		return KT_RUNTIME;
	}
	return load_progs(path, pnames, n, log, l);
}

int cmd_load(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "caps", required_argument, NULL, 'c' },
		{ "pin", required_argument, NULL, 'p' },
		{ "strict", no_argument, NULL, 's' },
		{}
	};
	static const struct kt_args args = {
		opts, load_usage, 2, 2, "OBJ.bpf.o PROG", take,
	};
	struct load_args a = {};
	struct loaded l = {};
	int nops, ret;
	char *log;

	ret = kt_parse_args(argc, argv, &args, &a, &nops);
	if (ret >= 0)
		return ret;
	if (!a.pin) {
		kt_err("want --pin PATH (see 'kfunctool load --help')");
		return KT_USAGE;
	}
	log = kt_xmalloc(LOG_BUF_SZ);
	ret = load(argv[1], &argv[2], 1, &a, log, &l);
	kt_caps_load_all();
	if (!ret)
		ret = pin_prog(l.progs[0], a.pin);
	loaded_free(&l);
	free(log);
	return ret;
}

int cmd_repeat(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "caps", required_argument, NULL, 'c' },
		{ "no-log", no_argument, NULL, 'n' },
		{ "stats", no_argument, NULL, 'S' },
		{ "strict", no_argument, NULL, 's' },
		{}
	};
	static const struct kt_args args = {
		opts, repeat_usage, 3, -1, "N OBJ.bpf.o PROG...", take,
	};
	struct load_args a = {};
	struct loaded l = {};
	int nops, ret;
	long rounds;
	char *log, *end;

	ret = kt_parse_args(argc, argv, &args, &a, &nops);
	if (ret >= 0)
		return ret;
	errno = 0;
	rounds = strtol(argv[1], &end, 10);
	if (errno || end == argv[1] || *end || rounds < 1 || rounds > 1000000) {
		kt_err("N '%s': not a number in 1..1000000", argv[1]);
		return KT_USAGE;
	}
	if (a.no_log && !a.stats) {
		kt_err("--no-log goes with --stats (see 'kfunctool repeat --help')");
		return KT_USAGE;
	}
	log = kt_xmalloc(LOG_BUF_SZ);
	ret = load(argv[2], &argv[3], nops - 2, &a, log, &l);
	if (!ret)
		ret = repeat_loads(argv[2], &l, rounds, a.stats,
				   a.no_log ? 0 : LOG_LEVEL_STATS, log);
	kt_caps_load_all();
	loaded_free(&l);
	free(log);
	return ret;
}
