/* ai.c — Pong Hau K'i's two computer levels and the analysis: 1 the
 * original's (leave the opponent stuck, else random), 2 perfect
 * under the draw rules. */
#include "ai.h"

/* ---- Level 2: exact search with the draw rules.
 * The future depends on the history only through the repetition counts,
 * and plies are few (40) with at most two moves each, so a plain search
 * with alpha-beta on the win/draw/loss margin is exact and fast. */

static int search(const phq_state *s, int alpha, int beta, long long *nodes)
{
    (*nodes)++;
    qp_status st = phq_status(s);
    if (st.phase == QP_WIN)
        return -100; /* the side to move is stuck: lost now */
    if (st.phase == QP_DRAW)
        return 0;
    int mask = phq_movable(s), best = -1000;
    for (int p = 0; p < PHQ_POINTS; p++) {
        if (!(mask >> p & 1))
            continue;
        phq_state child = *s;
        phq_apply(&child, p);
        /* A child value v becomes v -+ 1 here (one ply further away), so
         * widen the window by one on each side before recursing. */
        int v = -search(&child, -(beta + 1), -(alpha - 1), nodes);
        v += v > 0 ? -1 : v < 0 ? 1 : 0;
        if (v > best)
            best = v;
        if (best > alpha)
            alpha = best;
        if (alpha >= beta)
            break;
    }
    return best;
}

int ponghauqi_value(const void *st, long long *nodes)
{
    long long scratch = 0;
    return search(st, -1000, 1000, nodes ? nodes : &scratch);
}

static int move_value(const phq_state *s, int p, long long *nodes)
{
    phq_state child = *s;
    phq_apply(&child, p);
    int v = -search(&child, -1000, 1000, nodes);
    return v + (v > 0 ? -1 : v < 0 ? 1 : 0);
}

bool phq_ai(const void *st, const qp_ai_opts *opts, int *action, qp_ai_info *info, qp_error *err)
{
    const phq_state *s = st;
    qp_rng rng;
    int moves[PHQ_POINTS], good[PHQ_POINTS], n_good = 0;
    int n = phq_legal(s, moves, PHQ_POINTS);
    (void)err;
    qp_rng_seed(&rng, opts->seed);
    if (opts->level == 1) {
        for (int i = 0; i < n; i++) {
            phq_state child = *s;
            phq_apply(&child, moves[i]);
            if (!phq_movable(&child))
                good[n_good++] = moves[i];
        }
    } else {
        int best = -1000;
        for (int i = 0; i < n; i++) {
            int v = move_value(s, moves[i], &info->nodes);
            if (v > best) {
                best = v;
                n_good = 0;
            }
            if (v == best)
                good[n_good++] = moves[i];
        }
        info->has_score = true;
        info->score = best;
    }
    if (n_good)
        *action = good[qp_rng_below(&rng, (uint32_t)n_good)];
    else
        *action = moves[qp_rng_below(&rng, (uint32_t)n)];
    return true;
}

bool phq_analyze(const void *st, const qp_ai_opts *opts, qp_buf *out, qp_error *err)
{
    const phq_state *s = st;
    int moves[PHQ_POINTS];
    long long nodes = 0;
    (void)opts;
    (void)err;
    int n = phq_legal(s, moves, PHQ_POINTS);
    qp_bputs(out, "{\"moves\":{");
    for (int i = 0; i < n; i++)
        qp_bprintf(out, "%s\"%c\":%d", i ? "," : "", 'A' + moves[i],
                   move_value(s, moves[i], &nodes));
    qp_bputs(out, "}}");
    return true;
}
