/* ai.c — tic-tac-toe's three computer levels and the analysis: 1 random,
 * 2 the original's rules, 3 perfect play from exact values. */
#include "ai.h"

/* ---- Level 3: exact values, memoised by position (3^9 boards x 2 sides). */

static signed char memo_value[19683][2];
static bool memo_known[19683][2];

static int board_index(const ttt_state *s)
{
    int k = 0;
    for (int i = 0; i < 9; i++)
        k = k * 3 + s->cell[i];
    return k;
}

static int solve(const ttt_state *s, long long *nodes)
{
    int k = board_index(s);
    (*nodes)++;
    if (memo_known[k][s->to_move])
        return memo_value[k][s->to_move];
    int v;
    int empties = ttt_count(s, TTT_EMPTY);
    if (ttt_winner(s, NULL) != QP_NOBODY) {
        v = -10; /* the previous move won: lost now, 0 plies left */
    } else if (empties == 0) {
        v = 0;
    } else {
        v = -100;
        for (int i = 0; i < 9; i++) {
            if (s->cell[i] != TTT_EMPTY)
                continue;
            ttt_state child = *s;
            ttt_apply(&child, i);
            int c = -solve(&child, nodes);
            /* One ply further from the end: shrink the margin toward 0. */
            c += c > 0 ? -1 : c < 0 ? 1 : 0;
            if (c > v)
                v = c;
        }
    }
    memo_value[k][s->to_move] = (signed char)v;
    memo_known[k][s->to_move] = true;
    return v;
}

int tictactoe_value(const void *st)
{
    long long nodes = 0;
    return solve(st, &nodes);
}

/* Value of playing cell i, from the mover's side. */
static int move_value(const ttt_state *s, int i, long long *nodes)
{
    ttt_state child = *s;
    ttt_apply(&child, i);
    int c = -solve(&child, nodes);
    return c + (c > 0 ? -1 : c < 0 ? 1 : 0);
}

static int pick(qp_rng *rng, const int *cells, int n)
{
    return cells[qp_rng_below(rng, (uint32_t)n)];
}

/* How many of the opponent's replies to cell i lose for them: among equally
 * good moves, the one that sets the most traps for a fallible opponent. */
static int traps_after(const ttt_state *s, int i, long long *nodes)
{
    ttt_state child = *s;
    ttt_apply(&child, i);
    if (ttt_winner(&child, NULL) != QP_NOBODY)
        return 0;
    int traps = 0;
    for (int r = 0; r < 9; r++)
        if (child.cell[r] == TTT_EMPTY && move_value(&child, r, nodes) < 0)
            traps++;
    return traps;
}

static int perfect_move(const ttt_state *s, qp_rng *rng, qp_ai_info *info)
{
    int best[9], n = 0, best_v = -100, best_traps = -1;
    for (int i = 0; i < 9; i++) {
        if (s->cell[i] != TTT_EMPTY)
            continue;
        int v = move_value(s, i, &info->nodes);
        int traps = v >= best_v ? traps_after(s, i, &info->nodes) : 0;
        if (v > best_v || (v == best_v && traps > best_traps)) {
            best_v = v;
            best_traps = traps;
            n = 0;
        }
        if (v == best_v && traps == best_traps)
            best[n++] = i;
    }
    info->has_score = true;
    info->score = best_v;
    return pick(rng, best, n);
}

/* The cell completing a line with two of `who`'s stones, or -1. */
static int completing_cell(const ttt_state *s, int who)
{
    for (int i = 0; i < 8; i++) {
        int mine = 0, empty = -1;
        for (int j = 0; j < 3; j++) {
            int c = s->cell[TTT_LINES[i][j]];
            if (c == who)
                mine++;
            else if (c == TTT_EMPTY)
                empty = TTT_LINES[i][j];
        }
        if (mine == 2 && empty >= 0)
            return empty;
    }
    return -1;
}

/* The original's trap: the opponent holds two opposite corners around our
 * centre stone; taking a corner then loses, an edge holds. */
static bool opposite_corners_trap(const ttt_state *s, int me, int them)
{
    if (ttt_count(s, TTT_EMPTY) != 6 || s->cell[4] != me)
        return false;
    return (s->cell[0] == them && s->cell[8] == them) || (s->cell[2] == them && s->cell[6] == them);
}

static int rule_move(const ttt_state *s, qp_rng *rng)
{
    int me = s->to_move + 1, them = 2 - s->to_move;
    int c = completing_cell(s, me); /* attack */
    if (c < 0)
        c = completing_cell(s, them); /* defend */
    if (c >= 0)
        return c;
    if (s->cell[4] == TTT_EMPTY)
        return 4; /* first move, or the centre is still free */
    int cells[9], n = 0;
    if (opposite_corners_trap(s, me, them)) {
        static const int edges[4] = {1, 3, 5, 7};
        for (int i = 0; i < 4; i++)
            if (s->cell[edges[i]] == TTT_EMPTY)
                cells[n++] = edges[i];
        return pick(rng, cells, n);
    }
    /* Corner first: a pair of opposite corners both free. */
    if (s->cell[0] == TTT_EMPTY && s->cell[8] == TTT_EMPTY)
        return qp_rng_below(rng, 2) ? 8 : 0;
    if (s->cell[2] == TTT_EMPTY && s->cell[6] == TTT_EMPTY)
        return qp_rng_below(rng, 2) ? 6 : 2;
    /* Otherwise a free cell on as many lines still open to us as possible. */
    int best_lines = -1;
    for (int i = 0; i < 9; i++) {
        if (s->cell[i] != TTT_EMPTY)
            continue;
        int open = 0;
        for (int l = 0; l < 8; l++) {
            bool on = TTT_LINES[l][0] == i || TTT_LINES[l][1] == i || TTT_LINES[l][2] == i;
            bool blocked = s->cell[TTT_LINES[l][0]] == them || s->cell[TTT_LINES[l][1]] == them ||
                           s->cell[TTT_LINES[l][2]] == them;
            open += on && !blocked;
        }
        if (open > best_lines) {
            best_lines = open;
            n = 0;
        }
        if (open == best_lines)
            cells[n++] = i;
    }
    return pick(rng, cells, n);
}

bool ttt_ai(const void *st, const qp_ai_opts *opts, int *action, qp_ai_info *info, qp_error *err)
{
    const ttt_state *s = st;
    qp_rng rng;
    qp_rng_seed(&rng, opts->seed);
    (void)err;
    if (opts->level == 1) {
        int cells[9];
        int n = ttt_legal(s, cells, 9);
        *action = pick(&rng, cells, n);
    } else if (opts->level == 2) {
        *action = rule_move(s, &rng);
    } else {
        *action = perfect_move(s, &rng, info);
    }
    return true;
}

/* {"moves":{"1":score,...}}: the exact value of every free cell. */
bool ttt_analyze(const void *st, const qp_ai_opts *opts, qp_buf *out, qp_error *err)
{
    const ttt_state *s = st;
    long long nodes = 0;
    (void)opts;
    (void)err;
    qp_bputs(out, "{\"moves\":{");
    bool first = true;
    for (int i = 0; i < 9; i++) {
        if (s->cell[i] != TTT_EMPTY || ttt_status(s).phase != QP_TURN)
            continue;
        qp_bprintf(out, "%s\"%d\":%d", first ? "" : ",", i + 1, move_value(s, i, &nodes));
        first = false;
    }
    qp_bputs(out, "}}");
    return true;
}
