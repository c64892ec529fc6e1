// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The map sizes a loader sets between open and load, where the object
 * leaves them 0 (prep.c applies them): max_entries (veristat's fixup_obj
 * sizes only that), and the key and value sizes libbpf-tools' and
 * cilium/ebpf's loaders set: a stack trace's value from the stack depth,
 * fd arrays' 4-byte keys and values, arrays' and hashes' sizes (a guess).
 */
#include <stdio.h>
#include <unistd.h>

#include <bpf/libbpf.h>

#include "bpf-validate.h"

/* Not in bookworm's uapi headers (6.1). */
#define BV_MAP_TYPE_CGRP_STORAGE 32

/* The frames of a stack trace as loaders size its value: the kernel's
 * limit (kernel.perf_event_max_stack; libbpf-tools' default is the same
 * 127).  A larger value_size is refused. */
static __u32 stack_depth(void)
{
	FILE *f = fopen("/proc/sys/kernel/perf_event_max_stack", "r");
	unsigned int n = 0;

	if (f) {
		if (fscanf(f, "%u", &n) != 1)
			n = 0;
		fclose(f);
	}
	return n ? n : 127;
}

/* The key and value sizes loaders set where the object leaves 0, by map
 * type (0: the kernel wants 0 there).  An fd array's value is a 4-byte fd
 * (or map id) under a u32 index; an array's or hash's sizes are the
 * loader's own, so they are a guess; a stack trace's value is its depth. */
#define STACK_DEPTH_VALUE UINT32_MAX
static const struct loader_size {
	int type;
	bool index;		/* the key is an index the kernel fixes at 4 */
	__u32 key, value;
} loader_set[] = {
	{ BPF_MAP_TYPE_STACK_TRACE, true, 4, STACK_DEPTH_VALUE },
	{ BPF_MAP_TYPE_PERF_EVENT_ARRAY, true, 4, 4 },
	{ BPF_MAP_TYPE_CGROUP_ARRAY, true, 4, 4 },
	{ BPF_MAP_TYPE_PROG_ARRAY, true, 4, 4 },
	{ BPF_MAP_TYPE_ARRAY_OF_MAPS, true, 4, 4 },
	{ BPF_MAP_TYPE_HASH_OF_MAPS, false, 4, 4 },
	{ BPF_MAP_TYPE_ARRAY, true, 4, 8 },
	{ BPF_MAP_TYPE_PERCPU_ARRAY, true, 4, 8 },
	{ BPF_MAP_TYPE_HASH, false, 4, 8 },
	{ BPF_MAP_TYPE_PERCPU_HASH, false, 4, 8 },
	{ BPF_MAP_TYPE_LRU_HASH, false, 4, 8 },
	{ BPF_MAP_TYPE_LRU_PERCPU_HASH, false, 4, 8 },
	{ BPF_MAP_TYPE_QUEUE, false, 0, 8 },
	{ BPF_MAP_TYPE_STACK, false, 0, 8 },
	{ BPF_MAP_TYPE_BLOOM_FILTER, false, 0, 8 },
};

static const struct loader_size *loader_size_of(enum bpf_map_type t)
{
	for (size_t i = 0; i < sizeof(loader_set) / sizeof(loader_set[0]); i++)
		if (loader_set[i].type == (int)t)
			return &loader_set[i];
	return NULL;
}

/* The value_size a loader-sized map gets (0: none, or it must stay 0). */
static __u32 value_for(enum bpf_map_type t, __u32 flags, char *why,
		       size_t len)
{
	const struct loader_size *l = loader_size_of(t);
	/* struct bpf_stack_build_id is 32 bytes */
	__u32 frame = flags & BPF_F_STACK_BUILD_ID ? 32 : 8;

	if (!l || !l->value)
		return 0;
	if (l->value == STACK_DEPTH_VALUE) {
		snprintf(why, len, "%u frames of %u bytes, the kernel's perf_event_max_stack, as libbpf-tools size it",
			 stack_depth(), frame);
		return stack_depth() * frame;
	}
	snprintf(why, len, l->value == 4 ? "a file descriptor, as the kernel requires"
					 : "a u64; the loader's own size is not in the object");
	return l->value;
}

/* The key_size a loader-sized map gets (0: none, or it must stay 0). */
static __u32 key_for(enum bpf_map_type t, char *why, size_t len)
{
	const struct loader_size *l = loader_size_of(t);

	if (!l || !l->key)
		return 0;
	snprintf(why, len, l->index ? "a u32 index, as the kernel requires"
				    : "a u32; the loader's own size is not in the object");
	return l->key;
}

/* The max_entries a loader-sized map gets, 0 where it must stay 0. */
static __u32 entries_for(enum bpf_map_type t, char *why, size_t len)
{
	int n;

	switch ((int)t) {
	case BPF_MAP_TYPE_SK_STORAGE:
	case BPF_MAP_TYPE_INODE_STORAGE:
	case BPF_MAP_TYPE_TASK_STORAGE:
	case BV_MAP_TYPE_CGRP_STORAGE:
	case BPF_MAP_TYPE_CGROUP_STORAGE:
	case BPF_MAP_TYPE_PERCPU_CGROUP_STORAGE:
	case BPF_MAP_TYPE_STRUCT_OPS:
		return 0;
	case BPF_MAP_TYPE_PERF_EVENT_ARRAY:
		n = libbpf_num_possible_cpus();
		snprintf(why, len, "one per possible CPU, as libbpf sizes it");
		return n > 0 ? n : 1;
	case BPF_MAP_TYPE_RINGBUF:
	case BPF_MAP_TYPE_USER_RINGBUF:
		snprintf(why, len, "one page");
		return sysconf(_SC_PAGESIZE);
	default:
		snprintf(why, len, "a small valid size");
		return 1;
	}
}

static const char *const size_names[3] = { "key_size", "value_size", "max_entries" };

void bv_loader_sizes(enum bpf_map_type t, __u32 flags, struct bv_sizes *z)
{
	__u32 n = 0;

	for (int i = 0; i < 3; i++) {
		z->why[i][0] = '\0';
		if (z->v[i])
			continue;
		if (i == 0)
			n = key_for(t, z->why[i], sizeof(z->why[i]));
		else if (i == 1)
			n = value_for(t, flags, z->why[i], sizeof(z->why[i]));
		else
			n = entries_for(t, z->why[i], sizeof(z->why[i]));
		if (n)
			z->v[i] = n;
		else
			z->why[i][0] = '\0';
	}
}

/* One report line per size changed: "WHAT: [inner map ]NAME 0 -> N (WHY)". */
void bv_record_sizes(struct bv_object *o, const struct bv_sizes *z,
		     const char *what, const char *inner)
{
	for (int i = 0; i < 3; i++)
		if (z->why[i][0])
			strlist_addf(&o->preps, "%s: %s%s 0 -> %u (%s)", what, inner,
				     size_names[i], z->v[i], z->why[i]);
}
