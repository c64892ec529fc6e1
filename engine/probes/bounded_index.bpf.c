/* The log2 histogram of libbpf-tools' *dist tools: a signed delta checked
 * >= 0, a unit chosen by a const volatile flag, the bucket clamped with
 * "if (slot >= MAX) slot = MAX - 1", then an atomic add into a global
 * array, in an out-of-line subprogram.  The verifier needs the clamp in the
 * code; with -fno-ssa-phiopt gcc-bpf 14 and 16 prove the bucket of a 32-bit
 * value below MAX through branches and thread the clamp away.  The unit is
 * a shift, not a division: gcc-bpf 12 turns the division into a libcall. */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

#define PROBE_SLOTS 32	/* as fsdist: the bucket of a 32-bit value is always below it */

struct probe_hist {
	__u32 slots[PROBE_SLOTS];
};

const volatile _Bool probe_in_ms = 0;
struct probe_hist probe_hists[2] = {};

/* The bucket: the highest bit set, found by halving the width (the
 * libbpf-tools bits.bpf.h way: a compare per step). */
#define PROBE_HALVE(mask, bits) \
	do { shift = (v > (mask)) << (bits); v >>= shift; r |= shift; } while (0)

static __always_inline __u64 probe_log2(__u32 v)
{
	__u32 shift, r = 0;

	PROBE_HALVE(0xFFFF, 4);
	PROBE_HALVE(0xFF, 3);
	PROBE_HALVE(0xF, 2);
	PROBE_HALVE(0x3, 1);
	return r | (v >> 1);
}

static __always_inline __u64 probe_log2l(__u64 v)
{
	__u32 hi = v >> 32;

	return hi ? probe_log2(hi) + 32 : probe_log2(v);
}

static __attribute__((noinline)) int probe_record(int op, __s64 delta)
{
	__u64 slot;

	if (delta < 0)
		return 0;
	if (probe_in_ms)
		slot = probe_log2l((__u64)delta >> 20);
	else
		slot = probe_log2l((__u64)delta >> 10);
	if (slot >= PROBE_SLOTS)
		slot = PROBE_SLOTS - 1;
	__sync_fetch_and_add(&probe_hists[op].slots[slot], 1);
	return 0;
}

SEC("tracepoint/syscalls/sys_exit_read")
int probe_bounded_index(__u64 *ctx)
{
	/* The start time: any 64-bit value (here the syscall's result). */
	return probe_record(1, (__s64)(bpf_ktime_get_ns() - ctx[2]));
}

char LICENSE[] SEC("license") = "GPL";
