/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/* KTAP output (Documentation/dev-tools/ktap.rst), flushed line by line. */
#ifndef KT_KTAP_H
#define KT_KTAP_H

#include <stdbool.h>

void ktap_header(int ntests);
/* @name with '#', '\\' and control characters (but TAB) as \xNN. */
void ktap_result(int n, bool ok, const char *name);
/* A "# " diagnostic line, one per line of the text (as ktap_diag_block). */
void ktap_diag(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Every line of @text as a "# @prefix" diagnostic line; control
 * characters (but TAB) as \xNN, so that no '\r' ends a line either. */
void ktap_diag_block(const char *prefix, const char *text);

#endif
