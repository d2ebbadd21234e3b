/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/*
 * Loading one program of an object on its own, running it when its
 * expectations ask for it, and the span around a test: sysctls set and
 * restored, kernel log captured. Shared by test, try and load.
 */
#ifndef KT_RUNNER_H
#define KT_RUNNER_H

#include <stdbool.h>
#include <stddef.h>

#include "bpfobj.h"
#include "kmsg.h"
#include "util.h"

/* One load (and run) of one program. */
struct kt_run {
	bool loaded;
	int err;			/* negative errno when the load failed */
	char *log;			/* verifier log */
	bool ran;			/* a run was attempted */
	char run_err[256];		/* why the run failed, "" if it did not */
	unsigned long long value;	/* return value or __result_var value */
	int value_size;			/* its size in bytes */
	char setup_err[512];		/* could not even try to load */
};

/*
 * Open @o's file again, load only @p (log_level from its expectations,
 * at least 1) and, if it loaded and its expectations ask for it, run it
 * (BPF_PROG_TEST_RUN, or attach + trigger + read __result_var). The
 * object is closed before returning: nothing stays loaded or attached.
 */
void kt_run_once(const struct kt_obj *o, const struct kt_prog *p, struct kt_run *r);
void kt_run_free(struct kt_run *r);

/*
 * One of the loads of a __repeat: like kt_run_once(), but the object of
 * the first load that succeeds stays open, and the loads after it issue
 * that load's BPF_PROG_LOAD again (replay.h), each program closed once it
 * ran. Programs that must be attached, or loaded twice (__tight_log),
 * are loaded through libbpf every time. kt_run_done() closes the object.
 */
void kt_run_next(const struct kt_obj *o, const struct kt_prog *p, struct kt_run *r);
void kt_run_done(void);

struct bpf_program;

/* Add @flags, and BPF_F_DENY_DEPRECATED_KFUNCS with --strict, to @prog's
 * BPF_PROG_LOAD flags. */
void kt_add_load_flags(struct bpf_program *prog, unsigned int flags);

/* Sysctls and kernel log around one test. */
struct kt_span {
	struct kt_kmsg kmsg;
	bool kmsg_ok;
	char kmsg_err[256];
	struct kt_strv dmesg;		/* kernel log lines logged during the span */
	char comm[16];			/* the comm to restore, if __fresh_warnings */
	long long ns;			/* how long the span took, CLOCK_MONOTONIC */
};

/* Set @e's sysctls, start the kernel-log capture; for __fresh_warnings, wait
 * out the printk ratelimit's window and take a comm of its own. -1 with @err
 * on failure (then nothing is left changed). */
int kt_span_begin(struct kt_span *s, const struct kt_expect *e, char *err, size_t errlen);
/* Collect the kernel log, restore the sysctls and the comm. -1 if a restore
 * failed. */
int kt_span_end(struct kt_span *s);
void kt_span_free(struct kt_span *s);

/* The verifier's reason for a rejection: the last message line before the
 * final statistics ("processed N insns ..."), deprecation notices aside.
 * Caller frees; NULL if none. */
char *kt_log_reason(const char *log);
/* The deprecation warning line of a successful load, or NULL. Caller frees. */
char *kt_log_deprecation(const char *log);
/* What a failed load of @err with @log says, without "kfunctool: ": "rejected,
 * ERR: REASON", or, when the log shows the verifier passed the program (a
 * deprecation notice and no reason), "failed after passing verification, ERR
 * (verifier: NOTICE)"; @fallback stands for a missing reason. Caller frees. */
char *kt_load_failure(int err, const char *log, const char *fallback);

/* Exit code KT_NOKFUNC (after one line on stderr) if any object calls a
 * non-weak kfunc the running kernel lacks, KT_RUNTIME if the kernel BTF
 * cannot be read, else KT_OK. */
int kt_check_kfuncs_present(struct kt_obj *objs, int nobjs);
/*
 * The @n objects of @paths that test and try run, with their expectations
 * (kt_objs_open()), every check that needs no kernel first, then
 * kt_check_kfuncs_present(): bad input fails before anything is loaded.
 * An exit code; on failure nothing is left open.
 */
int kt_objs_open_to_run(char **paths, int n, struct kt_obj **objs, int *nprogs);

/* "-13 (Permission denied)" */
const char *kt_errstr(int err);

#endif
