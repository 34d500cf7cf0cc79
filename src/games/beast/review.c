/* review.c — dark chess's judgement of a move for the game review
 * (ai.h's beast_ai_judge; game.c's judge hands it observe()'s view, so it
 * never sees a face-down piece).
 *
 * One search of the view at the review's level (level 3 on
 * BEAST_REVIEW_NODES a ply (15 k: a 100-ply game in under 2 s in the
 * page), level 2 as it plays) values every root
 * action (exact root, as in the analysis): a move by its minimax value, a
 * flip by its expectation over the hidden kinds that may come out. The
 * best action's value is the mover's before, the played action's its
 * after, each as a win chance: 1 or 0 beyond WIN_BOUND (a forced win or
 * loss), else 1 / (1 + e^(-v / BEAST_SCALE)), v in points (a cat about
 * 100). Not exact while a flip is to come (chance).
 *
 * Exact where the endgame tables hold the position (every piece face up,
 * at most BT_MAX_PIECES: endgame.h) and no position since the last
 * capture has occurred twice (where their value is the game's): win,
 * draw or loss before and after the move, and the plies to the end along
 * the tables' line (the page's "wins in N" counts the mover's moves of
 * it); the best action is level 3's, which plays that line (ending.c).
 */
#include "ai.h"
#include "endgame.h"
#include "think.h"

#ifndef BEAST_REVIEW_NODES
#define BEAST_REVIEW_NODES 15000
#endif
#define BEAST_SCALE 200.0

static double chance(int score)
{
    if (score > WIN_BOUND)
        return 1;
    if (score < -WIN_BOUND)
        return 0;
    return qp_logistic(score / BEAST_SCALE);
}

/* The root's value of action a: its own entry, or that of the isolated
 * flip that stands for it. */
static int root_score(const root_result *r, int a)
{
    int stand_for = a;
    for (int k = 0; bx_is_flip(a) && k < r->n_isolated; k++)
        if (r->isolated[k] == bx_from(a))
            stand_for = bx_action(r->isolated[0], r->isolated[0]);
    for (int i = 0; i < r->count; i++)
        if (r->moves[i].action == stand_for)
            return r->moves[i].score;
    return r->moves[r->best].score;
}

static double chance_of(int outcome) { return outcome > 0 ? 1 : outcome < 0 ? 0 : 0.5; }

/* The exact judgement by the endgame tables; false where they do not
 * hold the view or the game has a position twice since the last capture. */
static bool judge_exactly(const beast_state *view, const node *root, int action, qp_judgement *j)
{
    uint64_t seen[BX_NO_PROGRESS + 1];
    qp_rng rng;
    qp_ai_opts o = {3, 1, 0};
    if (root->n_down || root->side < 0 || !bt_covers(root->cell))
        return false;
    int n = bn_history(view, root, seen);
    for (int a = 0; a < n; a++)
        for (int b = a + 1; b < n; b++)
            if (seen[a] == seen[b])
                return false;
    qp_rng_seed(&rng, o.seed);
    j->best = bn_search(root, view, &o, false, &rng);
    if (!bn_result.tables)
        return false; /* memory ran out */
    j->exact = true;
    j->outcome_before = bn_table_outcome(root, j->best, seen, n, &j->dist_before);
    j->outcome_after = bn_table_outcome(root, action, seen, n, &j->dist_after);
    j->before = chance_of(j->outcome_before);
    j->after = chance_of(j->outcome_after);
    j->missed_win = j->outcome_before > 0 && j->outcome_after <= 0;
    return true;
}

void beast_ai_judge(const beast_state *view, int action, int level, qp_judgement *j)
{
    node root;
    qp_rng rng;
    qp_ai_opts o = {level >= 3 ? 3 : 2, 1, 0};
    bn_from_view(view, &root);
    if (judge_exactly(view, &root, action, j))
        return;
    beast_ai_tuning saved = beast_tuning;
    beast_tuning.nodes = BEAST_REVIEW_NODES;
    qp_rng_seed(&rng, o.seed);
    j->best = bn_search(&root, view, &o, true, &rng);
    beast_tuning = saved;
    const root_result *r = &bn_result;
    int best = root_score(r, j->best), played = root_score(r, action);
    j->exact = false;
    j->before = chance(best);
    j->after = chance(played);
    j->missed_win = best > WIN_BOUND && played <= WIN_BOUND;
    j->extra[0] = '\0';
}
