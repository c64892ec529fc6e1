/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Shared between socket_bind.bpf.c and its loader. */
#ifndef SOCKET_BIND_H
#define SOCKET_BIND_H

/* How many ports the allow list holds. */
#define SOCKET_BIND_MAX_PORTS 16

#endif
