/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/* Minimal JSON writing helpers. */
#ifndef KT_JSON_H
#define KT_JSON_H

#include <stdio.h>

/* A JSON string (bytes that are not UTF-8 as U+FFFD), or null when @s is NULL. */
void json_str(FILE *f, const char *s);
/* A listing field: null when "-", else a string. */
void json_field(FILE *f, const char *s);
/* "a,b,c" as ["a","b","c"]; "-" or "" as []. */
void json_csv(FILE *f, const char *csv);
/* @pre as it is (", \"key\": "), then @s as @value writes it: an object's
 * member in one call */
void json_member(FILE *f, const char *pre, void (*value)(FILE *, const char *),
		 const char *s);

#endif
