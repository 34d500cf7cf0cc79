/* greedy.c — beast level 1, the original's greedy rules in its order:
 * the safest capture of the highest value (or an even trade, or cat takes
 * dragon); else the most valuable threatened piece runs to safety; else a
 * step along the shortest safe path towards a piece it outranks; else a
 * random flip; else (where the original surrenders) its best capture or a
 * random move. It departs from the original's code only where that code
 * missed its own intent (beast.h). */
#include "think.h"

#include <string.h>

/* Whether the piece on `from`, once on `to` (a move or capture), could be
 * taken there (the original's isDotEat, on the board after the move). */
static bool unsafe_after(const uint8_t *cell, int from, int to)
{
    uint8_t b[BX_CELLS];
    memcpy(b, cell, BX_CELLS);
    b[to] = b[from];
    b[from] = BX_EMPTY;
    return bx_attacked(b, to, bx_colour(b[to]), bx_type(b[to]));
}

/* The original's reading order: row 8 first, a to d. */
static int reading_cell(int i) { return (BX_ROWS - 1 - i / BX_COLS) * BX_COLS + i % BX_COLS; }

static int rank_of(int code) { return BX_TYPES - bx_type(code); }

/* Captures in the original's order (each piece: up, down, left, right,
 * then the hawk's four lines), stably sorted by the target's HP. */
static int greedy_captures(const uint8_t *cell, int me, int *from, int *to)
{
    int n = 0;
    for (int i = 0; i < BX_CELLS; i++) {
        int s = reading_cell(i);
        if (!bx_is_up(cell[s]) || bx_colour(cell[s]) != me)
            continue;
        for (int d = 0; d < 8; d++) {
            int t = d < 4 ? bx_step(s, d) : bx_jump_target(cell, s, d - 4);
            if (t >= 0 && bx_can_capture(cell, s, t)) {
                from[n] = s;
                to[n++] = t;
            }
        }
    }
    for (int i = 1; i < n; i++) /* insertion sort: stable, by target HP */
        for (int j = i;
             j > 0 && BX_VALUE[bx_type(cell[to[j - 1]])] < BX_VALUE[bx_type(cell[to[j]])]; j--) {
            int f = from[j], t = to[j];
            from[j] = from[j - 1];
            to[j] = to[j - 1];
            from[j - 1] = f;
            to[j - 1] = t;
        }
    return n;
}

/* 2: the highest-ranked threatened piece with an empty neighbour runs to
 * the first neighbour (up, down, left, right) where it is safe. */
static int greedy_flee(const uint8_t *cell, int me)
{
    int runner = -1;
    for (int i = 0; i < BX_CELLS; i++) {
        int s = reading_cell(i), c = cell[s];
        if (!bx_is_up(c) || bx_colour(c) != me || !bx_attacked(cell, s, me, bx_type(c)))
            continue;
        bool room = false;
        for (int d = 0; d < 4; d++)
            room |= bx_step(s, d) >= 0 && cell[bx_step(s, d)] == BX_EMPTY;
        if (room && (runner < 0 || rank_of(c) > rank_of(cell[runner])))
            runner = s;
    }
    if (runner < 0)
        return -1;
    for (int d = 0; d < 4; d++) {
        int t = bx_step(runner, d);
        if (t >= 0 && cell[t] == BX_EMPTY && !unsafe_after(cell, runner, t))
            return bx_action(runner, t);
    }
    return -1;
}

/* The original's chase targets (getAiIsEatPlayer): a lower rank only, the
 * dragon not a cat, the cat only the dragon, the hawk nothing. */
static bool chases(int a, int t)
{
    if (a == BX_HAWK)
        return false;
    if (a == BX_CAT)
        return t == BX_DRAGON;
    return t > a && !(a == BX_DRAGON && t == BX_CAT);
}

/* BFS from `from` to `to` through empty cells (up, down, left, right
 * first found); fills path[0] = from ... path[len-1] = to. */
static int bfs_path(const uint8_t *cell, int from, int to, int *path_out)
{
    int parent[BX_CELLS], queue[BX_CELLS], head = 0, tail = 0;
    for (int i = 0; i < BX_CELLS; i++)
        parent[i] = -2;
    parent[from] = -1;
    queue[tail++] = from;
    while (head < tail && parent[to] == -2) {
        int s = queue[head++];
        for (int d = 0; d < 4; d++) {
            int t = bx_step(s, d);
            if (t < 0 || parent[t] != -2 || (cell[t] != BX_EMPTY && t != to))
                continue;
            parent[t] = s;
            queue[tail++] = t;
        }
    }
    if (parent[to] == -2)
        return 0;
    int len = 0, rev[BX_CELLS];
    for (int s = to; s >= 0; s = parent[s])
        rev[len++] = s;
    for (int i = 0; i < len; i++)
        path_out[i] = rev[len - 1 - i];
    return len;
}

/* 3: the shortest path (at least one step before the target) of one of
 * our pieces to an enemy piece it chases, safe at every cell after the
 * start; the piece takes its first step. */
static int greedy_chase(const uint8_t *cell, int me)
{
    int best_len = BX_CELLS + 1, action = -1;
    for (int i = 0; i < BX_CELLS; i++) {
        int s = reading_cell(i), c = cell[s];
        if (!bx_is_up(c) || bx_colour(c) != me)
            continue;
        for (int j = 0; j < BX_CELLS; j++) {
            int t = reading_cell(j), q = cell[t], p[BX_CELLS];
            if (!bx_is_up(q) || bx_colour(q) == me || !chases(bx_type(c), bx_type(q)))
                continue;
            int len = bfs_path(cell, s, t, p);
            if (len <= 2 || len >= best_len)
                continue;
            bool safe = true;
            for (int k = 1; k < len && safe; k++)
                safe = !unsafe_after(cell, s, p[k]);
            if (safe) {
                best_len = len;
                action = bx_action(s, p[1]);
            }
        }
    }
    return action;
}

const char *const bn_greedy_rules[] = {"capture", "flee", "chase", "flip", "fallback"};

int bn_greedy(const node *n, qp_rng *rng, int *rule)
{
    const uint8_t *cell = n->cell;
    int me = n->side, from[BX_CELLS * 8], to[BX_CELLS * 8], a;
    if (me >= 0) {
        int k = greedy_captures(cell, me, from, to);
        for (int i = 0; i < k; i++)
            if (!unsafe_after(cell, from[i], to[i]) ||
                rank_of(cell[from[i]]) <= rank_of(cell[to[i]])) {
                *rule = 0;
                return bx_action(from[i], to[i]);
            }
        if ((a = greedy_flee(cell, me)) >= 0) {
            *rule = 1;
            return a;
        }
        if ((a = greedy_chase(cell, me)) >= 0) {
            *rule = 2;
            return a;
        }
    }
    if (n->n_down) {
        int pickn = (int)qp_rng_below(rng, n->n_down);
        *rule = 3;
        for (int s = 0; s < BX_CELLS; s++)
            if (cell[s] == BX_DOWN && pickn-- == 0)
                return bx_action(s, s);
    }
    /* The original surrenders here; we must act: its best capture, else a
     * random move (with no action at all the game is already lost). */
    *rule = 4;
    if (greedy_captures(cell, me, from, to))
        return bx_action(from[0], to[0]);
    int all[BX_CELLS * 8], m = bx_actions(cell, me, all);
    return all[qp_rng_below(rng, (uint32_t)m)];
}
