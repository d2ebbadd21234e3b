/* SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause) */
/*
 * Setting sysctls for the span of one test and putting them back. Every
 * value changed is remembered; kt_sysctl_restore_all() puts them back in
 * reverse order and is also run at exit and on SIGINT, SIGTERM, SIGHUP,
 * SIGQUIT, SIGALRM and SIGPIPE, so
 * no path leaves a sysctl changed.
 */
#ifndef KT_SYSCTL_H
#define KT_SYSCTL_H

#include <stddef.h>

/*
 * "kernel.bpf_kfunc_deprecation" -> "/proc/sys/kernel/bpf_kfunc_deprecation".
 * As sysctl(8): the first separator gives the form; in the slash form
 * ("net/ipv4/conf/eth0.100/forwarding") dots are literal, in the dot form
 * a slash stands for a dot ("net.ipv4.conf.eth0/100.forwarding"). -1 when
 * @key is no sysctl name (an empty, "." or ".." component, a character
 * other than [A-Za-z0-9_.-], a leading or trailing separator) or its path
 * does not fit in @len.
 */
int kt_sysctl_path(const char *key, char *path, size_t len);
/* Current value without the trailing newline; -1 with errno on failure. */
int kt_sysctl_read(const char *key, char *val, size_t len);
/* Set @key to @val, remembering the old value. -1 with reason in @err. */
int kt_sysctl_set(const char *key, const char *val, char *err, size_t errlen);
/* Restore everything set so far; returns -1 if any write failed. */
int kt_sysctl_restore_all(void);
/* Install the exit and signal handlers. */
void kt_sysctl_install_guards(void);

#endif
