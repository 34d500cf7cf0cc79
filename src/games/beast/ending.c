/* ending.c — level 3 (and the hint, and the review) at the root of a
 * position the endgame tables hold (every piece face up, at most
 * BT_MAX_PIECES: endgame.h): no search, every root action valued by the
 * tables with the no-progress counter as it stands (think.h).
 *
 * - A win: WIN - 1 - the plies to the end along the tables' line after
 *   it (endgame.h's bt_distance), for the actions that bring the next
 *   capture closer (a capture that keeps the win, or a quiet move one
 *   step down the DTZ): no position of such a way ever comes back, so
 *   the win cannot slip into a repetition. A win that does not hurry
 *   scores just above WIN_BOUND.
 * - A loss: the longest way to the end is the least bad (-WIN + 1 +
 *   plies).
 * - A draw: the caller's value of a draw, plus one point for each reply
 *   that would lose the opponent the game (a draw with traps in it).
 * - A quiet move to a position that occurred twice already since the
 *   last capture (the game's LOG and the root: `seen`) is a draw by the
 *   third occurrence, whatever the tables say.
 */
#include "endgame.h"
#include "think.h"

/* How many times the position of hash h has occurred among seen[0..n). */
static int occurrences(uint64_t h, const uint64_t *seen, int n)
{
    int k = 0;
    for (int i = 0; i < n; i++)
        k += seen[i] == h;
    return k;
}

/* Whether a move took the opponent's last piece. */
static bool took_last(const node *c) { return !has_pieces(c, c->side); }

/* The replies from c (the opponent to move) that lose it the game. */
static int traps(const node *c)
{
    int actions[BX_CELLS * 8], n = bx_actions(c->cell, c->side, actions), k = 0;
    for (int i = 0; i < n; i++) {
        node g = *c;
        bt_value v;
        node_move(&g, bx_from(actions[i]), bx_to(actions[i]));
        k += !took_last(&g) && bt_probe(g.cell, g.side, g.plies, &v) && v.outcome > 0;
    }
    return k;
}

/* The outcome of action a at n for its mover; c gets the position after
 * it and v its value for the opponent (outcome 0 where the move took the
 * last piece or repeats). */
static int outcome_of(const node *n, int a, const uint64_t *seen, int n_seen, node *c, bt_value *v)
{
    *c = *n;
    *v = (bt_value){0, 0};
    node_move(c, bx_from(a), bx_to(a));
    if (took_last(c))
        return 1;
    if ((c->plies && occurrences(c->hash, seen, n_seen) >= 2) ||
        !bt_probe(c->cell, c->side, c->plies, v)) /* the probe fails only if memory does */
        return 0;
    return -v->outcome;
}

int bn_table_outcome(const node *n, int a, const uint64_t *seen, int n_seen, int *plies)
{
    node c;
    bt_value v;
    int outcome = outcome_of(n, a, seen, n_seen, &c, &v);
    *plies = !outcome ? -1 : took_last(&c) ? 1 : 1 + bt_distance(c.cell, c.side, c.plies);
    return outcome;
}

/* The value of root action a for the side to move at n, valued `here`. */
static int table_value(const node *n, int a, const bt_value *here, const uint64_t *seen, int n_seen,
                       int draw)
{
    node c;
    bt_value v;
    int outcome = outcome_of(n, a, seen, n_seen, &c, &v);
    if (took_last(&c))
        return WIN - 1;
    if (outcome == 0) /* traps, unless the move ends the game there (a third occurrence) */
        return draw + (occurrences(c.hash, seen, n_seen) < 2 || !c.plies ? traps(&c) : 0);
    int plies = 1 + bt_distance(c.cell, c.side, c.plies);
    if (outcome < 0)
        return -WIN + plies;
    bool hurries = !c.plies || (here->outcome > 0 && v.zeroing == here->zeroing - 1);
    return hurries ? WIN - plies : WIN_BOUND + 1;
}

bool bn_table_root(const node *n, const uint64_t *seen, int n_seen, int draw, root_result *r)
{
    bt_value here;
    if (n->side < 0 || n->n_down || !bt_probe(n->cell, n->side, n->plies, &here))
        return false;
    r->best = 0;
    for (int i = 0; i < r->count; i++) {
        root_move *m = &r->moves[i];
        m->score = table_value(n, m->action, &here, seen, n_seen, draw);
        m->last_depth = 1;
        if (m->score > r->moves[r->best].score)
            r->best = i;
    }
    r->depth = 1;
    r->tables = true;
    return true;
}
