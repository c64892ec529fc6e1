/* SPDX-License-Identifier: LGPL-2.1-or-later */
#ifndef PORT_FILTER_H
#define PORT_FILTER_H
#ifndef FILTER_PORT
#error "FILTER_PORT is set per program (c_args)"
#endif
#define FILTER_VERDICT_DROP XDP_DROP
#endif
