// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Prepare an object as its loader would before bpf_object__load(), so that
 * its programs reach the verifier (veristat's fixup_obj does the same, and
 * less):
 *  - the sizes a loader sets at run time (0 in the object) get valid ones
 *    (mapsize.c):
 *    max_entries one entry, one per possible CPU for perf-event arrays, one
 *    page for ring buffers (storage maps must stay at 0); a stack trace's
 *    value_size the kernel's stack depth in frames; the key and value of
 *    fd arrays 4 bytes; an array's or hash's key 4 and value 8 bytes;
 *  - an inner map defined in BTF (__array(values, ...)) with no size gets one;
 *    a map-in-map whose inner map the loader supplies gets a stand-in;
 *  - pinned maps are not pinned (a verifier run leaves nothing in bpffs);
 *  - a program whose loader sets its attach target (--attach-target, as
 *    bpf_program__set_attach_target()) gets that one;
 *  - a program whose attach target this kernel lacks is switched off, as its
 *    loader does: it gets the no-target verdict, not a rejection; a kprobe
 *    whose function it lacks still loads, and is verified.
 * Each preparation is reported once per object.
 */
#include <elf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <bpf/btf.h>

#include "bpf-validate.h"
#include "compat.h"

/* The stand-in for an inner map the loader supplies: a hash (what systemd's
 * restrict-fs gives, say) with a 4-byte key, the smallest real keys use,
 * and an 8-byte value that u32 and u64 reads fit. */
#define FAKE_INNER_KEY 4
#define FAKE_INNER_VALUE 8

static void size_map(struct bv_object *o, struct bpf_map *map,
		     const char *what, bool record)
{
	struct bv_sizes z = { .v = { bpf_map__key_size(map), bpf_map__value_size(map),
				  bpf_map__max_entries(map) } };

	bv_loader_sizes(bpf_map__type(map), bpf_map__map_flags(map), &z);
	/* libbpf refuses a change only to a map already created */
	if ((z.why[0][0] && bpf_map__set_key_size(map, z.v[0])) ||
	    (z.why[1][0] && bpf_map__set_value_size(map, z.v[1])) ||
	    (z.why[2][0] && bpf_map__set_max_entries(map, z.v[2])))
		return;
	if (record)
		bv_record_sizes(o, &z, what, "");
}

static bool is_map_in_map(enum bpf_map_type t)
{
	return t == BPF_MAP_TYPE_ARRAY_OF_MAPS || t == BPF_MAP_TYPE_HASH_OF_MAPS;
}

/* An inner map for MAP, of TYPE and sizes, kept open until the object is
 * freed (libbpf does not own it); libbpf then drops its own inner map
 * definition.  0 on success. */
static int give_inner(struct bv_object *o, struct bpf_map *map,
		      enum bpf_map_type type, __u32 key, __u32 value,
		      __u32 entries, __u32 flags)
{
	LIBBPF_OPTS(bpf_map_create_opts, mo, .map_flags = flags);
	int fd = bpf_map_create(type, "bv_inner", key, value, entries, &mo);
	int *v;

	if (fd < 0)
		return -1;
	v = realloc(o->inner_fds, (o->ninner_fds + 1) * sizeof(*v));
	if (!v) {
		close(fd);
		return -1;
	}
	o->inner_fds = v;
	o->inner_fds[o->ninner_fds++] = fd;
	return bpf_map__set_inner_map_fd(map, fd);
}

/* A map-in-map: an inner map defined in BTF without a size is created with
 * one (libbpf cannot resize an inner map: it has no object); one left to
 * the loader gets a stand-in. */
static void prepare_inner(struct bv_object *o, struct bpf_map *map,
			  const char *what, bool record)
{
	struct bpf_map *inner = bpf_map__inner_map(map);
	struct bv_sizes z;

	if (!inner) {
		if (!give_inner(o, map, BPF_MAP_TYPE_HASH, FAKE_INNER_KEY,
				FAKE_INNER_VALUE, 1, 0) && record)
			strlist_addf(&o->preps, "%s: inner map left to the loader; a stand-in hash (key %d, value %d bytes) used",
				     what, FAKE_INNER_KEY, FAKE_INNER_VALUE);
		return;
	}
	z = (struct bv_sizes){ .v = { bpf_map__key_size(inner), bpf_map__value_size(inner),
				   bpf_map__max_entries(inner) } };
	bv_loader_sizes(bpf_map__type(inner), bpf_map__map_flags(inner), &z);
	if (!z.why[0][0] && !z.why[1][0] && !z.why[2][0])
		return;
	if (!give_inner(o, map, bpf_map__type(inner), z.v[0], z.v[1], z.v[2],
			bpf_map__map_flags(inner)) && record)
		bv_record_sizes(o, &z, what, "inner map ");
}

static void prepare_maps(struct bv_object *o, struct bpf_object *obj,
			 bool record)
{
	struct bpf_map *map;

	bpf_object__for_each_map(map, obj) {
		const char *name = bpf_map__name(map);
		char *what = xasprintf("map %s", name);

		if (bpf_map__pin_path(map)) {
			if (record)
				strlist_addf(&o->preps, "%s: not pinned at %s (a verifier run leaves nothing in bpffs)",
					     what, bpf_map__pin_path(map));
			bpf_map__set_pin_path(map, NULL);
		}
		size_map(o, map, what, record);
		if (is_map_in_map(bpf_map__type(map)))
			prepare_inner(o, map, what, record);
		free(what);
	}
}

/* The attach target follows the first '/', as in libbpf's SEC() names;
 * "+OFFSET" of a kprobe is not part of it. */
static char *target_of(const char *section)
{
	const char *s = strchr(section, '/');
	char *t;

	if (!s || !s[1])
		return NULL;
	t = xstrdup(s + 1);
	t[strcspn(t, "+")] = '\0';
	return t;
}

/* A kprobe of a kernel function (not a uprobe, kprobe.multi glob or ksyscall
 * name, which share the type): its loader may name the function at attach
 * time (bpf_program__attach_kprobe()), so SEC("kprobe") may name none. */
static bool is_kprobe(struct bpf_program *prog)
{
	const char *s = bpf_program__section_name(prog);

	return bpf_program__type(prog) == BPF_PROG_TYPE_KPROBE &&
	       (!strcmp(s, "kprobe") || !strcmp(s, "kretprobe") ||
		!strncmp(s, "kprobe/", 7) || !strncmp(s, "kretprobe/", 10));
}

/* 1 if the kernel has the target, 0 if not, -1 if unknown or not checked. */
static int has_target(struct bpf_program *prog, const char *target,
		      const char **kind)
{
	const char *prefix = "";
	int btf_kind = BTF_KIND_FUNC;
	char *name;
	int ret;

	if (is_kprobe(prog)) {
		*kind = "kernel function";
		return bv_kernel_has_symbol(target);
	}
	if (bpf_program__type(prog) != BPF_PROG_TYPE_TRACING &&
	    bpf_program__type(prog) != BPF_PROG_TYPE_LSM)
		return -1;
	if (strchr(target, ':'))	/* module:function: libbpf decides */
		return -1;
	*kind = "BTF function";
	switch (bpf_program__expected_attach_type(prog)) {
	case BPF_TRACE_FENTRY:
	case BPF_TRACE_FEXIT:
	case BPF_MODIFY_RETURN:
		break;
	case BPF_LSM_MAC:
	case BPF_LSM_CGROUP:
		prefix = "bpf_lsm_";
		*kind = "LSM hook";
		break;
	case BPF_TRACE_RAW_TP:
		prefix = "btf_trace_";
		btf_kind = BTF_KIND_TYPEDEF;
		*kind = "BTF tracepoint";
		break;
	case BPF_TRACE_ITER:
		prefix = "bpf_iter_";
		*kind = "iterator";
		break;
	default:
		return -1;
	}
	name = xasprintf("%s%s", prefix, target);
	ret = bv_kernel_has_btf(name, btf_kind);
	free(name);
	return ret;
}

/* --attach-target PROG=FUNC's FUNC for NAME, or NULL; a later one wins. */
static const char *declared_target(const struct bv_opts *opts,
				   const char *name)
{
	const char *t = NULL;
	size_t len = strlen(name);

	for (size_t i = 0; i < opts->ntargets; i++)
		if (!strncmp(opts->targets[i], name, len) &&
		    opts->targets[i][len] == '=')
			t = opts->targets[i] + len + 1;
	return t;
}

/* The loader's own target for P, as it sets it: fentry, fexit, fmod_ret,
 * lsm, tp_btf and iter programs through bpf_program__set_attach_target()
 * (bv_prepare), before load; a kprobe's function only at attach time
 * (libbpf would give a kprobe an attach BTF id, which the kernel refuses
 * with EINVAL), so for a kprobe it is only looked up.  NULL: the section's. */
static char *loader_target(struct bv_object *o, struct bv_prog *p,
			   struct bpf_program *prog, const char *decl)
{
	char *sec = target_of(p->section);
	enum bpf_prog_type t = bpf_program__type(prog);

	if (!is_kprobe(prog) && t != BPF_PROG_TYPE_TRACING &&
	    t != BPF_PROG_TYPE_LSM) {
		strlist_addf(&o->errors, "--attach-target %s=%s: programs of type %s take no attach target from their loader (kprobes, fentry, fexit, fmod_ret, lsm, tp_btf and iter programs do)",
			     p->name, decl, p->type);
		free(sec);
		return NULL;
	}
	strlist_addf(&o->preps, "program %s: attach target %s%s%s, as its loader sets it (--attach-target)%s",
		     p->name, decl, sec ? " instead of its section's " : "",
		     sec ? sec : "", is_kprobe(prog) ?
		     "; a kprobe's function is named at attach time, so it is only looked up" : "");
	if (!is_kprobe(prog))
		p->attach_target = xstrdup(decl);
	free(sec);
	return xstrdup(decl);
}

/* --attach-target PROG=F1|F2...: the first the kernel has, as a loader
 * that picks per kernel (fentry_can_attach(F1) ? F1 : F2); else F1, which
 * then names the missing target.  Allocated. */
static char *first_present(struct bv_object *o, struct bv_prog *p,
			   struct bpf_program *prog, const char *decl)
{
	const char *s = decl, *kind = "";

	for (;;) {
		const char *bar = strchr(s, '|');
		char *alt = bar ? xasprintf("%.*s", (int)(bar - s), s) : xstrdup(s);

		if (has_target(prog, alt, &kind)) {
			strlist_addf(&o->preps, "program %s: of the attach targets %s, this kernel has %s: the one its loader picks",
				     p->name, decl, alt);
			return alt;
		}
		free(alt);
		if (!bar)
			break;
		s = bar + 1;
	}
	return xasprintf("%.*s", (int)strcspn(decl, "|"), decl);
}

void bv_prepare_targets(struct bv_object *o, struct bpf_object *obj,
			const struct bv_opts *opts)
{
	struct bpf_program *prog;
	size_t i = 0;

	bpf_object__for_each_program(prog, obj) {
		struct bv_prog *p;
		const char *kind = "", *decl;
		char *target, *picked;

		if (i >= o->nprogs)
			break;
		p = &o->progs[i++];
		if (!p->known_section)
			continue;
		decl = declared_target(opts, p->name);
		picked = decl && strchr(decl, '|') ? first_present(o, p, prog, decl) : NULL;
		target = decl ? loader_target(o, p, prog, picked ? picked : decl) : target_of(p->section);
		free(picked);
		if (!target || has_target(prog, target, &kind)) {
			free(target);
			continue;
		}
		p->no_target = true;
		if (is_kprobe(prog)) {
			/* It loads without its function: verify it still. */
			p->absent = target;
			continue;
		}
		p->switched_off = true;
		p->error = xasprintf("the kernel has no attach target %s (%s); switched off, as its loader would",
				     target, kind);
		free(target);
	}
}

/* Switch off the programs that use a __ksym extern the kernel lacks; the
 * copy of the object returned has it weak (NULL: none is missing). */
void *bv_missing_externs(struct bv_object *o, const void *buf, size_t len)
{
	uint8_t *copy = NULL;

	for (size_t i = 0; i < o->nexterns; i++) {
		const struct bv_extern *x = &o->externs[i];
		uint8_t *info;

		if (x->weak || bv_kernel_has_btf(x->name, x->kind) != 0)
			continue;
		for (size_t k = 0; k < o->nprogs; k++) {
			struct bv_prog *p = &o->progs[k];

			if (!x->users[k] || p->no_target)
				continue;
			p->no_target = p->switched_off = true;
			p->error = xasprintf("the kernel has no %s %s (an extern __ksym); switched off, as its loader would",
					     x->kind == BTF_KIND_FUNC ? "kfunc" : "kernel variable",
					     x->name);
		}
		if (!copy) {
			copy = xcalloc(1, len);
			memcpy(copy, buf, len);
		}
		/* STB_WEAK: libbpf then leaves it unresolved instead of
		 * failing the whole object. */
		info = copy + x->sym_off + offsetof(Elf64_Sym, st_info);
		*info = ELF64_ST_INFO(STB_WEAK, ELF64_ST_TYPE(*info));
		strlist_addf(&o->preps, "extern %s: made weak, as the kernel lacks it (programs using it are switched off)",
			     x->name);
	}
	return copy;
}

void bv_prepare(struct bv_object *o, struct bpf_object *obj, bool record)
{
	struct bpf_program *prog;
	size_t i = 0;

	prepare_maps(o, obj, record);
	bpf_object__for_each_program(prog, obj) {
		struct bv_prog *p = i < o->nprogs ? &o->progs[i] : NULL;
		int err;

		i++;
		if (p && p->switched_off)
			bpf_program__set_autoload(prog, false);
		if (!p || p->switched_off || !p->attach_target)
			continue;
		err = bpf_program__set_attach_target(prog, 0, p->attach_target);
		if (err && record)
			strlist_addf(&o->preps, "program %s: libbpf cannot set its attach target %s (%s)",
				     p->name, p->attach_target, strerror(-err));
	}
}
