/* util.h — text buffers, errors and number parsing shared by every module.
 *
 * Nothing here allocates: a qp_buf writes into memory the caller owns and
 * remembers when it ran out of room, so output is never silently cut.
 */
#ifndef QP_UTIL_H
#define QP_UTIL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#if defined(__GNUC__)
#define QP_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define QP_PRINTF(f, a)
#endif

/* A big table in static memory that a search clears and fills at every
 * move: on Linux it is aligned for, and asks for, 2 MiB pages
 * (qp_prefer_huge_pages), since in a fresh process (the CLI makes one a
 * move) faulting in 4 KiB pages one by one cost a tenth of a 300 ms move.
 * Elsewhere (wasm, where the worker keeps its memory) nothing changes. */
#if defined(__linux__) && !defined(__EMSCRIPTEN__)
#define QP_HUGE_ALIGNED __attribute__((aligned(1 << 21)))
#else
#define QP_HUGE_ALIGNED
#endif
/* Asks for huge pages over [p, p + size); it matters before the memory is
 * first touched, and asking again costs one system call (a hint: nothing
 * happens where the system has none). */
void qp_prefer_huge_pages(void *p, size_t size);

#define QP_ERROR_MAX 200

/* One line for the user saying what is wrong with their input. */
typedef struct {
    char msg[QP_ERROR_MAX];
} qp_error;

/* Sets the message (when err is not NULL) and returns false, so that a
 * parser can say `return qp_fail(err, "...")`. */
void qp_say(qp_error *err, const char *fmt, ...) QP_PRINTF(2, 3);
/* A macro, so that every reader (a static analyser too) sees it is false. */
#define qp_fail(...) (qp_say(__VA_ARGS__), false)

typedef struct {
    char *data;
    size_t cap;
    size_t len;
    bool overflow;
} qp_buf;

void qp_buf_init(qp_buf *b, char *mem, size_t cap);
void qp_bputc(qp_buf *b, char c);
void qp_bputs(qp_buf *b, const char *s);
void qp_bprintf(qp_buf *b, const char *fmt, ...) QP_PRINTF(2, 3);
/* Writes s as a JSON string literal (quotes included). */
void qp_bjson_str(qp_buf *b, const char *s);

/* Parses a whole decimal number in [lo, hi]; no sign, spaces or suffix. */
bool qp_parse_int(const char *s, long long lo, long long hi, long long *out);
/* Parses "WxH" with both sides in [lo, hi]; *end gets the first char after. */
bool qp_parse_dims(const char *s, int lo, int hi, int *w, int *h, const char **end);

/* Splits text on single spaces into at most max tokens (in place, in a copy
 * the caller provides). Returns the count, or -1 when there are more. */
int qp_split(char *text, char **tokens, int max);

/* Splits a list joined by sep ('.' in links, '\n' from the page) into
 * tokens, in place. An empty list has no token; an empty token (two seps
 * in a row, or one at either end) is refused, naming it, and so are more
 * than max. Returns the count, or -1 with err filled. */
int qp_split_list(char *list, char sep, char **tokens, int max, qp_error *err);

/* True when every byte is printable ASCII (the only alphabet of POS and
 * action strings); names the first bad byte in err otherwise. */
bool qp_check_ascii(const char *s, size_t max_len, const char *what, qp_error *err);

/* A monotonic clock in milliseconds: for --time budgets and reports only,
 * never for anything that must be deterministic. */
double qp_now_ms(void);

/* e^x and 1 / (1 + e^-x) from + - * / alone, so that the same input gives
 * the same bits natively and in wasm (libm's may differ in the last one). */
double qp_exp(double x);
double qp_logistic(double x);

#define QP_ARRAY_LEN(a) ((int)(sizeof(a) / sizeof((a)[0])))

#endif
