// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* Reading expectations from BTF decl tags (see expect.h). */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linux/bpf.h>
#include <bpf/btf.h>

#include "caps.h"
#include "expect.h"
#include "kfunctool.h"
#include "sysctl.h"
#include "util.h"

#define TAG_PFX "comment:test_"

static int bad(char *err, size_t errlen, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static int bad(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
	return -1;
}

static bool is_ident(const char *s)
{
	if (!*s || !(isalpha((unsigned char)*s) || *s == '_'))
		return false;
	for (; *s; s++)
		if (!isalnum((unsigned char)*s) && *s != '_')
			return false;
	return true;
}

/* The @n bytes at @v into @key, if they are a name kt_sysctl_set() takes. */
static bool sysctl_key(const char *v, size_t n, char *key, size_t len)
{
	char path[256];

	if (n >= len)
		return false;
	memcpy(key, v, n);
	key[n] = '\0';
	return kt_sysctl_path(key, path, sizeof(path)) == 0;
}

/* The BPF_PROG_LOAD flag named @name, 0 if it is none. */
static unsigned int prog_flag(const char *name)
{
	static const struct {
		const char *name;
		unsigned int flag;
	} flags[] = {
		{ "BPF_F_STRICT_ALIGNMENT", BPF_F_STRICT_ALIGNMENT },
		{ "BPF_F_ANY_ALIGNMENT", BPF_F_ANY_ALIGNMENT },
		{ "BPF_F_TEST_RND_HI32", BPF_F_TEST_RND_HI32 },
		{ "BPF_F_TEST_STATE_FREQ", BPF_F_TEST_STATE_FREQ },
		{ "BPF_F_SLEEPABLE", BPF_F_SLEEPABLE },
		{ "BPF_F_XDP_HAS_FRAGS", BPF_F_XDP_HAS_FRAGS },
		{ "BPF_F_DENY_DEPRECATED_KFUNCS", BPF_F_DENY_DEPRECATED_KFUNCS },
	};

	for (size_t i = 0; i < ARRAY_SIZE(flags); i++)
		if (strcmp(name, flags[i].name) == 0)
			return flags[i].flag;
	return 0;
}

/* The value of "name=value" in @t, or NULL if @t is not about @name. */
static const char *tag_val(const char *t, const char *name)
{
	size_t n = strlen(name);

	return strncmp(t, name, n) == 0 && t[n] == '=' ? t + n + 1 : NULL;
}

static int parse_tag(const char *tag, struct kt_expect *e, char *err,
		     size_t errlen)
{
	/* The tags that add a text to a list, and the macros that write them */
	static const struct {
		const char *tag, *macro;
		size_t list;	/* of struct kt_expect, a struct kt_strv */
	} texts[] = {
		{ "expect_msg", "__msg", offsetof(struct kt_expect, msgs) },
		{ "expect_not_msg", "__not_msg", offsetof(struct kt_expect, not_msgs) },
		{ "expect_dmesg", "__dmesg", offsetof(struct kt_expect, dmesg) },
		{ "expect_not_dmesg", "__not_dmesg", offsetof(struct kt_expect, not_dmesg) },
		{ "dmesg_per_minute", "__dmesg_per_minute", offsetof(struct kt_expect, per_minute) },
	};
	const char *t = tag + strlen(TAG_PFX), *v;
	long long n;

	for (size_t i = 0; i < ARRAY_SIZE(texts); i++) {
		v = tag_val(t, texts[i].tag);
		if (!v)
			continue;
		if (!*v)
			return bad(err, errlen, "empty %s", texts[i].macro);
		kt_strv_push((struct kt_strv *)((char *)e + texts[i].list), v);
		return 0;
	}
	if (strcmp(t, "expect_success") == 0 || strcmp(t, "expect_failure") == 0) {
		bool f = strcmp(t, "expect_failure") == 0;

		if (e->has_outcome && e->expect_failure != f)
			return bad(err, errlen, "both __success and __failure");
		e->has_outcome = true;
		e->expect_failure = f;
	} else if ((v = tag_val(t, "log_level"))) {
		if (e->has_log_level)
			return bad(err, errlen, "__log_level given twice");
		if (!kt_parse_ll(v, &n) || n < 0 || n > 7)
			return bad(err, errlen, "__log_level(%s): not a number in 0..7", v);
		e->has_log_level = true;
		e->log_level = (int)n;
	} else if ((v = tag_val(t, "retval"))) {
		if (e->has_retval)
			return bad(err, errlen, "__retval given twice");
		if (!kt_parse_ll(v, &e->retval))
			return bad(err, errlen, errno == ERANGE ?
				   "__retval(%s): out of range of a 64-bit value" :
				   "__retval(%s): not a number", v);
		e->has_retval = true;
	} else if ((v = tag_val(t, "result_var"))) {
		if (e->result_var)
			return bad(err, errlen, "__result_var given twice");
		if (!is_ident(v))
			return bad(err, errlen, "__result_var(%s): not a C identifier", v);
		e->result_var = kt_xstrdup(v);
	} else if ((v = tag_val(t, "trigger"))) {
		if (e->trigger)
			return bad(err, errlen, "__trigger given twice");
		if (strcmp(v, "write") != 0)
			return bad(err, errlen, "__trigger(\"%s\"): unknown trigger (known: \"write\")", v);
		e->trigger = kt_xstrdup(v);
	} else if ((v = tag_val(t, "dmesg_count"))) {
		/* "lo,hi,needle"; the needle may itself hold commas */
		const char *c1 = strchr(v, ','), *c2 = c1 ? strchr(c1 + 1, ',') : NULL;
		char lo[32], hi[32];
		struct kt_dmesg_count *dc;

		if (!c2 || c1 - v >= (long)sizeof(lo) || c2 - c1 - 1 >= (long)sizeof(hi) || !c2[1])
			return bad(err, errlen, "__dmesg_count(%s): want lo,hi,\"text\"", v);
		snprintf(lo, sizeof(lo), "%.*s", (int)(c1 - v), v);
		snprintf(hi, sizeof(hi), "%.*s", (int)(c2 - c1 - 1), c1 + 1);
		e->counts = kt_xrealloc(e->counts, (e->ncounts + 1) * sizeof(*e->counts));
		dc = &e->counts[e->ncounts];
		if (!kt_parse_ll(lo, &dc->lo) || !kt_parse_ll(hi, &dc->hi) ||
		    dc->lo < 0 || dc->hi < dc->lo)
			return bad(err, errlen, "__dmesg_count(%s): want 0 <= lo <= hi", v);
		dc->needle = kt_xstrdup(c2 + 1);
		e->ncounts++;
	} else if ((v = tag_val(t, "sysctl"))) {
		const char *eq = strchr(v, '=');
		char key[256];
		struct kt_sysctl_kv *kv;

		if (!eq || !eq[1] || !sysctl_key(v, eq - v, key, sizeof(key)))
			return bad(err, errlen, "__sysctl(\"%s\"): want \"name.of.sysctl=value\"", v);
		e->sysctls = kt_xrealloc(e->sysctls, (e->nsysctls + 1) * sizeof(*e->sysctls));
		kv = &e->sysctls[e->nsysctls++];
		kv->key = kt_xstrdup(key);
		kv->val = kt_xstrdup(eq + 1);
	} else if ((v = tag_val(t, "repeat"))) {
		if (e->repeat)
			return bad(err, errlen, "__repeat given twice");
		if (!kt_parse_ll(v, &n) || n < 1 || n > 1000000)
			return bad(err, errlen, "__repeat(%s): not a number in 1..1000000", v);
		e->repeat = (int)n;
	} else if ((v = tag_val(t, "prog_flags"))) {
		unsigned int f = prog_flag(v);

		if (!f && (!kt_parse_ll(v, &n) || n <= 0 || n > 0xffffffffLL))
			return bad(err, errlen, "__flag(%s): not a BPF_F_ load flag or a number", v);
		e->prog_flags |= f ? f : (unsigned int)n;
	} else if ((v = tag_val(t, "caps"))) {
		unsigned long long c = kt_caps_bit(v);

		if (!c)
			return bad(err, errlen,
				   "__caps(%s): not " KT_CAPS_NAMES, v);
		e->has_caps = true;
		e->caps |= c;
	} else if ((v = tag_val(t, "layer"))) {
		if (e->layer)
			return bad(err, errlen, "__layer given twice");
		if (!*v || strpbrk(v, " \t,"))
			return bad(err, errlen, "__layer(%s): want one layer's name", v);
		e->layer = kt_xstrdup(v);
	} else if (strcmp(t, "tight_log") == 0) {
		e->tight_log = true;
	} else if (strcmp(t, "fresh_warnings") == 0) {
		e->fresh_warnings = true;
	} else {
		return bad(err, errlen, "unknown expectation tag \"%s\"", tag);
	}
	return 0;
}

int kt_expect_parse(const struct btf *btf, const char *func_name,
		    struct kt_expect *e, char *err, size_t errlen)
{
	int func_id, n, i;

	memset(e, 0, sizeof(*e));
	if (!btf)
		return bad(err, errlen, "object has no BTF (build it with clang -g)");
	func_id = btf__find_by_name_kind(btf, func_name, BTF_KIND_FUNC);
	if (func_id < 0)
		return bad(err, errlen, "no BTF FUNC for program %s", func_name);

	n = btf__type_cnt(btf);
	for (i = 1; i < n; i++) {
		const struct btf_type *t = btf__type_by_id(btf, i);
		const char *s;

		if (!btf_is_decl_tag(t) || t->type != (unsigned int)func_id ||
		    btf_decl_tag(t)->component_idx != -1)
			continue;
		s = btf__name_by_offset(btf, t->name_off);
		if (!s || strncmp(s, TAG_PFX, strlen(TAG_PFX)) != 0)
			continue;	/* not an expectation */
		if (parse_tag(s, e, err, errlen))
			return -1;
	}
	if (e->trigger && !e->result_var && e->has_retval)
		return bad(err, errlen, "__retval with __trigger needs __result_var");
	/* BPF_PROG_TEST_RUN's retval is 32 bits; a __result_var's size is
	 * only known once the object is loaded (cmd_test.c checks it then) */
	if (e->has_retval && !e->result_var && (e->retval < INT32_MIN || e->retval > UINT32_MAX))
		return bad(err, errlen, "__retval(%lld): out of range of a 32-bit return value",
			   e->retval);
	if (!e->repeat)
		e->repeat = 1;
	return 0;
}

void kt_expect_free(struct kt_expect *e)
{
	int i;

	free(e->layer);
	kt_strv_free(&e->msgs);
	kt_strv_free(&e->not_msgs);
	kt_strv_free(&e->dmesg);
	kt_strv_free(&e->not_dmesg);
	kt_strv_free(&e->per_minute);
	for (i = 0; i < e->ncounts; i++)
		free(e->counts[i].needle);
	free(e->counts);
	for (i = 0; i < e->nsysctls; i++) {
		free(e->sysctls[i].key);
		free(e->sysctls[i].val);
	}
	free(e->sysctls);
	free(e->result_var);
	free(e->trigger);
	memset(e, 0, sizeof(*e));
}

bool kt_expect_wants_dmesg(const struct kt_expect *e)
{
	return e->dmesg.n || e->not_dmesg.n || e->ncounts || e->per_minute.n;
}

bool kt_expect_wants_run(const struct kt_expect *e)
{
	return e->has_retval || e->result_var || e->trigger;
}

int kt_expect_load_log_level(const struct kt_expect *e)
{
	int lvl = e->has_log_level ? e->log_level : 1;

	/* keep the stats bit (4), make sure bits 0-1 are at least 1 */
	if ((lvl & 3) == 0)
		lvl |= 1;
	return lvl;
}
