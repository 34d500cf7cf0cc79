/* engine_calls.h — the game tests' text calls through the engine layer.
 * Each answers with the engine's text, or "error: MESSAGE", in out_mem,
 * valid until the next call. Define `g`, the game under test, before
 * including this file. */
#ifndef QP_ENGINE_CALLS_H
#define QP_ENGINE_CALLS_H

#include <stdio.h>

#include "engine.h"

static char out_mem[1 << 16];

/* A call that takes a POS: qp_engine_status, _legal, _describe... */
static inline const char *run(bool (*f)(const qp_game *, const char *, qp_buf *, qp_error *),
                              const char *pos)
{
    qp_buf b;
    qp_error err;
    qp_buf_init(&b, out_mem, sizeof out_mem);
    if (!f(g, pos, &b, &err))
        snprintf(out_mem, sizeof out_mem, "error: %s", err.msg);
    return out_mem;
}

/* The AI's action at a level and seed; info (may be NULL) gets its note. */
static inline const char *ai_move_info(const char *pos, int level, uint64_t seed, qp_ai_info *info)
{
    qp_ai_opts o = {level, seed, 0};
    qp_buf b;
    qp_error err;
    qp_buf_init(&b, out_mem, sizeof out_mem);
    if (!qp_engine_ai(g, pos, &o, &b, info, &err))
        snprintf(out_mem, sizeof out_mem, "error: %s", err.msg);
    return out_mem;
}

static inline const char *ai_move(const char *pos, int level, uint64_t seed)
{
    return ai_move_info(pos, level, seed, NULL);
}

#endif
