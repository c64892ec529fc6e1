// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * libFuzzer target for the engine's bpfbuild-btf-sort (build.sh btf-sort)
 * and its --canonical mode (build.sh btf-canon, FUZZ_CANONICAL=1): the
 * input is written to a memfd and the tool's own main() runs on it, with a
 * --prefix-map, its output going to /dev/null.  Whatever the bytes: exit 0
 * or one refusal, never a crash, an overrun or a leak.
 *
 * The tool is a one-shot process: it ends with exit(1) on bad input and
 * holds its buffers until then.  So its sources are included here with
 * exit() and the allocator renamed: exit() runs LSan's check where the
 * process would end (what the stack and the globals hold is reachable, as
 * at a real exit) and returns to this target, which then frees what the
 * tool still held and resets its globals for the next input.  The blocks
 * are tracked under a mask, so the tracking makes none of them reachable.
 * A check takes milliseconds: it runs once per end state (the exit status,
 * the refusal's text and the set of the allocation sites of the blocks
 * still live, as a leak belongs to a path, not to the bytes of one input),
 * and at every 64th end besides.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include <sanitizer/lsan_interface.h>

#define MASK ((uintptr_t)0x5a5a5a5a5a5a5a5aULL)
struct block { uintptr_t m, site; };	/* a masked pointer; its allocation site */
static struct block *live;	/* open addressing; m 0: empty */
static size_t nlive_slots, nlive;

static size_t slot_of(uintptr_t m)
{
	size_t i = (m * 0x9e3779b97f4a7c15ULL >> 20) & (nlive_slots - 1);

	while (live[i].m && live[i].m != m)
		i = (i + 1) & (nlive_slots - 1);
	return i;
}

static void track(void *p, void *site)
{
	if (!p)
		return;
	if (2 * (nlive + 1) > nlive_slots) {
		struct block *old = live;
		size_t n = nlive_slots;

		nlive_slots = n ? 2 * n : 1024;
		live = calloc(nlive_slots, sizeof(*live));
		if (!live)
			abort();
		for (size_t k = 0; k < n; k++)
			if (old[k].m)
				live[slot_of(old[k].m)] = old[k];
		free(old);
	}
	live[slot_of((uintptr_t)p ^ MASK)] = (struct block){ (uintptr_t)p ^ MASK, (uintptr_t)site };
	nlive++;
}

static void untrack(void *p)
{
	size_t i, j;

	if (!p)
		return;
	i = slot_of((uintptr_t)p ^ MASK);
	if (!live[i].m)
		abort();	/* the tool frees what it did not allocate */
	live[i].m = 0;
	nlive--;
	/* Re-insert the rest of the cluster (deletion in linear probing). */
	for (j = (i + 1) & (nlive_slots - 1); live[j].m; j = (j + 1) & (nlive_slots - 1)) {
		struct block b = live[j];

		live[j].m = 0;
		live[slot_of(b.m)] = b;
	}
}

#define SITE __builtin_return_address(0)
__attribute__((noinline)) static void *fz_malloc(size_t n)
{
	void *p = malloc(n);

	track(p, SITE);
	return p;
}

__attribute__((noinline)) static void *fz_calloc(size_t n, size_t s)
{
	void *p = calloc(n, s);

	track(p, SITE);
	return p;
}

static void fz_free(void *p)
{
	untrack(p);
	free(p);
}

__attribute__((noinline)) static void *fz_realloc(void *p, size_t n)
{
	void *q = realloc(p, n);

	if (q || !n) {
		untrack(p);
		track(q, SITE);
	}
	return q;
}

/* The end states already checked: the status and the set of the sites
 * (the tool has a few dozen) of the blocks still live. */
static uint64_t seen[4096];
static size_t nseen;

static uint64_t said;	/* a hash of what the tool wrote to stderr */
static unsigned long said_lines, ends;

static ssize_t say(void *cookie, const char *s, size_t n)
{
	(void)cookie;
	for (size_t i = 0; i < n; i++) {
		said = (said ^ (unsigned char)s[i]) * 0x100000001b3ULL;
		said_lines += s[i] == '\n';
	}
	return n;
}

static int new_end_state(int code)
{
	uintptr_t sites[256];
	size_t nsites = 0, k;
	uint64_t h = code + 1 + said * 31;

	for (size_t i = 0; i < nlive_slots; i++) {
		if (!live[i].m)
			continue;
		for (k = 0; k < nsites && sites[k] != live[i].site; k++)
			;
		if (k == nsites && nsites < sizeof(sites) / sizeof(*sites))
			sites[nsites++] = live[i].site;
	}
	for (k = 0; k < nsites; k++)	/* a sum: the set has no order */
		h += (sites[k] * 0x9e3779b97f4a7c15ULL) ^ (sites[k] >> 7);
	for (k = 0; k < nseen; k++)
		if (seen[k] == h)
			return ++ends % 64 == 0;
	ends++;
	if (nseen < sizeof(seen) / sizeof(*seen))
		seen[nseen++] = h;
	return 1;
}

static jmp_buf fz_done;
static FILE *fz_stderr;

_Noreturn static void fz_exit(int code)
{
	if (said_lines != (code != 0))
		abort();	/* a refusal is one line; a success says nothing */
	if (new_end_state(code) && __lsan_do_recoverable_leak_check())
		abort();
	longjmp(fz_done, code + 1);
}

#define malloc(n) fz_malloc(n)
#define calloc(n, s) fz_calloc(n, s)
#define realloc(p, n) fz_realloc(p, n)
#define free(p) fz_free(p)
#define exit(c) fz_exit(c)
#undef stderr
#define stderr fz_stderr		/* the refusals, hashed into said */
#define main btf_sort_main
#undef _POSIX_C_SOURCE
#include "bpfbuild-btf-read.c"
#undef _POSIX_C_SOURCE
#include "bpfbuild-btf-tool.c"
#undef _POSIX_C_SOURCE
#include "bpfbuild-btf-sort.c"
#undef _POSIX_C_SOURCE
#include "bpfbuild-btf-canon-str.c"
#undef _POSIX_C_SOURCE
#include "bpfbuild-btf-canon-key.c"
#undef _POSIX_C_SOURCE
#define map_ext canon_map_ext	/* a static of both files */
#include "bpfbuild-btf-canon.c"
#undef map_ext
#undef main
#undef exit
#undef free
#undef realloc
#undef calloc
#undef malloc

static char in_name[64];

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	int fd = memfd_create("fuzz.o", 0);

	(void)argc;
	(void)argv;
	fz_stderr = fopencookie(NULL, "w", (cookie_io_functions_t){ .write = say });
	if (fd < 0 || !fz_stderr || setvbuf(fz_stderr, NULL, _IONBF, 0))
		abort();
	snprintf(in_name, sizeof(in_name), "/proc/self/fd/%d", fd);
	return 0;
}

/* What the tool held at its end, freed; its globals as at a process start. */
static void reset(void)
{
	for (size_t i = 0; i < nlive_slots; i++)
		if (live[i].m) {
			free((void *)(live[i].m ^ MASK));
			live[i].m = 0;
		}
	nlive = 0;
	said = 0, said_lines = 0;
	in_path = NULL, buf = NULL, len = 0, big = 0;
	types = NULL, ntypes = 0, strs = NULL, str_len = 0, tail = NULL, remap = NULL;
	ty = NULL, nty = 0, s_base = s_len = 0, maps = NULL, nmaps = 0;
	out_str = NULL, out_str_len = out_str_cap = 0, slot_off = NULL, nslots = nused = 0;
	key = NULL, name = NULL, ext_words = NULL, n_ext_words = cap_ext_words = 0, ext_end = 0;
	shoff = shentsize = shnum = 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char map[] = "--prefix-map", old_new[] = "/src=.", canon[] = "--canonical";
	char prog[] = "bpfbuild-btf-sort", out[] = "/dev/null", *in = in_name;
	char *argv[] = { prog, FUZZ_CANONICAL ? canon : map, FUZZ_CANONICAL ? map : old_new,
			 FUZZ_CANONICAL ? old_new : in, FUZZ_CANONICAL ? in : out,
			 FUZZ_CANONICAL ? out : NULL, NULL };
	int fd = atoi(in_name + strlen("/proc/self/fd/"));

	if (ftruncate(fd, 0) || pwrite(fd, data, size, 0) != (ssize_t)size)
		abort();
	if (!setjmp(fz_done)) {
		btf_sort_main(FUZZ_CANONICAL ? 6 : 5, argv);
		fz_exit(0);	/* main returned: the process ends here */
	}
	reset();
	return 0;
}
