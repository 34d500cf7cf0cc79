/* review.c — connect four's judge() for the game review (game.h).
 *
 * Level 4 (the default): every open column's exact score from the solver
 * (with the 7x6 opening book as its oracle), all of them within
 * C4_REVIEW_BUDGET nodes a ply (500 k: a game well within 2 s in the
 * page; when a column wins at once, only it and the column played); then
 * the judgement is exact (Pons' scores turned into outcomes and
 * distances, through search/exact.h). When the budget runs out, the board
 * does not fit the solver, or the level is 3 or lower: level 3's values
 * of the columns (8-ply alpha-beta), a found win or loss as chance 1 or 0,
 * else the evaluation v as the win chance 1 / (1 + e^(-v / 100)), not
 * exact.
 *
 * The solver's table (solver.h) keeps one session through a review's
 * plies: a ply that continues the game judged before (the same board and
 * one move more) finds the previous plies' work there, so a game costs
 * little more than its first positions. Any other position starts a new
 * session: a review's work depends only on its own moves.
 */
#include <string.h>

#include "ai.h"
#include "book.h"
#include "search/exact.h"

#ifndef C4_REVIEW_BUDGET
#define C4_REVIEW_BUDGET 500000LL
#endif
#define L3_SCALE 100.0

/* Pons' score of a move for the mover of s, as a value counting plies
 * from s, the move included. */
static qp_exact pons_value(const c4_state *s, int score)
{
    if (!score)
        return (qp_exact){0, -1};
    /* The winning stone is played on m stones, m of the winner's parity:
     * Pons' score is (W*H + 1 - m) / 2, rounded down. */
    int m = s->w * s->h + 1 - 2 * (score > 0 ? score : -score);
    if ((m - s->n - (score > 0 ? 0 : 1)) % 2)
        m--;
    return (qp_exact){score > 0 ? 1 : -1, m + 1 - s->n};
}

/* The position judged last, to tell a review's next ply from another position. */
static c4_state judged;
static bool judged_valid;

static bool continues(const c4_state *s)
{
    bool next = judged_valid && s->w == judged.w && s->h == judged.h && s->n == judged.n + 1 &&
                !memcmp(s->moves, judged.moves, (size_t)judged.n);
    judged = *s;
    judged_valid = true;
    return next;
}

static bool exact_judge(const c4_state *s, int action, qp_judgement *j)
{
    int actions[C4_MAX_SIDE], n = 0, played = 0;
    qp_exact value[C4_MAX_SIDE];
    if (!c4_fits(s->w, s->h))
        return false;
    c4_pos p = connect4_solver_pos(s);
    if (s->w == C4BOOK_W && s->h == C4BOOK_H)
        c4_set_oracle(c4book_lookup, c4book_max_moves());
    else
        c4_set_oracle(NULL, 0);
    if (!continues(s))
        c4_new_session();
    c4_limits lim = {C4_REVIEW_BUDGET, 0, false};
    /* A win at once is the best there is: then only the move played needs
     * solving. */
    int win_now = -1;
    for (int c = 0; c < s->w && win_now < 0; c++)
        if (c4_can_play(&p, c) && c4_is_winning_move(&p, c))
            win_now = c;
    for (int c = 0; c < s->w; c++) {
        int score;
        if (!c4_can_play(&p, c) || (win_now >= 0 && c != win_now && c != action))
            continue;
        if (!c4_move_score(&p, c, &lim, &score))
            return false;
        if (c == action)
            played = n;
        actions[n] = c;
        value[n++] = pons_value(s, score);
    }
    qp_exact_judge(actions, value, n, played, j);
    return true;
}

static double chance(int v)
{
    if (v > CONNECT4_L3_WIN - 100)
        return 1;
    if (v < -(CONNECT4_L3_WIN - 100))
        return 0;
    return qp_logistic(v / L3_SCALE);
}

bool c4_judge(const void *st, int action, int level, qp_judgement *j, qp_error *err)
{
    const c4_state *s = st;
    int values[C4_MAX_SIDE];
    long long nodes = 0;
    (void)err;
    if (level >= 4 && exact_judge(s, action, j))
        return true;
    connect4_level3_values(s, values, &nodes);
    int best = action;
    for (int c = 0; c < s->w; c++)
        if (values[c] > values[best])
            best = c;
    j->exact = false;
    j->best = best;
    j->before = chance(values[best]);
    j->after = chance(values[action]);
    j->missed_win = false;
    j->extra[0] = '\0';
    return true;
}
