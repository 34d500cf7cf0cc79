/* test.h — a tiny harness: CHECK counts, test_report() prints the closing
 * "N passed, N failed" line and gives the exit status: a failure, or no
 * check at all (a program whose tests were all left out proves nothing). */
#ifndef QP_TEST_H
#define QP_TEST_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int test_passed, test_failed;

#define CHECK(cond) check_((cond), #cond, __FILE__, __LINE__)
#define CHECK_STR(got, want) check_str_((got), (want), #got, __FILE__, __LINE__)
#define CHECK_INT(got, want)                                                                       \
    check_int_((long long)(got), (long long)(want), #got, __FILE__, __LINE__)

static inline int check_(int ok, const char *what, const char *file, int line)
{
    if (ok) {
        test_passed++;
    } else {
        test_failed++;
        fprintf(stderr, "FAIL %s:%d: %s\n", file, line, what);
    }
    return ok;
}

static inline int check_str_(const char *got, const char *want, const char *what, const char *file,
                             int line)
{
    int ok = got && want && !strcmp(got, want);
    if (!ok)
        fprintf(stderr, "FAIL %s:%d: %s is \"%s\", want \"%s\"\n", file, line, what,
                got ? got : "(null)", want ? want : "(null)");
    ok ? test_passed++ : test_failed++;
    return ok;
}

static inline int check_int_(long long got, long long want, const char *what, const char *file,
                             int line)
{
    if (got != want)
        fprintf(stderr, "FAIL %s:%d: %s is %lld, want %lld\n", file, line, what, got, want);
    got == want ? test_passed++ : test_failed++;
    return got == want;
}

/* Under valgrind (QIPAN_TEST_QUICK set) heavy loops run fewer rounds. */
static inline int test_rounds(int full, int quick)
{
    return getenv("QIPAN_TEST_QUICK") ? quick : full;
}

static inline int test_report(const char *name)
{
    printf("%s: %d passed, %d failed\n", name, test_passed, test_failed);
    if (test_passed + test_failed == 0)
        fprintf(stderr, "FAIL %s: no check ran\n", name);
    return test_failed || test_passed == 0 ? 1 : 0;
}

#endif
