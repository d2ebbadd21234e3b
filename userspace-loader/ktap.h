/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/* KTAP output (Documentation/dev-tools/ktap.rst), flushed line by line. */
#ifndef KT_KTAP_H
#define KT_KTAP_H

#include <stdbool.h>

void ktap_header(int ntests);
void ktap_result(int n, bool ok, const char *name);
/* One "# " diagnostic line. */
void ktap_diag(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Every line of @text as a "# @prefix" diagnostic line. */
void ktap_diag_block(const char *prefix, const char *text);

#endif
