/* bpftool's vmlinux.h defines bool and the false/true enumerators itself;
 * in C23 those are keywords, so a C23-by-default compiler (GCC 16) needs
 * an older -std. These lines copy that shape. */
typedef _Bool bool;
enum {
	false = 0,
	true = 1,
};

__attribute__((section("xdp"), used))
int probe_vmlinux_std(void *ctx)
{
	bool pass = true;

	return pass ? 2 : 1;
}

__attribute__((section("license"), used))
char probe_license[] = "GPL";
