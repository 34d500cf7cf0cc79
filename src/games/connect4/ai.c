/* ai.c — levels 1-3 of Connect Four (level 4 is the solver, in
 * perfect.c).
 *
 * Levels 1 and 2 follow the original, whose board is a grid with row 0 at the
 * top; their cells are (row, col) pairs in that orientation, and
 * directions are tried in the original's order, which decides ties.
 *
 * Level 2 is the original's Computer2 with gravity (its connect-four file
 * is described, not shown: "the same, changed a little for gravity"):
 *   1. Through the opponent's last stone, find its longest line of 3 or
 *      more (the first of the eight directions on ties).
 *   2. Over our own stones (in the order played) and the eight directions,
 *      find our longest line that is open at one end at least (an end
 *      cell on the board and empty).
 *   3. If our line is 3+ long and theirs is at most 3, or ours is 4+
 *      (never, in this game), play at an end of ours: the cell before its
 *      start, else the cell after its end; else play as level 1.
 *   4. Else, if they have a 3+ line, play the cell next to their last
 *      stone in that direction, else the one in the opposite direction
 *      (exactly as the original: next to the last stone, not at the end of
 *      the line — the original's known blind spot); if neither can take a
 *      stone, play as level 1.
 *   5. Else, once we have stones, play at an end of our longest open line,
 *      else as level 1.
 * The gravity change: a targeted cell must be where a stone would land
 * now (empty, with the bottom or a stone under it). The random placement
 * is the original's own (Computer1's walk, the stone drops in the column).
 * When we move first there is no last stone: the walk starts at the
 * bottom cell of the centre column, and steps 1-2 find nothing.
 */
#include "ai.h"

/* The original's nine steps (row, col), "stay" included. */
static const int WALK_STEPS[9][2] = {{1, 1},  {1, 0},  {1, -1}, {0, 1},  {0, 0},
                                     {0, -1}, {-1, 1}, {-1, 0}, {-1, -1}};
/* The original's eight directions (row, col). */
static const int DIRS[8][2] = {{-1, -1}, {-1, 0}, {-1, 1}, {0, -1},
                               {0, 1},   {1, -1}, {1, 0},  {1, 1}};

#define WALK_LEG 10000 /* steps before a walk starts over from its origin */
#define WALK_LEGS 100

typedef struct {
    int row, col; /* row 0 at the top, as in the original */
} grid_cell;

static bool on_board(const c4_state *s, grid_cell g)
{
    return g.row >= 0 && g.row < s->h && g.col >= 0 && g.col < s->w;
}

/* The cell's content (0 empty, player + 1); the cell must be on the board. */
static int at(const c4_state *s, grid_cell g) { return s->cell[g.col][s->h - 1 - g.row]; }

static bool is_empty(const c4_state *s, grid_cell g) { return on_board(s, g) && !at(s, g); }

/* Empty, and a dropped stone would stop there. */
static bool is_landing(const c4_state *s, grid_cell g)
{
    return is_empty(s, g) && s->height[g.col] == s->h - 1 - g.row;
}

static grid_cell step(grid_cell g, int dr, int dc, int k)
{
    return (grid_cell){g.row + k * dr, g.col + k * dc};
}

/* Where the walk starts: the last stone, or the bottom of the centre. */
static grid_cell walk_origin(const c4_state *s)
{
    if (!s->n)
        return (grid_cell){s->h - 1, s->w / 2};
    int c = s->moves[s->n - 1];
    return (grid_cell){s->h - s->height[c], c};
}

/* Computer1: random steps (accumulating, as in the original) until the
 * walk stands on an empty cell of the board. A walk that wanders off for
 * WALK_LEG steps starts over, so that it always ends. */
static int random_walk(const c4_state *s, grid_cell origin, qp_rng *rng)
{
    for (int leg = 0; leg < WALK_LEGS; leg++) {
        grid_cell g = origin;
        for (int i = 0; i < WALK_LEG; i++) {
            int j = (int)qp_rng_below(rng, 9);
            g = step(g, WALK_STEPS[j][0], WALK_STEPS[j][1], 1);
            if (is_empty(s, g))
                return g.col;
        }
    }
    for (int c = 0;; c++) /* unreachable in practice: the first open column */
        if (s->height[c] < s->h)
            return c;
}

int connect4_level1(const c4_state *s, qp_rng *rng) { return random_walk(s, walk_origin(s), rng); }

/* Stones of `who` in a row from g, stepping (dr, dc), g itself excluded. */
static int count_from(const c4_state *s, grid_cell g, int dr, int dc, int who)
{
    int n = 0;
    for (g = step(g, dr, dc, 1); on_board(s, g) && at(s, g) == who; g = step(g, dr, dc, 1))
        n++;
    return n;
}

typedef struct {
    int length, dir; /* dir < 0: none */
    grid_cell start, end;
} own_line;

/* Our longest line open at one end at least, over our stones in the order
 * played and the eight directions; the first found wins ties. */
static own_line longest_open_line(const c4_state *s, int me)
{
    own_line best = {0, -1, {0, 0}, {0, 0}};
    unsigned char height[C4_MAX_SIDE] = {0};
    for (int i = 0; i < s->n; i++) {
        int c = s->moves[i], r = height[c]++;
        if (i % 2 != me - 1)
            continue;
        grid_cell g = {s->h - 1 - r, c};
        for (int d = 0; d < 8; d++) {
            int dr = DIRS[d][0], dc = DIRS[d][1];
            int len = 1 + count_from(s, g, dr, dc, me);
            grid_cell end = step(g, dr, dc, len - 1);
            bool open = is_empty(s, step(g, dr, dc, -1)) || is_empty(s, step(end, dr, dc, 1));
            if (open && len > best.length)
                best = (own_line){len, d, g, end};
        }
    }
    return best;
}

/* The cell before the line's start, else the one after its end, when a
 * stone would land there; else -1. */
static int at_line_end(const c4_state *s, own_line l)
{
    int dr = DIRS[l.dir][0], dc = DIRS[l.dir][1];
    grid_cell before = step(l.start, dr, dc, -1), after = step(l.end, dr, dc, 1);
    if (is_landing(s, before))
        return before.col;
    if (is_landing(s, after))
        return after.col;
    return -1;
}

int connect4_level2(const c4_state *s, qp_rng *rng)
{
    int me = s->n % 2 + 1, them = 3 - me;
    grid_cell last = walk_origin(s);
    int their_len = 0, their_dir = -1;
    if (s->n) {
        for (int d = 0; d < 8; d++) {
            int dr = DIRS[d][0], dc = DIRS[d][1];
            int len = count_from(s, last, dr, dc, them) + count_from(s, last, -dr, -dc, them) + 1;
            if (len >= 3 && len > their_len) {
                their_len = len;
                their_dir = d;
            }
        }
    }
    own_line mine = longest_open_line(s, me);
    int col = -1;
    if ((their_len <= 3 && mine.length >= 3) || mine.length >= 4) {
        col = at_line_end(s, mine);
    } else if (their_dir >= 0) {
        int dr = DIRS[their_dir][0], dc = DIRS[their_dir][1];
        if (is_landing(s, step(last, dr, dc, 1)))
            col = last.col + dc;
        else if (is_landing(s, step(last, dr, dc, -1)))
            col = last.col - dc;
    } else if (mine.dir >= 0) {
        col = at_line_end(s, mine);
    }
    return col >= 0 ? col : random_walk(s, last, rng);
}

/* ---- Level 3: alpha-beta to a fixed depth over a window evaluation ------ */

#define L3_DEPTH 8
#define L3_NODE_CAP 3000000LL /* a safety net for the widest boards */
#define WIN_SCORE CONNECT4_L3_WIN

static const int LINE_DIRS[4][2] = {{1, 0}, {0, 1}, {1, 1}, {1, -1}}; /* (col, row) */

/* True when a stone of `who` at the landing cell of col makes four. */
static bool wins_at(const c4_state *s, int col, int who)
{
    int row = s->height[col];
    for (int d = 0; d < 4; d++) {
        int n = 1;
        for (int sign = -1; sign <= 1; sign += 2) {
            int dc = sign * LINE_DIRS[d][0], dr = sign * LINE_DIRS[d][1];
            for (int c = col + dc, r = row + dr;
                 c >= 0 && c < s->w && r >= 0 && r < s->h && s->cell[c][r] == who; c += dc, r += dr)
                n++;
        }
        if (n >= 4)
            return true;
    }
    return false;
}

/* Windows of four cells holding stones of one side only score for it;
 * three with the empty cell on a row of the owner's parity (odd rows
 * counted from 1 at the bottom for the first player, even rows for the
 * second) score most: those threats tend to decide the endgame. */
static int window_score(const c4_state *s, int c, int r, int dc, int dr, int me)
{
    static const int WEIGHT[4] = {0, 1, 8, 40};
    int mine = 0, theirs = 0, empty_row = -1;
    for (int k = 0; k < 4; k++) {
        int v = s->cell[c + k * dc][r + k * dr];
        if (v == me)
            mine++;
        else if (v)
            theirs++;
        else
            empty_row = r + k * dr;
    }
    if (mine && theirs)
        return 0;
    int owner = mine ? me : 3 - me, n = mine ? mine : theirs;
    int score = WEIGHT[n];
    if (n == 3 && empty_row % 2 == owner - 1)
        score *= 2;
    return mine ? score : -score;
}

static int evaluate(const c4_state *s)
{
    int me = s->n % 2 + 1, total = 0;
    for (int d = 0; d < 4; d++) {
        int dc = LINE_DIRS[d][0], dr = LINE_DIRS[d][1];
        for (int c = 0; c < s->w; c++) {
            for (int r = 0; r < s->h; r++) {
                int ec = c + 3 * dc, er = r + 3 * dr;
                if (ec < s->w && er >= 0 && er < s->h)
                    total += window_score(s, c, r, dc, dr, me);
            }
        }
    }
    for (int r = 0; r < s->h; r++) { /* the centre column joins the most windows */
        int v = s->cell[s->w / 2][r];
        total += v == me ? 3 : v ? -3 : 0;
    }
    return total;
}

static void centre_order(int w, int *order)
{
    for (int i = 0; i < w; i++)
        order[i] = w / 2 + (i % 2 ? -(i + 1) / 2 : i / 2);
}

typedef struct {
    long long nodes;
    int order[C4_MAX_SIDE];
} l3_search;

/* Negamax, fail-soft; the side to move has not lost yet. */
static int l3_negamax(l3_search *k, const c4_state *s, int depth, int alpha, int beta)
{
    int me = s->n % 2 + 1;
    k->nodes++;
    if (s->n == s->w * s->h)
        return 0;
    for (int c = 0; c < s->w; c++)
        if (s->height[c] < s->h && wins_at(s, c, me))
            return WIN_SCORE - s->n; /* sooner wins score more */
    if (depth == 0 || k->nodes > L3_NODE_CAP)
        return evaluate(s);
    int best = -WIN_SCORE * 2;
    for (int i = 0; i < s->w; i++) {
        int c = k->order[i];
        if (s->height[c] == s->h)
            continue;
        c4_state child = *s;
        connect4_drop(&child, c);
        int v = -l3_negamax(k, &child, depth - 1, -beta, -alpha);
        if (v > best)
            best = v;
        if (v > alpha)
            alpha = v;
        if (alpha >= beta)
            break;
    }
    return best;
}

int connect4_level3(const c4_state *s, qp_rng *rng, long long *nodes)
{
    l3_search k = {0, {0}};
    int best_cols[C4_MAX_SIDE], n = 0, best = -WIN_SCORE * 4, me = s->n % 2 + 1;
    centre_order(s->w, k.order);
    for (int i = 0; i < s->w; i++) {
        int c = k.order[i], v;
        if (s->height[c] == s->h)
            continue;
        if (wins_at(s, c, me)) {
            v = WIN_SCORE * 2; /* win now */
        } else {
            c4_state child = *s;
            connect4_drop(&child, c);
            /* alpha = best - 1: columns as good as the best get exact values. */
            v = -l3_negamax(&k, &child, L3_DEPTH - 1, -WIN_SCORE * 3, -(best - 1));
        }
        if (v > best) {
            best = v;
            n = 0;
        }
        if (v == best)
            best_cols[n++] = c;
    }
    *nodes += k.nodes;
    return best_cols[qp_rng_below(rng, (uint32_t)n)];
}

void connect4_level3_values(const c4_state *s, int *values, long long *nodes)
{
    l3_search k = {0, {0}};
    int me = s->n % 2 + 1;
    centre_order(s->w, k.order);
    for (int c = 0; c < s->w; c++) {
        if (s->height[c] == s->h) {
            values[c] = -WIN_SCORE * 4;
        } else if (wins_at(s, c, me)) {
            values[c] = WIN_SCORE * 2;
        } else {
            c4_state child = *s;
            connect4_drop(&child, c);
            values[c] = -l3_negamax(&k, &child, L3_DEPTH - 1, -WIN_SCORE * 3, WIN_SCORE * 3);
        }
    }
    *nodes += k.nodes;
}
