// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * libFuzzer target: expectations read from BTF decl tags (../expect.c).
 * The input, split at NUL bytes, is the tags of one program's FUNC, each
 * "comment:test_" + piece, in a BTF built with libbpf (the parser reads
 * the tags, not libbpf's BTF checks). Taken expectations must be within
 * what cmd_test.c and runner.c rely on; a refusal must be one line through
 * kt_err(), whatever the tag holds.
 */
#include <ctype.h>
#include <stdbool.h>
#include <stdint.h>

#include <bpf/btf.h>

#include "expect.h"
#include "fuzz.h"
#include "kfunctool.h"
#include "sysctl.h"

static bool is_ident(const char *s)
{
	if (!isalpha((unsigned char)*s) && *s != '_')
		return false;
	while (isalnum((unsigned char)*s) || *s == '_')
		s++;
	return !*s;
}

static void check_taken(const struct kt_expect *e)
{
	char path[256];
	int i;

	fuzz_check(e->repeat >= 1 && e->repeat <= 1000000, "__repeat %d taken", e->repeat);
	fuzz_check(!e->has_log_level || (e->log_level >= 0 && e->log_level <= 7),
		   "__log_level %d taken", e->log_level);
	/* BPF_PROG_TEST_RUN's retval is 32 bits: never truncated into a match */
	fuzz_check(!e->has_retval || e->result_var ||
		   (e->retval >= INT32_MIN && e->retval <= UINT32_MAX),
		   "__retval %lld taken for a 32-bit return value", e->retval);
	fuzz_check(!e->result_var || is_ident(e->result_var), "__result_var %s", e->result_var);
	fuzz_check(!e->trigger || !strcmp(e->trigger, "write"), "__trigger %s", e->trigger);
	for (i = 0; i < e->msgs.n; i++)
		fuzz_check(*e->msgs.v[i], "empty __msg taken");
	for (i = 0; i < e->ncounts; i++)
		fuzz_check(e->counts[i].lo >= 0 && e->counts[i].lo <= e->counts[i].hi &&
			   *e->counts[i].needle, "__dmesg_count %lld..%lld taken",
			   e->counts[i].lo, e->counts[i].hi);
	for (i = 0; i < e->nsysctls; i++)
		fuzz_check(kt_sysctl_path(e->sysctls[i].key, path, sizeof(path)) == 0 &&
			   *e->sysctls[i].val, "__sysctl %s=%s taken, not settable",
			   e->sysctls[i].key, e->sysctls[i].val);
}

/* kt_err() writes @err as the one line kfunctool's errors are. */
static void check_refused(const char *err)
{
	struct fuzz_capture c;
	char *nl;

	fuzz_check(*err, "refused without a reason");
	fuzz_capture(&c, &stderr);
	kt_err("x: malformed expectations: %s", err);
	fuzz_uncapture(&c);
	nl = memchr(c.buf, '\n', c.len);
	fuzz_check(nl && nl == c.buf + c.len - 1, "the error is not one line: %s", err);
	free(c.buf);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct btf *btf = btf__new_empty();
	const char *p = (const char *)data, *end = p + size;
	struct kt_expect e;
	char err[512];
	int fn;

	fuzz_check(btf, "btf__new_empty failed");
	fn = btf__add_func(btf, "prog", BTF_FUNC_GLOBAL, btf__add_func_proto(btf, 0));
	fuzz_check(fn > 0, "btf__add_func failed");
	while (p < end) {
		size_t n = strnlen(p, end - p);
		char *tag;

		if (asprintf(&tag, "comment:test_%.*s", (int)n, p) < 0)
			abort();
		btf__add_decl_tag(btf, tag, fn, -1);
		free(tag);
		p += n + 1;
	}
	if (kt_expect_parse(btf, "prog", &e, err, sizeof(err)))
		check_refused(err);
	else
		check_taken(&e);
	kt_expect_free(&e);
	btf__free(btf);
	return 0;
}
