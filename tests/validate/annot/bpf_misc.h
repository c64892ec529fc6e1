/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The test tags of the kernel's selftests (tools/testing/selftests/bpf/
 * progs/bpf_misc.h), written here for bpfbuild's tests: each tag is a BTF
 * decl tag "comment:..." on the program's function.  TAG_STYLE picks how
 * the kernel has spelled them: 0 (7.x) "comment:N:TAG", N the __COUNTER__;
 * 1 (6.12 to 7.0) "comment:TAG", messages "comment:test_expect_msg=N=MSG";
 * 2 (before 6.12) "comment:TAG" and messages as they are.
 */
#ifndef TEST_TAGS_H
#define TEST_TAGS_H

#define STR_(x) #x
#define XSTR_(x) STR_(x)

#ifndef TAG_STYLE
#define TAG_STYLE 0
#endif

#if TAG_STYLE == 0
#define TEST_TAG(t) __attribute__((btf_decl_tag("comment:" XSTR_(__COUNTER__) ":" t)))
#define MSG_TAG(kind, m) TEST_TAG(kind "=" m)
#elif TAG_STYLE == 1
#define TEST_TAG(t) __attribute__((btf_decl_tag("comment:" t)))
#define MSG_TAG(kind, m) TEST_TAG(kind "=" XSTR_(__COUNTER__) "=" m)
#else
#define TEST_TAG(t) __attribute__((btf_decl_tag("comment:" t)))
#define MSG_TAG(kind, m) TEST_TAG(kind "=" m)
#endif

#define __success		TEST_TAG("test_expect_success")
#define __failure		TEST_TAG("test_expect_failure")
#define __msg(m)		MSG_TAG("test_expect_msg", m)
#define __not_msg(m)		MSG_TAG("test_expect_not_msg", m)
#define __regex(m)		MSG_TAG("test_expect_regex", m)
#define __retval(v)		TEST_TAG("test_retval=" #v)
#define __flag(f)		TEST_TAG("test_prog_flags=" #f)
#define __log_level(l)		TEST_TAG("test_log_level=" #l)
#define __description(d)	TEST_TAG("test_description=" d)
#define __arch_arm64		TEST_TAG("test_arch=ARM64")
#define __success_unpriv	TEST_TAG("test_expect_success_unpriv")
#define __failure_unpriv	TEST_TAG("test_expect_failure_unpriv")
#define __msg_unpriv(m)		MSG_TAG("test_expect_msg_unpriv", m)

#endif
