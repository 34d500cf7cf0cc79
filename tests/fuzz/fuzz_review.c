/* The game review's input (review.h): the first byte picks the level
 * (even: 1, odd: 2; the strong levels' reviews take too long a ply for
 * a fuzzer), the rest is the text (a link, an address or a record). Any text is
 * refused with a message, or begins a review whose steps (the first
 * FUZZ_REVIEW_PLIES of them, to keep each input quick) each write one ply
 * entry, and whose result is one JSON object that counts them. */
#include "fuzz.h"
#include "review.h"

#define FUZZ_REVIEW_PLIES 2

static char review_out[1 << 20];

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    qp_error err = {""};
    qp_buf b;
    if (size < 1)
        return 0;
    const char *level = data[0] & 1 ? "2" : "1";
    qp_buf_init(&b, review_out, sizeof review_out);
    if (!qp_review_begin(fuzz_string(data + 1, size - 1), level, &b, &err)) {
        FUZZ_ASSERT(err.msg[0] != '\0');
        return 0;
    }
    FUZZ_ASSERT(!strncmp(review_out, "{\"game\":", 8) && review_out[b.len - 1] == '}');
    int total = qp_review_total(), steps = total < FUZZ_REVIEW_PLIES ? total : FUZZ_REVIEW_PLIES;
    for (int i = 0; i < steps; i++) {
        qp_buf_init(&b, review_out, sizeof review_out);
        if (!qp_review_step(&b, &err)) {
            FUZZ_ASSERT(err.msg[0] != '\0');
            return 0;
        }
        FUZZ_ASSERT(!strncmp(review_out, "{\"ply\":", 7) && review_out[b.len - 1] == '}');
        FUZZ_ASSERT(qp_review_done() == i + 1);
    }
    if (steps == total) {
        qp_buf_init(&b, review_out, sizeof review_out);
        FUZZ_ASSERT(!qp_review_step(&b, &err) && err.msg[0] != '\0');
    }
    qp_buf_init(&b, review_out, sizeof review_out);
    FUZZ_ASSERT(qp_review_result(&b, &err));
    FUZZ_ASSERT(review_out[0] == '{' && review_out[b.len - 1] == '}');
    FUZZ_ASSERT(strstr(review_out, steps == total ? "\"complete\":true}" : "\"complete\":false}"));
    fuzz_sink += b.len;
    return 0;
}
