#include "tictactoe.h"

#include <string.h>

enum { EMPTY = 0, X = 1, O = 2 }; /* a cell holds player + 1 */

typedef struct {
    unsigned char cell[9];
    int to_move; /* 0 = x, 1 = o */
} ttt_state;

static const unsigned char LINES[8][3] = {
    {0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6}, {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6},
};
static const char SIDES[] = "xo";

/* The player (0/1) with three in a row, or QP_NOBODY; *line gets its index. */
static int winner_of(const ttt_state *s, int *line)
{
    for (int i = 0; i < 8; i++) {
        int a = s->cell[LINES[i][0]];
        if (a != EMPTY && a == s->cell[LINES[i][1]] && a == s->cell[LINES[i][2]]) {
            if (line)
                *line = i;
            return a - 1;
        }
    }
    return QP_NOBODY;
}

static int count_of(const ttt_state *s, int who)
{
    int n = 0;
    for (int i = 0; i < 9; i++)
        n += s->cell[i] == who;
    return n;
}

static qp_status ttt_status(const void *st)
{
    const ttt_state *s = st;
    int w = winner_of(s, NULL);
    if (w != QP_NOBODY)
        return (qp_status){QP_WIN, w, "line"};
    if (count_of(s, EMPTY) == 0)
        return (qp_status){QP_DRAW, QP_NOBODY, "full"};
    return (qp_status){QP_TURN, s->to_move, ""};
}

static bool ttt_init(void *st, const char *params, uint64_t seed, qp_error *err)
{
    ttt_state *s = st;
    (void)seed;
    memset(s, 0, sizeof *s);
    if (!params || !*params || !strcmp(params, "x"))
        s->to_move = 0;
    else if (!strcmp(params, "o"))
        s->to_move = 1;
    else
        return qp_fail(err, "bad tictactoe params '%.40s': use x or o (who moves first)", params);
    return true;
}

static bool ttt_parse_pos(void *st, const char *pos, qp_error *err)
{
    ttt_state *s = st;
    memset(s, 0, sizeof *s);
    if (strlen(pos) != 11 || pos[9] != ' ')
        return qp_fail(err, "bad tictactoe position '%.40s': want 9 cells (x o .), a space and "
                            "the side to move, like '......... x'", pos);
    for (int i = 0; i < 9; i++) {
        char c = pos[i];
        if (c != 'x' && c != 'o' && c != '.')
            return qp_fail(err, "bad tictactoe cell '%c' at %d: use x, o or .", c, i + 1);
        s->cell[i] = c == 'x' ? X : c == 'o' ? O : EMPTY;
    }
    if (pos[10] != 'x' && pos[10] != 'o')
        return qp_fail(err, "bad side to move '%c': use x or o", pos[10]);
    s->to_move = pos[10] == 'x' ? 0 : 1;

    /* Players alternate, so the side to move has placed as many stones as
     * the other side, or one fewer. */
    int mine = count_of(s, s->to_move + 1), theirs = count_of(s, 2 - s->to_move);
    if (theirs != mine && theirs != mine + 1)
        return qp_fail(err, "unreachable tictactoe position: %d x and %d o with %c to move",
                       count_of(s, X), count_of(s, O), pos[10]);
    for (int p = 0; p < 2; p++) {
        int hits = 0;
        for (int i = 0; i < 8; i++)
            hits += s->cell[LINES[i][0]] == p + 1 && s->cell[LINES[i][1]] == p + 1 &&
                    s->cell[LINES[i][2]] == p + 1;
        if (hits && p == s->to_move)
            return qp_fail(err, "unreachable tictactoe position: %c has three in a row but is "
                                "to move", SIDES[p]);
    }
    return true;
}

static void ttt_format_pos(const void *st, qp_buf *out)
{
    const ttt_state *s = st;
    for (int i = 0; i < 9; i++)
        qp_bputc(out, ".xo"[s->cell[i]]);
    qp_bputc(out, ' ');
    qp_bputc(out, SIDES[s->to_move]);
}

static int ttt_legal(const void *st, int *actions, int cap)
{
    const ttt_state *s = st;
    int n = 0;
    if (ttt_status(s).phase != QP_TURN)
        return 0;
    for (int i = 0; i < 9 && n < cap; i++)
        if (s->cell[i] == EMPTY)
            actions[n++] = i;
    return n;
}

static bool ttt_parse_action(const void *st, const char *text, int *action, qp_error *err)
{
    const ttt_state *s = st;
    if (strlen(text) != 1 || text[0] < '1' || text[0] > '9')
        return qp_fail(err, "bad tictactoe action '%.20s': use a cell number 1-9", text);
    int i = text[0] - '1';
    if (s->cell[i] != EMPTY)
        return qp_fail(err, "cell %c is taken", text[0]);
    *action = i;
    return true;
}

static void ttt_format_action(const void *st, int action, qp_buf *out)
{
    (void)st;
    qp_bputc(out, (char)('1' + action));
}

static void ttt_apply(void *st, int action)
{
    ttt_state *s = st;
    s->cell[action] = (unsigned char)(s->to_move + 1);
    s->to_move ^= 1;
}

static void ttt_show(const void *st, qp_buf *out)
{
    const ttt_state *s = st;
    for (int r = 0; r < 3; r++) {
        for (int c = 0; c < 3; c++)
            qp_bprintf(out, "%s%c", c ? " " : "", ".xo"[s->cell[r * 3 + c]]);
        qp_bprintf(out, "    %d %d %d\n", r * 3 + 1, r * 3 + 2, r * 3 + 3);
    }
}

static void ttt_describe(const void *st, qp_buf *out)
{
    const ttt_state *s = st;
    int line = -1;
    qp_bputs(out, "{\"cells\":\"");
    for (int i = 0; i < 9; i++)
        qp_bputc(out, ".xo"[s->cell[i]]);
    qp_bprintf(out, "\",\"turn\":\"%c\",\"line\":[", SIDES[s->to_move]);
    if (winner_of(s, &line) != QP_NOBODY)
        qp_bprintf(out, "%d,%d,%d", LINES[line][0], LINES[line][1], LINES[line][2]);
    qp_bputs(out, "]}");
}

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
    int empties = count_of(s, EMPTY);
    if (winner_of(s, NULL) != QP_NOBODY) {
        v = -10; /* the previous move won: lost now, 0 plies left */
    } else if (empties == 0) {
        v = 0;
    } else {
        v = -100;
        for (int i = 0; i < 9; i++) {
            if (s->cell[i] != EMPTY)
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
    if (winner_of(&child, NULL) != QP_NOBODY)
        return 0;
    int traps = 0;
    for (int r = 0; r < 9; r++)
        if (child.cell[r] == EMPTY && move_value(&child, r, nodes) < 0)
            traps++;
    return traps;
}

static int perfect_move(const ttt_state *s, qp_rng *rng, qp_ai_info *info)
{
    int best[9], n = 0, best_v = -100, best_traps = -1;
    for (int i = 0; i < 9; i++) {
        if (s->cell[i] != EMPTY)
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
            int c = s->cell[LINES[i][j]];
            if (c == who)
                mine++;
            else if (c == EMPTY)
                empty = LINES[i][j];
        }
        if (mine == 2 && empty >= 0)
            return empty;
    }
    return -1;
}

/* The article's trap: the opponent holds two opposite corners around our
 * centre stone; taking a corner then loses, an edge holds. */
static bool opposite_corners_trap(const ttt_state *s, int me, int them)
{
    if (count_of(s, EMPTY) != 6 || s->cell[4] != me)
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
    if (s->cell[4] == EMPTY)
        return 4; /* first move, or the centre is still free */
    int cells[9], n = 0;
    if (opposite_corners_trap(s, me, them)) {
        static const int edges[4] = {1, 3, 5, 7};
        for (int i = 0; i < 4; i++)
            if (s->cell[edges[i]] == EMPTY)
                cells[n++] = edges[i];
        return pick(rng, cells, n);
    }
    /* Corner first: a pair of opposite corners both free. */
    if (s->cell[0] == EMPTY && s->cell[8] == EMPTY)
        return qp_rng_below(rng, 2) ? 8 : 0;
    if (s->cell[2] == EMPTY && s->cell[6] == EMPTY)
        return qp_rng_below(rng, 2) ? 6 : 2;
    /* Otherwise a free cell on as many lines still open to us as possible. */
    int best_lines = -1;
    for (int i = 0; i < 9; i++) {
        if (s->cell[i] != EMPTY)
            continue;
        int open = 0;
        for (int l = 0; l < 8; l++) {
            bool on = LINES[l][0] == i || LINES[l][1] == i || LINES[l][2] == i;
            bool blocked = s->cell[LINES[l][0]] == them || s->cell[LINES[l][1]] == them ||
                           s->cell[LINES[l][2]] == them;
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

static bool ttt_ai(const void *st, const qp_ai_opts *opts, int *action, qp_ai_info *info,
                   qp_error *err)
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
static bool ttt_analyze(const void *st, const qp_ai_opts *opts, qp_buf *out, qp_error *err)
{
    const ttt_state *s = st;
    long long nodes = 0;
    (void)opts;
    (void)err;
    qp_bputs(out, "{\"moves\":{");
    bool first = true;
    for (int i = 0; i < 9; i++) {
        if (s->cell[i] != EMPTY || ttt_status(s).phase != QP_TURN)
            continue;
        qp_bprintf(out, "%s\"%d\":%d", first ? "" : ",", i + 1, move_value(s, i, &nodes));
        first = false;
    }
    qp_bputs(out, "}}");
    return true;
}

const qp_game qp_tictactoe = {
    .id = "tictactoe",
    .title = "Tic-tac-toe",
    .players = 2,
    .sides = SIDES,
    .state_size = sizeof(ttt_state),
    .default_params = "x",
    .params_help = "x or o: who moves first (default x)",
    .max_level = 3,
    .default_level = 3,
    .max_plies = 9,
    .init = ttt_init,
    .parse_pos = ttt_parse_pos,
    .format_pos = ttt_format_pos,
    .legal = ttt_legal,
    .parse_action = ttt_parse_action,
    .format_action = ttt_format_action,
    .apply = ttt_apply,
    .status = ttt_status,
    .show = ttt_show,
    .describe = ttt_describe,
    .ai = ttt_ai,
    .analyze = ttt_analyze,
};
