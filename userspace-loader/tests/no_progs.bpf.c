// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/* A BPF object with data but no program: exit 5. */
#include "objs.h"

int some_global = 1;
