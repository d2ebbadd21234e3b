// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * libFuzzer target: the JSON writer (../json.c). The input, as a string,
 * is written by json_str(), json_field() and json_csv(). Each output must
 * be valid JSON (RFC 8259: UTF-8, no raw control character, escapes and
 * surrogate pairs well formed) that reads back as the input, with every
 * byte that is not part of a UTF-8 sequence read back as U+FFFD.
 */
#include <stdbool.h>

#include "fuzz.h"
#include "json.h"

/* Length of the UTF-8 sequence at @p (@n bytes left) and its code point
 * in @cp; 0 if ill-formed (RFC 3629). Decoded here, not by table as
 * json.c does, to check it by another road. */
static size_t utf8_seq(const unsigned char *p, size_t n, unsigned int *cp)
{
	static const unsigned int min[] = { 0, 0, 0x80, 0x800, 0x10000 };
	size_t len = p[0] < 0x80 ? 1 : (p[0] & 0xe0) == 0xc0 ? 2 :
		     (p[0] & 0xf0) == 0xe0 ? 3 : (p[0] & 0xf8) == 0xf0 ? 4 : 0;
	unsigned int c;

	if (!len || len > n)
		return 0;
	c = len == 1 ? p[0] : p[0] & (0x7f >> len);
	for (size_t i = 1; i < len; i++) {
		if ((p[i] & 0xc0) != 0x80)
			return 0;
		c = c << 6 | (p[i] & 0x3f);
	}
	if (c < min[len] || c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff))
		return 0;
	*cp = c;
	return len;
}

static size_t put_utf8(char *o, unsigned int c)
{
	if (c < 0x80) {
		o[0] = c;
		return 1;
	}
	if (c < 0x800) {
		o[0] = 0xc0 | c >> 6;
		o[1] = 0x80 | (c & 0x3f);
		return 2;
	}
	if (c < 0x10000) {
		o[0] = 0xe0 | c >> 12;
		o[1] = 0x80 | (c >> 6 & 0x3f);
		o[2] = 0x80 | (c & 0x3f);
		return 3;
	}
	o[0] = 0xf0 | c >> 18;
	o[1] = 0x80 | (c >> 12 & 0x3f);
	o[2] = 0x80 | (c >> 6 & 0x3f);
	o[3] = 0x80 | (c & 0x3f);
	return 4;
}

/* What the @n bytes at @s read back as: ill-formed bytes as U+FFFD. */
static char *expected(const char *s, size_t n)
{
	char *out = malloc(3 * n + 1), *o = out;
	const unsigned char *p = (const unsigned char *)s;

	while (n) {
		unsigned int cp;
		size_t len = utf8_seq(p, n, &cp);

		o += put_utf8(o, len ? cp : 0xfffd);
		p += len ? len : 1;
		n -= len ? len : 1;
	}
	*o = '\0';
	return out;
}

static bool hex4(const char *s, unsigned int *v)
{
	*v = 0;
	for (int i = 0; i < 4; i++) {
		char c = s[i];

		if (c >= '0' && c <= '9')
			*v = *v << 4 | (c - '0');
		else if (c >= 'a' && c <= 'f')
			*v = *v << 4 | (c - 'a' + 10);
		else if (c >= 'A' && c <= 'F')
			*v = *v << 4 | (c - 'A' + 10);
		else
			return false;
	}
	return true;
}

/* Decode the JSON string at *@s (before @end) into @out; aborts if invalid. */
static void parse_string(const char **s, const char *end, char *out)
{
	const char *p = *s;

	fuzz_check(p < end && *p == '"', "a string must start with '\"': %.20s", p);
	for (p++; p < end && *p != '"';) {
		unsigned char c = *p;
		unsigned int cp;
		size_t len;

		fuzz_check(c >= 0x20, "raw control character %#x in a string", c);
		if (c != '\\') {
			len = utf8_seq((const unsigned char *)p, end - p, &cp);
			fuzz_check(len, "not UTF-8 at: %.8s", p);
			memcpy(out, p, len);
			out += len;
			p += len;
			continue;
		}
		fuzz_check(p + 1 < end, "escape at the end");
		c = p[1];
		p += 2;
		if (c != 'u') {
			const char *e = strchr("\"\\/bfnrt", c), *v = "\"\\/\b\f\n\r\t";

			fuzz_check(c && e, "bad escape \\%c", c);
			*out++ = v[e - "\"\\/bfnrt"];
			continue;
		}
		fuzz_check(end - p >= 4 && hex4(p, &cp), "bad \\u escape");
		p += 4;
		if (cp >= 0xd800 && cp <= 0xdbff) {
			unsigned int lo;

			fuzz_check(end - p >= 6 && p[0] == '\\' && p[1] == 'u' && hex4(p + 2, &lo) &&
				   lo >= 0xdc00 && lo <= 0xdfff, "lone high surrogate");
			cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
			p += 6;
		}
		fuzz_check(cp < 0xdc00 || cp > 0xdfff, "lone low surrogate");
		out += put_utf8(out, cp);
	}
	fuzz_check(p < end, "unterminated string");
	*out = '\0';
	*s = p + 1;
}

/* Write @s with @fn into memory. */
static char *write_json(void (*fn)(FILE *, const char *), const char *s, size_t *len)
{
	char *buf;
	FILE *f = open_memstream(&buf, len);

	fuzz_check(f, "open_memstream failed");
	fn(f, s);
	fclose(f);
	return buf;
}

/* json_str(@s) reads back as @s; returns what it wrote, to free(). */
static char *check_str(const char *s, size_t n, size_t *len)
{
	char *buf = write_json(json_str, s, len), *got = malloc(*len + 1), *want = expected(s, n);
	const char *p = buf;

	parse_string(&p, buf + *len, got);
	fuzz_check(p == buf + *len, "json_str: trailing bytes after the string");
	fuzz_check(!strcmp(got, want), "json_str: reads back as another string");
	free(got);
	free(want);
	return buf;
}

/* json_field(@s) is null for "-", else what json_str() wrote (@str). */
static void check_field(const char *s, const char *str, size_t str_len)
{
	size_t len;
	char *buf = write_json(json_field, s, &len);

	if (!strcmp(s, "-"))
		fuzz_check(len == 4 && !memcmp(buf, "null", 4), "json_field(\"-\") is not null");
	else
		fuzz_check(len == str_len && !memcmp(buf, str, len), "json_field differs from json_str");
	free(buf);
}

static void check_csv(const char *s)
{
	size_t len;
	char *buf = write_json(json_csv, s, &len), *got = malloc(len + 1);
	const char *p = buf, *end = buf + len, *item = strcmp(s, "-") ? s : "";

	fuzz_check(len >= 2 && *p++ == '[' && end[-1] == ']', "json_csv: not an array");
	end--;
	while (*item) {
		size_t n = strcspn(item, ",");
		char *want;

		if (!n) {	/* empty items are left out */
			item++;
			continue;
		}
		want = expected(item, n);
		parse_string(&p, end, got);
		fuzz_check(!strcmp(got, want), "json_csv: an item reads back as another string");
		free(want);
		item += n;
		if (*item)
			item++;
		if (item[strspn(item, ",")])
			fuzz_check(p < end && *p++ == ',', "json_csv: items not separated by ','");
	}
	fuzz_check(p == end, "json_csv: more items than the input has");
	free(buf);
	free(got);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s = fuzz_str(data, size), *str;
	size_t len;

	str = check_str(s, strlen(s), &len);
	check_field(s, str, len);
	check_csv(s);
	free(str);
	free(s);
	return 0;
}
