// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* Loading and running one program, and the span around a test (see runner.h). */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <time.h>
#include <unistd.h>

#include <bpf/bpf.h>
#include <bpf/btf.h>
#include <bpf/libbpf.h>

#include "caps.h"
#include "kbtf.h"
#include "kfunctool.h"
#include "replay.h"
#include "runner.h"
#include "sysctl.h"

/* Large enough for log_level 2 of the sample programs. */
#define LOG_BUF_SZ (16u << 20)

static char *log_buf;

/* The object of a __repeat's first load, kept open for the loads after it. */
static struct {
	struct bpf_object *obj;
	const struct kt_prog *p;
	struct kt_replay rp;
} held;

const char *kt_errstr(int err)
{
	static char buf[128];

	snprintf(buf, sizeof(buf), "%d (%s)", err, strerror(err < 0 ? -err : err));
	return buf;
}

/* Find global @var in .bss/.data: its map, offset and size. */
static int find_var(struct bpf_object *obj, const char *var, struct bpf_map **map,
		    unsigned int *off, unsigned int *size)
{
	const struct btf *btf = bpf_object__btf(obj);
	int n = btf ? (int)btf__type_cnt(btf) : 0;

	for (int i = 1; i < n; i++) {
		const struct btf_type *t = btf__type_by_id(btf, i);
		const struct btf_var_secinfo *vs;
		const char *sec;

		if (!btf_is_datasec(t))
			continue;
		sec = btf__name_by_offset(btf, t->name_off);
		if (!sec || (strcmp(sec, ".bss") && strcmp(sec, ".data")))
			continue;
		vs = btf_var_secinfos(t);
		for (int j = 0; j < btf_vlen(t); j++, vs++) {
			const struct btf_type *v = btf__type_by_id(btf, vs->type);

			if (strcmp(btf__name_by_offset(btf, v->name_off), var))
				continue;
			*map = bpf_object__find_map_by_name(obj, sec);
			*off = vs->offset;
			*size = vs->size;
			return *map ? 0 : -ENOENT;
		}
	}
	return -ENOENT;
}

static void read_result_var(struct bpf_object *obj, const char *var, struct kt_run *r)
{
	unsigned int off, size, zero = 0;
	struct bpf_map *map;
	unsigned char *val;
	size_t vsz;
	int err;

	if (find_var(obj, var, &map, &off, &size)) {
		snprintf(r->run_err, sizeof(r->run_err),
			 "__result_var(%s): no such global in .bss or .data", var);
		return;
	}
	if (size != 1 && size != 2 && size != 4 && size != 8) {
		snprintf(r->run_err, sizeof(r->run_err),
			 "__result_var(%s): size %u, want 1, 2, 4 or 8 bytes", var, size);
		return;
	}
	vsz = bpf_map__value_size(map);
	val = kt_xcalloc(1, vsz);
	err = bpf_map__lookup_elem(map, &zero, sizeof(zero), val, vsz, 0);
	if (err) {
		snprintf(r->run_err, sizeof(r->run_err), "reading %s from %s: %s", var,
			 bpf_map__name(map), kt_errstr(err));
	} else {
		unsigned long long v = 0;

		memcpy(&v, val + off, size);	/* little endian: low bytes first */
		r->value = v;
		r->value_size = size;
	}
	free(val);
}

static void trigger(const char *how)
{
	int fd;

	(void)how;	/* "write" is the only trigger so far */
	fd = open("/dev/null", O_WRONLY | O_CLOEXEC);
	if (fd >= 0) {
		if (write(fd, "k", 1) < 0)
			(void)0;
		close(fd);
	}
}

static void test_run(int fd, struct kt_run *r)
{
	LIBBPF_OPTS(bpf_test_run_opts, topts);

	r->ran = true;
	if (bpf_prog_test_run_opts(fd, &topts)) {
		snprintf(r->run_err, sizeof(r->run_err), "BPF_PROG_TEST_RUN failed: %s",
			 kt_errstr(-errno));
		return;
	}
	r->value = topts.retval;
	r->value_size = sizeof(topts.retval);
}

static void run_prog(struct bpf_object *obj, struct bpf_program *prog,
		     const struct kt_expect *e, struct kt_run *r)
{
	r->ran = true;
	if (e->result_var || e->trigger) {
		struct bpf_link *link = bpf_program__attach(prog);

		if (!link) {
			snprintf(r->run_err, sizeof(r->run_err), "attach failed: %s",
				 kt_errstr(-errno));
			return;
		}
		trigger(e->trigger ? e->trigger : "write");
		bpf_link__destroy(link);
		if (e->result_var)
			read_result_var(obj, e->result_var, r);
	} else {
		test_run(bpf_program__fd(prog), r);
	}
}

/* Make the next BPF_PROG_LOADs with @p's __caps, if it has them. */
static bool load_caps(const struct kt_prog *p, struct kt_run *r)
{
	int err = p->expect.has_caps ? kt_caps_load_with(p->expect.caps) : 0;

	if (err)
		snprintf(r->setup_err, sizeof(r->setup_err),
			 "cannot lower the capabilities for __caps: %s", kt_errstr(err));
	return !err;
}

/*
 * Load (and run) @p with a verifier log buffer of @log_size bytes. With
 * @keep, a program that loaded stays loaded, its object held for replays.
 */
static void run_with_log(const struct kt_obj *o, const struct kt_prog *p, struct kt_run *r,
			 size_t log_size, bool keep)
{
	struct bpf_program *prog, *target = NULL;
	struct bpf_object *obj;
	int err;

	memset(r, 0, sizeof(*r));
	log_buf[0] = '\0';
	kt_libbpf_clear_warning();
	obj = bpf_object__open_file(o->path, NULL);
	if (!obj) {
		snprintf(r->setup_err, sizeof(r->setup_err), "cannot open %s: %s %s", o->path,
			 kt_errstr(-errno), kt_libbpf_last_warning());
		return;
	}
	/* one program per load: libbpf fails the whole object otherwise */
	bpf_object__for_each_program(prog, obj) {
		bool me = strcmp(bpf_program__name(prog), p->name) == 0;

		bpf_program__set_autoload(prog, me);
		if (me)
			target = prog;
	}
	if (!target) {
		snprintf(r->setup_err, sizeof(r->setup_err), "no program %s in %s", p->name,
			 o->path);
		bpf_object__close(obj);
		return;
	}
	bpf_program__set_log_buf(target, log_buf, log_size);
	bpf_program__set_log_level(target, kt_expect_load_log_level(&p->expect));
	kt_add_load_flags(target, p->expect.prog_flags);

	kt_libbpf_clear_warning();
	if (!load_caps(p, r)) {
		bpf_object__close(obj);
		return;
	}
	if (keep)
		kt_replay_record(&held.rp, (char *const []){ (char *)p->name }, 1);
	err = bpf_object__load(obj);
	kt_replay_stop();
	kt_caps_load_all();
	r->log = kt_xstrdup(log_buf);
	if (err) {
		r->err = err < 0 ? err : -err;
		/* no verifier log: say what libbpf said instead */
		if (!log_buf[0] && *kt_libbpf_last_warning()) {
			free(r->log);
			r->log = kt_xstrdup(kt_libbpf_last_warning());
		}
	} else {
		r->loaded = true;
		if (kt_expect_wants_run(&p->expect))
			run_prog(obj, target, &p->expect, r);
		if (keep && held.rp.recorded) {
			held.obj = obj;
			held.p = p;
			return;
		}
	}
	if (keep)
		kt_replay_free(&held.rp);
	bpf_object__close(obj);
}

/* What marks the verifier's deprecation line of a kfunc ("bpf: Warn about
 * programs calling deprecated kfuncs") */
static const char deprecation_mark[] = " is deprecated since ";

void kt_add_load_flags(struct bpf_program *prog, unsigned int flags)
{
	if (kt_strict)
		flags |= BPF_F_DENY_DEPRECATED_KFUNCS;
	bpf_program__set_flags(prog, bpf_program__flags(prog) | flags);
}

/* Length of @log without its deprecation lines: what a kernel without
 * stability tiers writes for the same program. */
static size_t log_len_without_deprecations(const char *log)
{
	size_t len = 0;
	const char *nl;

	for (; *log; log = nl) {
		nl = strchr(log, '\n');
		nl = nl ? nl + 1 : log + strlen(log);
		if (strncmp(log, "kfunc ", 6) ||
		    !memmem(log, nl - log, deprecation_mark, strlen(deprecation_mark)))
			len += nl - log;
	}
	return len;
}

static bool may_load(const struct kt_prog *p, struct kt_run *r)
{
	memset(r, 0, sizeof(*r));
	if (kt_no_load()) {
		snprintf(r->setup_err, sizeof(r->setup_err),
			 "refusing to load %s: KFUNCTOOL_NO_LOAD is set", p->name);
		return false;
	}
	if (!log_buf)
		log_buf = kt_xmalloc(LOG_BUF_SZ);
	return true;
}

void kt_run_once(const struct kt_obj *o, const struct kt_prog *p, struct kt_run *r)
{
	size_t tight;

	if (!may_load(p, r))
		return;
	run_with_log(o, p, r, LOG_BUF_SZ, false);
	if (!p->expect.tight_log || r->setup_err[0] || !r->loaded)
		return;
	/* The kernel needs room for the text and its NUL, and one byte more
	 * not to report the buffer as full (-ENOSPC).
	 */
	tight = log_len_without_deprecations(r->log) + 2;
	kt_run_free(r);
	run_with_log(o, p, r, tight, false);
}

/* A load repeats exactly when all a run needs is the program's fd. */
static bool replayable(const struct kt_expect *e)
{
	return !e->tight_log && !e->result_var && !e->trigger;
}

void kt_run_next(const struct kt_obj *o, const struct kt_prog *p, struct kt_run *r)
{
	int fd;

	if (held.p != p)
		kt_run_done();
	if (!held.obj) {
		if (!replayable(&p->expect)) {
			kt_run_once(o, p, r);
		} else if (may_load(p, r)) {
			run_with_log(o, p, r, LOG_BUF_SZ, true);
		}
		return;
	}
	memset(r, 0, sizeof(*r));
	if (!load_caps(p, r))
		return;
	fd = kt_replay_load(&held.rp, log_buf, LOG_BUF_SZ);
	kt_caps_load_all();
	r->log = kt_xstrdup(held.rp.attr.log_level ? log_buf : "");
	if (fd < 0) {
		r->err = fd;
		return;
	}
	r->loaded = true;
	if (kt_expect_wants_run(&p->expect))
		test_run(fd, r);
	close(fd);
}

void kt_run_done(void)
{
	kt_replay_free(&held.rp);
	bpf_object__close(held.obj);
	memset(&held, 0, sizeof(held));
}

void kt_run_free(struct kt_run *r)
{
	free(r->log);
	r->log = NULL;
}

/*
 * The kernel warns about deprecated kfunc calls once a minute per (kfunc,
 * program, comm), and all of them within the printk ratelimit of 10 lines
 * in 5 s: a test of those warnings must not depend on what earlier loads
 * of this boot left. A comm no earlier load had ("kt-fresh-PID"), and 5 s
 * without warnings from this process, leave it a clean slate.
 */
static int fresh_warnings(struct kt_span *s, char *err, size_t errlen)
{
	struct timespec quiet = { .tv_sec = 5, .tv_nsec = 100 * 1000 * 1000 };
	char comm[16];

	if (prctl(PR_GET_NAME, s->comm)) {
		snprintf(err, errlen, "__fresh_warnings: reading the comm: %s", strerror(errno));
		return -1;
	}
	snprintf(comm, sizeof(comm), "kt-fresh-%d", (int)getpid());
	if (prctl(PR_SET_NAME, comm)) {
		snprintf(err, errlen, "__fresh_warnings: setting the comm: %s", strerror(errno));
		s->comm[0] = '\0';
		return -1;
	}
	while (nanosleep(&quiet, &quiet) && errno == EINTR)
		;
	return 0;
}

int kt_span_begin(struct kt_span *s, const struct kt_expect *e, char *err, size_t errlen)
{
	memset(s, 0, sizeof(*s));
	s->kmsg.fd = -1;
	if (e->fresh_warnings && fresh_warnings(s, err, errlen))
		return -1;
	s->ns = kt_now_ns();
	s->kmsg_ok = kt_kmsg_begin(&s->kmsg, s->kmsg_err, sizeof(s->kmsg_err)) == 0;
	if (!s->kmsg_ok && kt_expect_wants_dmesg(e)) {
		snprintf(err, errlen, "%s", s->kmsg_err);
		return -1;
	}
	for (int i = 0; i < e->nsysctls; i++) {
		if (kt_sysctl_set(e->sysctls[i].key, e->sysctls[i].val, err, errlen)) {
			kt_sysctl_restore_all();
			kt_kmsg_end(&s->kmsg);
			return -1;
		}
	}
	return 0;
}

int kt_span_end(struct kt_span *s)
{
	int err;

	kt_kmsg_collect(&s->kmsg, &s->dmesg);
	kt_kmsg_end(&s->kmsg);
	s->ns = kt_now_ns() - s->ns;
	err = kt_sysctl_restore_all();
	if (s->comm[0] && prctl(PR_SET_NAME, s->comm))
		err = -1;
	return err;
}

void kt_span_free(struct kt_span *s)
{
	kt_strv_free(&s->dmesg);
}

static bool is_stats_line(const char *b, size_t n)
{
	static const char *const pfx[] = {
		"processed ", "verification time ", "stack depth ",
	};

	for (size_t i = 0; i < sizeof(pfx) / sizeof(pfx[0]); i++)
		if (n >= strlen(pfx[i]) && strncmp(b, pfx[i], strlen(pfx[i])) == 0)
			return true;
	return false;
}

char *kt_log_reason(const char *log)
{
	const char *end, *b;
	static const char *const known[] = {
		" is deprecated and denied by ", " was removed in ",
	};

	if (!log || !*log)
		return NULL;
	/* the project's own rejections first: they name the replacement */
	for (size_t i = 0; i < sizeof(known) / sizeof(known[0]); i++) {
		char *l = kt_line_containing(log, known[i]);

		if (l)
			return l;
	}
	end = log + strlen(log);
	while (end > log) {
		size_t n;

		while (end > log && end[-1] == '\n')
			end--;
		b = end;
		while (b > log && b[-1] != '\n')
			b--;
		n = end - b;
		/* a deprecation notice is printed for a program that passed */
		if (n && !is_stats_line(b, n) &&
		    !memmem(b, n, deprecation_mark, strlen(deprecation_mark))) {
			char *s = kt_xmalloc(n + 1);

			memcpy(s, b, n);
			s[n] = '\0';
			return s;
		}
		end = b;
	}
	return NULL;
}

char *kt_log_deprecation(const char *log)
{
	return log ? kt_line_containing(log, deprecation_mark) : NULL;
}

char *kt_load_failure(int err, const char *log, const char *fallback)
{
	char *why = kt_log_reason(log), *notice = NULL, *s;

	if (why)
		s = kt_xasprintf("rejected, %s: %s", kt_errstr(err), why);
	else if ((notice = kt_log_deprecation(log)))
		s = kt_xasprintf("failed after passing verification, %s (verifier: %s)",
				 kt_errstr(err), notice);
	else
		s = kt_xasprintf("rejected, %s: %s", kt_errstr(err), fallback);
	free(why);
	free(notice);
	return s;
}

int kt_check_kfuncs_present(struct kt_obj *objs, int nobjs)
{
	struct kt_kbtf k;
	char err[512];
	bool any = false;
	int ret = KT_OK;

	for (int i = 0; i < nobjs; i++)
		for (int j = 0; j < objs[i].nkfuncs; j++)
			any |= !objs[i].kfuncs[j].weak;
	if (!any)
		return KT_OK;
	if (kt_kbtf_load_running(&k, err, sizeof(err))) {
		kt_err("%s", err);
		return KT_RUNTIME;
	}
	for (int i = 0; i < nobjs && !ret; i++) {
		for (int j = 0; j < objs[i].nkfuncs; j++) {
			const struct kt_kfunc_ref *f = &objs[i].kfuncs[j];

			if (f->weak || kt_kbtf_find_func(&k, f->name, NULL, NULL))
				continue;
			kt_err("%s: kfunc %s is not in the running kernel (neither in vmlinux BTF nor in any module BTF under /sys/kernel/btf): the module that provides it is probably not loaded",
			       objs[i].path, f->name);
			ret = KT_NOKFUNC;
			break;
		}
	}
	kt_kbtf_free(&k);
	return ret;
}

int kt_objs_open_to_run(char **paths, int n, struct kt_obj **objs, int *nprogs)
{
	int ret;

	kt_setup_libbpf_print();
	ret = kt_objs_open(paths, n, true, objs, nprogs);
	if (ret)
		return ret;
	ret = kt_check_kfuncs_present(*objs, n);
	if (ret)
		kt_objs_close(*objs, n);
	return ret;
}
