/* rules.c — dark animal chess: the rules (rules.h) on a beast_state: the
 * deal, the status, the legal actions and their effect with the LOG for
 * repetitions, views and chance. Below the text (notation.c, describe.c)
 * and the table (game.c); it knows neither, nor the AI. */
#include "rules.h"

#include <string.h>

/* Pieces of each kind on the board, face-up or down. */
void beast_count_kinds(const beast_state *s, int *count)
{
    memset(count, 0, sizeof(int) * BX_KINDS);
    for (int sq = 0; sq < BX_CELLS; sq++)
        if (s->cell[sq] != BX_EMPTY && s->cell[sq] != BX_DOWN)
            count[bx_kind(s->cell[sq])]++;
    /* A view's face-down pieces are only counted in hidden[]. */
    for (int sq = 0; sq < BX_CELLS; sq++)
        if (s->cell[sq] == BX_DOWN) {
            for (int k = 0; k < BX_KINDS; k++)
                count[k] += s->hidden[k];
            break;
        }
}

int beast_hp(const beast_state *s, int colour)
{
    int count[BX_KINDS], hp = 0;
    beast_count_kinds(s, count);
    for (int t = 0; t < BX_TYPES; t++)
        hp += count[colour * BX_TYPES + t] * BX_VALUE[t];
    return hp;
}

static bool has_action(const beast_state *s)
{
    int actions[BX_CELLS * 8];
    return bx_actions(s->cell, s->to_move, actions) > 0;
}

int beast_repeats(const beast_state *s)
{
    uint8_t b[BX_CELLS];
    int side = s->to_move, n = 1;
    memcpy(b, s->cell, sizeof b);
    for (int i = s->n_moves - 1; i >= 0; i--) {
        b[s->move_from[i]] = b[s->move_to[i]];
        b[s->move_to[i]] = BX_EMPTY;
        side ^= 1;
        n += side == s->to_move && !memcmp(b, s->cell, sizeof b);
    }
    return n;
}

qp_status beast_status(const void *st)
{
    const beast_state *s = st;
    if (s->to_move < 0)
        return (qp_status){QP_TURN, QP_NOBODY, ""};
    if (beast_hp(s, s->to_move) == 0)
        return (qp_status){QP_WIN, 1 - s->to_move, "hp"};
    if (!has_action(s))
        return (qp_status){QP_WIN, 1 - s->to_move, "stuck"};
    if (beast_repeats(s) >= 3)
        return (qp_status){QP_DRAW, QP_NOBODY, "repetition"};
    if (s->plies >= BX_NO_PROGRESS)
        return (qp_status){QP_DRAW, QP_NOBODY, "no-progress"};
    return (qp_status){QP_TURN, s->to_move, ""};
}

/* ---- New game ---- */

bool beast_init(void *st, const char *params, uint64_t seed, qp_error *err)
{
    beast_state *s = st;
    if (params && *params)
        return qp_fail(err, "beast takes no params (got '%.40s')", params);
    memset(s, 0, sizeof *s);
    int n = 0;
    for (int k = 0; k < BX_KINDS; k++)
        for (int i = 0; i < BX_COUNT[k % BX_TYPES]; i++)
            s->cell[n++] = (uint8_t)(BX_DOWN_KNOWN + k);
    qp_rng rng;
    qp_rng_seed(&rng, seed);
    for (int i = BX_CELLS - 1; i > 0; i--) { /* Fisher-Yates */
        int j = (int)qp_rng_below(&rng, (uint32_t)i + 1);
        uint8_t t = s->cell[i];
        s->cell[i] = s->cell[j];
        s->cell[j] = t;
    }
    for (int k = 0; k < BX_KINDS; k++)
        s->hidden[k] = (uint8_t)BX_COUNT[k % BX_TYPES];
    s->to_move = -1;
    return true;
}

/* ---- Actions ---- */

int beast_legal(const void *st, int *actions, int cap)
{
    const beast_state *s = st;
    int all[BX_CELLS * 8];
    if (beast_status(s).phase != QP_TURN)
        return 0;
    int n = bx_actions(s->cell, s->to_move, all);
    if (n > cap)
        n = cap;
    memcpy(actions, all, sizeof(int) * (size_t)n);
    return n;
}

/* Turns the face-down piece on sq face-up as `kind` (a flip). */
static void reveal(beast_state *s, int sq, int kind)
{
    int flipper = s->to_move < 0 ? kind / BX_TYPES : s->to_move;
    s->cell[sq] = (uint8_t)bx_up(kind);
    s->hidden[kind]--;
    s->to_move = (int8_t)(flipper ^ 1);
    s->plies = 0;
    s->progress = BX_BY_FLIP;
    s->progress_from = s->progress_to = (uint8_t)sq;
    s->n_moves = 0;
}

void beast_apply(void *st, int action)
{
    beast_state *s = st;
    int from = bx_from(action), to = bx_to(action);
    if (from == to) {
        reveal(s, from, bx_kind(s->cell[from]));
        return;
    }
    if (s->cell[to] != BX_EMPTY) {
        s->progress = BX_BY_CAPTURE;
        s->progress_from = (uint8_t)from;
        s->progress_to = (uint8_t)to;
        s->progress_taken = s->cell[to];
        s->plies = 0;
        s->n_moves = 0;
    } else {
        /* In play, plies < 50, and the log has at most plies moves. */
        s->plies++;
        s->move_from[s->n_moves] = (uint8_t)from;
        s->move_to[s->n_moves++] = (uint8_t)to;
    }
    s->cell[to] = s->cell[from];
    s->cell[from] = BX_EMPTY;
    s->to_move ^= 1;
}

/* ---- Hidden information ---- */

void beast_observe(const void *st, int player, void *view)
{
    beast_state *v = view;
    (void)player; /* both players see the same: nothing is private */
    memcpy(v, st, sizeof *v);
    for (int sq = 0; sq < BX_CELLS; sq++)
        if (bx_is_down(v->cell[sq]))
            v->cell[sq] = BX_DOWN;
}

int beast_chance_outcomes(const void *view, int action, qp_chance *out, int cap)
{
    const beast_state *v = view;
    int n = 0;
    if (!bx_is_flip(action) || !bx_is_down(v->cell[bx_from(action)]))
        return 0;
    for (int k = 0; k < BX_KINDS && n < cap; k++)
        if (v->hidden[k])
            out[n++] = (qp_chance){k, v->hidden[k]};
    return n;
}

void beast_apply_outcome(void *view, int action, int outcome)
{
    reveal(view, bx_from(action), outcome);
}
