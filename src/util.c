/* clock_gettime (POSIX) and madvise (Linux), hidden by -std=c11 otherwise. */
#define _DEFAULT_SOURCE // NOLINT(bugprone-reserved-identifier): a feature-test macro
#include "util.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#if defined(__linux__) && !defined(__EMSCRIPTEN__)
#include <sys/mman.h>
#endif

void qp_say(qp_error *err, const char *fmt, ...)
{
    if (err) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err->msg, sizeof err->msg, fmt, ap);
        va_end(ap);
    }
}

void qp_buf_init(qp_buf *b, char *mem, size_t cap)
{
    b->data = mem;
    b->cap = cap;
    b->len = 0;
    b->overflow = cap == 0;
    if (cap)
        mem[0] = '\0';
}

void qp_bputc(qp_buf *b, char c)
{
    if (b->len + 1 >= b->cap) {
        b->overflow = true;
        return;
    }
    b->data[b->len++] = c;
    b->data[b->len] = '\0';
}

void qp_bputs(qp_buf *b, const char *s)
{
    while (*s)
        qp_bputc(b, *s++);
}

void qp_bprintf(qp_buf *b, const char *fmt, ...)
{
    if (b->overflow)
        return;
    va_list ap;
    va_start(ap, fmt);
    size_t room = b->cap - b->len;
    int n = vsnprintf(b->data + b->len, room, fmt, ap);
    va_end(ap);
    if (n < 0 || (size_t)n >= room) {
        b->overflow = true;
        b->data[b->len] = '\0';
        return;
    }
    b->len += (size_t)n;
}

void qp_bjson_str(qp_buf *b, const char *s)
{
    qp_bputc(b, '"');
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\') {
            qp_bputc(b, '\\');
            qp_bputc(b, (char)c);
        } else if (c < 0x20) {
            qp_bprintf(b, "\\u%04x", c);
        } else {
            qp_bputc(b, (char)c);
        }
    }
    qp_bputc(b, '"');
}

bool qp_parse_int(const char *s, long long lo, long long hi, long long *out)
{
    if (!s || !*s)
        return false;
    unsigned long long v = 0;
    for (const char *p = s; *p; p++) {
        if (*p < '0' || *p > '9')
            return false;
        if (v > 1000000000000000000ULL)
            return false; /* far beyond any range we accept */
        v = v * 10 + (unsigned long long)(*p - '0');
    }
    if (v > (unsigned long long)hi || (long long)v < lo)
        return false;
    *out = (long long)v;
    return true;
}

static bool parse_small(const char **p, int *out)
{
    int v = 0, digits = 0;
    while (**p >= '0' && **p <= '9' && digits < 4) {
        v = v * 10 + (**p - '0');
        (*p)++;
        digits++;
    }
    *out = v;
    return digits > 0 && !(**p >= '0' && **p <= '9');
}

bool qp_parse_dims(const char *s, int lo, int hi, int *w, int *h, const char **end)
{
    const char *p = s;
    int a, b;
    if (!parse_small(&p, &a) || (*p != 'x' && *p != 'X'))
        return false;
    p++;
    if (!parse_small(&p, &b))
        return false;
    if (a < lo || a > hi || b < lo || b > hi)
        return false;
    *w = a;
    *h = b;
    if (end)
        *end = p;
    return true;
}

int qp_split(char *text, char **tokens, int max)
{
    int n = 0;
    char *p = text;
    while (*p) {
        while (*p == ' ')
            p++;
        if (!*p)
            break;
        if (n == max)
            return -1;
        tokens[n++] = p;
        while (*p && *p != ' ')
            p++;
        if (*p)
            *p++ = '\0';
    }
    return n;
}

int qp_split_list(char *list, char sep, char **tokens, int max, qp_error *err)
{
    int n = 0;
    if (!*list)
        return 0;
    for (;;) {
        char *end = strchr(list, sep);
        if (n == max) {
            qp_say(err, "too many moves (over %d)", max);
            return -1;
        }
        if (end == list || !*list) {
            qp_say(err, "move %d is empty", n + 1);
            return -1;
        }
        tokens[n++] = list;
        if (!end)
            return n;
        *end = '\0';
        list = end + 1;
    }
}

bool qp_check_ascii(const char *s, size_t max_len, const char *what, qp_error *err)
{
    if (!s)
        return qp_fail(err, "missing %s", what);
    size_t i = 0;
    for (; s[i]; i++) {
        unsigned char c = (unsigned char)s[i];
        if (i >= max_len)
            return qp_fail(err, "%s is too long (over %zu characters)", what, max_len);
        if (c < 0x20 || c > 0x7e)
            return qp_fail(err,
                           "%s has a character that is not printable ASCII (byte 0x%02x at %zu)",
                           what, c, i + 1);
    }
    return true;
}

double qp_now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1000.0 + (double)ts.tv_nsec / 1e6;
}

double qp_exp(double x)
{
    if (x > 700)
        x = 700;
    if (x < -700)
        return 0;
    /* e^x = 2^k e^r with |r| <= ln2/2, then e^r by its series. */
    const double ln2 = 0.69314718055994530942;
    int k = (int)(x / ln2 + (x < 0 ? -0.5 : 0.5));
    double r = x - k * ln2, term = 1, sum = 1;
    for (int i = 1; i < 24; i++) {
        term *= r / i;
        sum += term;
    }
    for (; k > 0; k--)
        sum *= 2;
    for (; k < 0; k++)
        sum *= 0.5;
    return sum;
}

double qp_logistic(double x) { return 1 / (1 + qp_exp(-x)); }

void qp_prefer_huge_pages(void *p, size_t size)
{
#if defined(__linux__) && !defined(__EMSCRIPTEN__) && defined(MADV_HUGEPAGE)
    (void)madvise(p, size, MADV_HUGEPAGE);
#else
    (void)p;
    (void)size;
#endif
}
