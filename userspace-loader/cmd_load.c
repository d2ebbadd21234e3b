// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * kfunctool load: load one program and pin it on bpffs, so that it outlives
 * kfunctool (module lifecycle tests: the pinned program holds the module),
 * or load programs many times over (the kernel-log and counter tests).
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
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

static const char load_usage[] =
"Usage: kfunctool load [--strict] [--caps CAPS] OBJ.bpf.o PROG --pin PATH\n"
"       kfunctool load [--strict] [--caps CAPS] --repeat N [--stats [--no-log]] OBJ.bpf.o PROG...\n"
"\n"
"Load program PROG of OBJ.bpf.o on its own and pin it at PATH on bpffs\n"
"(mounted at /sys/fs/bpf). The program stays loaded until PATH is removed.\n"
"Prints the program's id on success.\n"
"\n"
"With --repeat, load each PROG in turn, N rounds, each load a new program\n"
"that is closed again; the second load of a PROG on repeats its first\n"
"BPF_PROG_LOAD exactly, without reopening the object. Stops at the first\n"
"load that fails.\n"
"\n"
"With --stats, each of those repeated loads asks for the verifier's\n"
"statistics (log level 4) instead of its full log, and is reported as one\n"
"CSV line under the header prog,load,verification_us,syscall_ns,insns:\n"
"the verifier's own \"verification time\", the BPF_PROG_LOAD syscall's\n"
"duration on CLOCK_MONOTONIC and the instructions processed (make bench).\n"
"With --no-log as well, the loads ask for no log at all (log level 0, as\n"
"libbpf's first try): verification_us and insns are then -1.\n"
"\n"
"__sysctl tags are not applied.\n"
"\n"
"  -c, --caps CAPS  make each BPF_PROG_LOAD with only these of CAP_BPF,\n"
"                   CAP_PERFMON, CAP_NET_ADMIN and CAP_SYS_ADMIN (a list\n"
"                   separated by commas, as __caps in expect.h); libbpf's\n"
"                   work before it keeps them all\n"
"  -n, --no-log     with --stats, load without a verifier log\n"
"  -p, --pin PATH   where to pin it\n"
"  -r, --repeat N   load every PROG N times (1..1000000), pin nothing\n"
"  -S, --stats      one CSV line per repeated load (with --repeat)\n"
"  -s, --strict     load with BPF_F_DENY_DEPRECATED_KFUNCS: a deprecated kfunc\n"
"                   call is rejected whatever kernel.bpf_kfunc_deprecation says\n"
"  -h, --help       this help\n"
"\n"
"Exit: {OK} loaded (and pinned); {USAGE} usage (or no program PROG); {NOFILE} missing file;\n"
"{NOTELF} not ELF; {NOPROGS} no BPF programs; {NOKFUNC} a kfunc the running kernel lacks;\n"
"{RUNTIME} rejected by the verifier or not pinned.\n";

/* One program of the object, on its own, loaded through libbpf. */
struct loaded {
	struct bpf_object *obj;
	struct bpf_program *prog;
	struct kt_replay rp;
};

static void say_rejected(const char *path, const char *pname, int err, const char *log)
{
	char *what = kt_load_failure(err, log, *kt_libbpf_last_warning() ?
				     kt_libbpf_last_warning() : "(no verifier message)");

	kt_err("%s/%s %s", path, pname, what);
	free(what);
}

static int load_one(const char *path, const char *pname, char *log, struct loaded *l)
{
	struct bpf_program *prog;
	int err;

	memset(l, 0, sizeof(*l));
	l->obj = bpf_object__open_file(path, NULL);
	if (!l->obj) {
		kt_err("%s: cannot open: %s", path, kt_errstr(-errno));
		return KT_RUNTIME;
	}
	bpf_object__for_each_program(prog, l->obj) {
		bool me = strcmp(bpf_program__name(prog), pname) == 0;

		bpf_program__set_autoload(prog, me);
		if (me)
			l->prog = prog;
	}
	log[0] = '\0';
	bpf_program__set_log_buf(l->prog, log, LOG_BUF_SZ);
	bpf_program__set_log_level(l->prog, 1);
	kt_add_load_flags(l->prog, 0);
	kt_libbpf_clear_warning();
	kt_replay_record(&l->rp, pname);
	err = bpf_object__load(l->obj);
	kt_replay_stop();
	if (err) {
		say_rejected(path, pname, err, log);
		return KT_RUNTIME;
	}
	return KT_OK;
}

static int pin_one(struct loaded *l, const char *pname, const char *pin)
{
	struct bpf_prog_info info = {};
	__u32 info_len = sizeof(info);
	int err;

	kt_libbpf_clear_warning();
	err = bpf_program__pin(l->prog, pin);
	if (err) {
		kt_err("cannot pin %s at %s: %s%s%s", pname, pin, kt_errstr(err),
		       *kt_libbpf_last_warning() ? ": " : "", kt_libbpf_last_warning());
		return KT_RUNTIME;
	}
	if (bpf_obj_get_info_by_fd(bpf_program__fd(l->prog), &info, &info_len) == 0)
		printf("pinned %s (id %u) at %s\n", pname, info.id, pin);
	else
		printf("pinned %s at %s\n", pname, pin);
	return KT_OK;
}

static long long now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

/* A number after @key in a BPF_LOG_STATS log, or -1 */
static long long log_stat(const char *log, const char *key)
{
	const char *p = strstr(log, key);

	return p ? strtoll(p + strlen(key), NULL, 10) : -1;
}

/*
 * Rounds 2..@rounds of --repeat: round 1 was libbpf's own loads. With
 * @stats, one CSV line per load, each load at log level @stats_level.
 */
static int repeat_loads(const char *path, char **pnames, struct loaded *l, int n,
			long rounds, bool stats, int stats_level, char *log)
{
	for (int i = 0; i < n; i++) {
		if (!l[i].rp.recorded) {
			kt_err("%s: libbpf's BPF_PROG_LOAD was not seen, cannot repeat it",
			       pnames[i]);
			return KT_RUNTIME;
		}
		if (stats)
			l[i].rp.attr.log_level = stats_level;
	}
	if (stats)
		printf("prog,load,verification_us,syscall_ns,insns\n");
	/* Without a log the kernel writes none: no figure is read from it */
	log[0] = '\0';
	for (long round = 2; round <= rounds; round++) {
		for (int i = 0; i < n; i++) {
			long long t0 = now_ns(), t;
			int fd = kt_replay_load(&l[i].rp, log, LOG_BUF_SZ);

			t = now_ns() - t0;
			if (fd < 0) {
				kt_err("load %ld of %ld:", round, rounds);
				say_rejected(path, pnames[i], fd, log);
				return KT_RUNTIME;
			}
			close(fd);
			if (stats)
				printf("%s,%ld,%lld,%lld,%lld\n", pnames[i], round,
				       log_stat(log, "verification time "), t,
				       log_stat(log, "processed "));
		}
	}
	for (int i = 0; i < n && !stats; i++)
		printf("loaded %s %ld times\n", pnames[i], rounds);
	return KT_OK;
}

/* "CAP_BPF,CAP_NET_ADMIN" into a mask of caps.h's bits */
static int parse_caps(const char *list, uint64_t *caps)
{
	char *dup = kt_xstrdup(list), *save = NULL, *name;
	int ret = 0;

	*caps = 0;
	for (name = strtok_r(dup, ",", &save); name; name = strtok_r(NULL, ",", &save)) {
		uint64_t bit = kt_caps_bit(name);

		if (!bit) {
			kt_err("--caps %s: %s is not " KT_CAPS_NAMES,
			       list, name);
			ret = -1;
			break;
		}
		*caps |= bit;
	}
	free(dup);
	return ret;
}

int cmd_load(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "caps", required_argument, NULL, 'c' },
		{ "no-log", no_argument, NULL, 'n' },
		{ "pin", required_argument, NULL, 'p' },
		{ "repeat", required_argument, NULL, 'r' },
		{ "stats", no_argument, NULL, 'S' },
		{ "strict", no_argument, NULL, 's' },
		{ "help", no_argument, NULL, 'h' },
		{}
	};
	struct loaded *l = NULL;
	const char *pin = NULL, *path;
	char *log = NULL, *end;
	bool stats = false, no_log = false;
	long rounds = 0;
	uint64_t caps = 0;
	bool has_caps = false;
	struct kt_obj o;
	int c, i, n, nops = 0, ret;
	char **progs;

	while ((c = kt_getopt(argc, argv, "c:np:r:Ssh", opts, &nops)) != -1) {
		switch (c) {
		case 'c':
			if (parse_caps(optarg, &caps))
				return KT_USAGE;
			has_caps = true;
			break;
		case 'n':
			no_log = true;
			break;
		case 'p':
			pin = optarg;
			break;
		case 'r':
			errno = 0;
			rounds = strtol(optarg, &end, 10);
			if (errno || end == optarg || *end || rounds < 1 || rounds > 1000000) {
				kt_err("--repeat %s: not a number in 1..1000000", optarg);
				return KT_USAGE;
			}
			break;
		case 'S':
			stats = true;
			break;
		case 's':
			kt_strict = true;
			break;
		case 'h':
			kt_usage(stdout, load_usage);
			return KT_OK;
		default:
			kt_usage(stderr, load_usage);
			return KT_USAGE;
		}
	}
	/* The operands, wherever they stood: the object, then programs */
	n = nops - 1;
	if (rounds ? pin || n < 1 || (no_log && !stats) : !pin || n != 1 || stats || no_log) {
		kt_err("want OBJ.bpf.o PROG --pin PATH, or --repeat N [--stats [--no-log]] OBJ.bpf.o PROG... (see 'kfunctool load --help')");
		return KT_USAGE;
	}
	path = argv[1];
	progs = &argv[2];
	kt_setup_libbpf_print();

	ret = kt_obj_open(path, false, &o);
	if (ret)
		return ret;
	for (i = 0; i < n; i++) {
		if (!kt_obj_find_prog(&o, progs[i])) {
			kt_err("%s has no program %s", path, progs[i]);
			ret = KT_USAGE;
			goto out;
		}
	}
	ret = kt_check_kfuncs_present(&o, 1);
	if (ret)
		goto out;
	if (kt_no_load()) {
		kt_err("refusing to load %s: KFUNCTOOL_NO_LOAD is set", progs[0]);
		ret = KT_RUNTIME;
		goto out;
	}
	if (has_caps && (ret = kt_caps_load_with(caps))) {
		kt_err("cannot lower the capabilities for --caps: %s", kt_errstr(ret));
		ret = KT_RUNTIME;
		goto out;
	}
	log = kt_xmalloc(LOG_BUF_SZ);
	l = kt_xcalloc(n, sizeof(*l));
	for (i = 0; i < n && !ret; i++)
		ret = load_one(path, progs[i], log, &l[i]);
	if (!ret && pin)
		ret = pin_one(&l[0], progs[0], pin);
	else if (!ret)
		ret = repeat_loads(path, progs, l, n, rounds, stats,
				   no_log ? 0 : LOG_LEVEL_STATS, log);
out:
	kt_caps_load_all();
	for (i = 0; l && i < n; i++) {
		kt_replay_free(&l[i].rp);
		bpf_object__close(l[i].obj);	/* a pin keeps its program */
	}
	free(l);
	free(log);
	kt_obj_close(&o);
	return ret;
}
