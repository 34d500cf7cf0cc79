/* fuzz.h — what the libFuzzer targets share: the input's first byte picks
 * a game from the registry, the rest is text or choices. Findings abort
 * (ASan/UBSan) or fail an invariant through FUZZ_ASSERT. */
#ifndef QP_FUZZ_H
#define QP_FUZZ_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine.h"

#define FUZZ_ASSERT(cond)                                                                          \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            fprintf(stderr, "invariant failed: %s (%s:%d)\n", #cond, __FILE__, __LINE__);          \
            abort();                                                                               \
        }                                                                                          \
    } while (0)

/* Results go here so that the optimiser keeps the code under test. */
static volatile size_t fuzz_sink;

static qp_state_mem fuzz_st, fuzz_st2;
static char fuzz_text[QP_TEXT_MAX + 1], fuzz_out[QP_TEXT_MAX * 4], fuzz_out2[QP_TEXT_MAX * 4];

static inline const qp_game *fuzz_game(const uint8_t **data, size_t *size)
{
    if (*size < 1)
        return NULL;
    const qp_game *g = qp_games[(*data)[0] % qp_game_count];
    (*data)++;
    (*size)--;
    return g;
}

/* The rest of the input as a C string (cut at QP_TEXT_MAX). */
static inline const char *fuzz_string(const uint8_t *data, size_t size)
{
    if (size > QP_TEXT_MAX)
        size = QP_TEXT_MAX;
    memcpy(fuzz_text, data, size);
    fuzz_text[size] = '\0';
    return fuzz_text;
}

/* Everything a valid state must satisfy, whatever produced it. */
static inline void fuzz_check_state(const qp_game *g, const void *st)
{
    static int actions[QP_MAX_ACTIONS];
    qp_buf b, b2;
    qp_error err;
    int n = g->legal(st, actions, QP_MAX_ACTIONS);
    qp_status s = g->status(st);
    FUZZ_ASSERT((s.phase == QP_TURN) == (n > 0));
    for (int i = 1; i < n; i++)
        FUZZ_ASSERT(actions[i - 1] < actions[i]);
    qp_buf_init(&b, fuzz_out, sizeof fuzz_out);
    g->format_pos(st, &b);
    FUZZ_ASSERT(!b.overflow);
    /* A formatted position reads back and formats the same. */
    FUZZ_ASSERT(qp_engine_load(g, fuzz_out, &fuzz_st2, &err));
    qp_buf_init(&b2, fuzz_out2, sizeof fuzz_out2);
    g->format_pos(&fuzz_st2, &b2);
    FUZZ_ASSERT(!strcmp(fuzz_out, fuzz_out2));
    qp_buf_init(&b, fuzz_out, sizeof fuzz_out);
    g->describe(st, &b);
    FUZZ_ASSERT(!b.overflow && fuzz_out[0] == '{');
    qp_buf_init(&b, fuzz_out, sizeof fuzz_out);
    g->show(st, &b);
    FUZZ_ASSERT(!b.overflow);
    if (g->observe) {
        g->observe(st, s.player >= 0 ? s.player : 0, &fuzz_st2);
        qp_buf_init(&b, fuzz_out, sizeof fuzz_out);
        g->format_pos(&fuzz_st2, &b);
        FUZZ_ASSERT(!b.overflow);
    }
    fuzz_sink += (size_t)n + b.len;
}

#endif
