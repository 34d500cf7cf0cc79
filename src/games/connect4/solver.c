/* solver.c — connect four's exact solver: see solver.h for the bit layout
 * and the search. */
#include "solver.h"

#include <string.h>

#include "search/movelist.h"

/* ---- Geometry of the board in use ------------------------------------- */

static struct {
    int w, h, h1; /* h1 = h + 1: the stride from one column to the next */
    int area; /* w * h cells */
    uint64_t bottom; /* the bottom cell of every column */
    uint64_t board; /* every playable cell */
    uint64_t col_mask[C4_MAX_SIDE]; /* the h cells of each column */
    uint64_t col_bottom[C4_MAX_SIDE];
    int order[C4_MAX_SIDE]; /* columns from the centre outwards */
} G;

bool c4_fits(int w, int h)
{
    return w >= C4_MIN_SIDE && w <= C4_MAX_SIDE && h >= C4_MIN_SIDE && h <= C4_MAX_SIDE &&
           w * (h + 1) <= 64;
}

static void clear_table(void);

void c4_use_board(int w, int h)
{
    if (G.w == w && G.h == h)
        return;
    G.w = w;
    G.h = h;
    G.h1 = h + 1;
    G.area = w * h;
    G.bottom = G.board = 0;
    for (int c = 0; c < w; c++) {
        G.col_bottom[c] = 1ULL << (c * G.h1);
        G.col_mask[c] = ((1ULL << h) - 1) << (c * G.h1);
        G.bottom |= G.col_bottom[c];
        G.board |= G.col_mask[c];
        /* w/2, then alternately left and right: 3 2 4 1 5 0 6 on 7 columns. */
        G.order[c] = w / 2 + (c % 2 ? -(c + 1) / 2 : c / 2);
    }
    clear_table(); /* keys mean other positions now */
}

/* ---- Positions ---------------------------------------------------------- */

c4_pos c4_empty(void) { return (c4_pos){0, 0, 0}; }

bool c4_can_play(const c4_pos *p, int col)
{
    return col >= 0 && col < G.w && !(p->mask & (G.col_bottom[col] << (G.h - 1)));
}

static void play_cell(c4_pos *p, uint64_t cell)
{
    p->mine ^= p->mask;
    p->mask |= cell;
    p->moves++;
}

void c4_play(c4_pos *p, int col) { play_cell(p, (p->mask + G.col_bottom[col]) & G.col_mask[col]); }

/* The empty cells that would complete a four for the stones `s`. */
static uint64_t winning_cells(uint64_t s, uint64_t mask)
{
    const int h = G.h, h1 = G.h1, h2 = G.h + 2;
    /* vertical: three below */
    uint64_t r = (s << 1) & (s << 2) & (s << 3);
    /* horizontal, then the two diagonals (shifts h1, h, h2) */
    uint64_t q = (s << h1) & (s << 2 * h1);
    r |= q & (s << 3 * h1);
    r |= q & (s >> h1);
    q = (s >> h1) & (s >> 2 * h1);
    r |= q & (s << h1);
    r |= q & (s >> 3 * h1);

    q = (s << h) & (s << 2 * h);
    r |= q & (s << 3 * h);
    r |= q & (s >> h);
    q = (s >> h) & (s >> 2 * h);
    r |= q & (s << h);
    r |= q & (s >> 3 * h);

    q = (s << h2) & (s << 2 * h2);
    r |= q & (s << 3 * h2);
    r |= q & (s >> h2);
    q = (s >> h2) & (s >> 2 * h2);
    r |= q & (s << h2);
    r |= q & (s >> 3 * h2);
    return r & (G.board ^ mask);
}

static uint64_t playable(const c4_pos *p) { return (p->mask + G.bottom) & G.board; }

bool c4_is_winning_move(const c4_pos *p, int col)
{
    return winning_cells(p->mine, p->mask) & playable(p) & G.col_mask[col];
}

bool c4_can_win_next(const c4_pos *p) { return winning_cells(p->mine, p->mask) & playable(p); }

int c4_play_digits(c4_pos *p, const char *digits)
{
    int n = 0;
    for (; digits[n]; n++) {
        int col = digits[n] - '1';
        if (col < 0 || col >= G.w || !c4_can_play(p, col) || c4_is_winning_move(p, col))
            return n;
        c4_play(p, col);
    }
    return n;
}

uint64_t c4_key(const c4_pos *p) { return p->mine + p->mask; }

uint64_t c4_mirror_key(const c4_pos *p)
{
    uint64_t k = c4_key(p), m = 0, col = (1ULL << G.h1) - 1;
    for (int c = 0; c < G.w; c++)
        m |= ((k >> (c * G.h1)) & col) << ((G.w - 1 - c) * G.h1);
    return m;
}

int c4_win_now_score(int moves) { return (G.area + 1 - moves) / 2; }

/* The moves (as cells) that do not let the opponent win at once: empty
 * when every move loses (two threats to block, or a forced block under
 * one of its winning cells). The side to move must not be able to win. */
static uint64_t non_losing_moves(const c4_pos *p)
{
    uint64_t moves = playable(p);
    uint64_t threats = winning_cells(p->mine ^ p->mask, p->mask);
    uint64_t forced = moves & threats;
    if (forced) {
        if (forced & (forced - 1))
            return 0; /* two cells to block at once */
        moves = forced;
    }
    return moves & ~(threats >> 1); /* never play just under its winning cell */
}

/* ---- Transposition table -----------------------------------------------

 * One 64-bit word per entry. A key is first mixed by multiplying it with
 * an odd constant (a bijection on 64-bit words); the top C4_TT_BITS bits
 * of the product pick the entry and the others are kept in it, so that
 * index and check give the key back exactly (no false hits) without any
 * division (slow in wasm):
 *
 *   63         20 19         8 7  6 5       0
 *   [ low 44 bits ][ session  ][type][ score+32 ]
 *   [ of product  ]
 *
 * type: 1 upper bound, 2 lower bound, 3 exact; 0 empty. An entry of
 * another session is ignored, so a new session costs nothing; every 4095
 * sessions the table is cleared for real (a best move per entry, tried
 * first, saved under 1% of the nodes: its bits serve the session better).
 */

#ifndef C4_TT_BITS
#define C4_TT_BITS 20 /* 2^20 entries: 8 MiB */
#endif
#define MIX(key) ((key)*0x9E3779B97F4A7C15ULL)
#define CHECK_MASK ((1ULL << 44) - 1)
_Static_assert(C4_TT_BITS >= 20, "index and check must cover all 64 bits of the product");
#define SESSION_MAX 4095
enum { UPPER = 1, LOWER = 2, EXACT = 3 };

static uint64_t table[1u << C4_TT_BITS];
static unsigned session = 1;

/* The book generator (tools/c4book.c) adds a big table for its long solves
 * and switches to the small one, in a session of its own, to measure what
 * a solve costs at run time. */
#ifdef C4_BIG_TT_BITS
static uint64_t big_table[1u << C4_BIG_TT_BITS];
static unsigned big_session = 1;
static bool big;

void c4_use_big_table(bool on)
{
    if (on != big) {
        unsigned t = session;
        session = big_session;
        big_session = t;
        big = on;
    }
}
#define SLOT(h) (big ? &big_table[(h) >> (64 - C4_BIG_TT_BITS)] : &table[(h) >> (64 - C4_TT_BITS)])
#else
#define SLOT(h) (&table[(h) >> (64 - C4_TT_BITS)])
#endif

static void clear_table(void)
{
    memset(table, 0, sizeof table);
    session = 1;
#ifdef C4_BIG_TT_BITS
    memset(big_table, 0, sizeof big_table);
    big_session = 1;
#endif
}

void c4_new_session(void)
{
    if (++session <= SESSION_MAX)
        return;
#ifdef C4_BIG_TT_BITS
    if (big)
        memset(big_table, 0, sizeof big_table);
    else
#endif
        memset(table, 0, sizeof table);
    session = 1;
}

typedef struct {
    int type; /* 0 when unknown */
    int score;
} tt_entry;

static tt_entry tt_get(uint64_t key)
{
    uint64_t h = MIX(key), e = *SLOT(h);
    tt_entry t = {0, 0};
    if ((e >> 20) != (h & CHECK_MASK) || ((e >> 8) & SESSION_MAX) != session)
        return t;
    t.type = (int)(e >> 6) & 3;
    t.score = (int)(e & 63) - 32;
    return t;
}

static void tt_put(uint64_t key, int type, int score)
{
    uint64_t h = MIX(key);
    *SLOT(h) = (h & CHECK_MASK) << 20 | (uint64_t)session << 8 | (uint64_t)type << 6 |
               (uint64_t)(score + 32);
}

/* ---- Search ------------------------------------------------------------- */

static struct {
    long long nodes, budget;
    bool stop;
    c4_oracle oracle;
    int oracle_moves;
} S;

void c4_set_oracle(c4_oracle oracle, int max_moves)
{
    S.oracle = oracle;
    S.oracle_moves = max_moves;
}

typedef struct {
    qp_scored m[C4_MAX_SIDE]; /* move: a column */
    int n;
} move_list;

/* Orders the candidate moves by how many winning cells each creates for
 * the mover; ties keep the centre first. */
static void order_moves(const c4_pos *p, uint64_t cand, move_list *ml)
{
    ml->n = 0;
    for (int i = 0; i < G.w; i++) {
        int c = G.order[i];
        uint64_t cell = cand & G.col_mask[c];
        if (cell)
            qp_moves_add(ml->m, &ml->n, C4_MAX_SIDE, c,
                         __builtin_popcountll(winning_cells(p->mine | cell, p->mask)));
    }
}

/* Enhanced transposition cutoff: before searching, look for a child whose
 * table entry already proves a cutoff (its upper bound u gives us -u >=
 * beta); *value gets -u. Worth its memory reads far from the end only. */
#define ETC_MIN_EMPTY 12
static bool child_cuts(const c4_pos *p, uint64_t cand, int beta, int *value)
{
    for (uint64_t rest = cand; rest; rest &= rest - 1) {
        uint64_t cell = rest & (~rest + 1);
        tt_entry t = tt_get((p->mine ^ p->mask) + (p->mask | cell)); /* the child's key */
        if (t.type & UPPER && -t.score >= beta) {
            *value = -t.score;
            return true;
        }
    }
    return false;
}

/* Negamax with alpha-beta, fail-soft. The side to move cannot win at once.
 * Returns v with: v <= alpha => score <= v; v >= beta => score >= v;
 * otherwise v is the score. Meaningless once S.stop is set. */
static int negamax(const c4_pos *p, int alpha, int beta)
{
    if (++S.nodes > S.budget) {
        S.stop = true;
        return 0;
    }
    uint64_t cand = non_losing_moves(p);
    if (!cand)
        return -(G.area - p->moves) / 2; /* the opponent wins next move */
    if (p->moves >= G.area - 2)
        return 0; /* nobody can make four in the last two cells */

    int lo = -(G.area - 2 - p->moves) / 2; /* the opponent cannot win next move */
    if (alpha < lo) {
        alpha = lo;
        if (alpha >= beta)
            return alpha;
    }
    int hi = (G.area - 1 - p->moves) / 2; /* we cannot win with this move */
    if (beta > hi) {
        beta = hi;
        if (alpha >= beta)
            return beta;
    }

    uint64_t key = c4_key(p);
    tt_entry t = tt_get(key);
    if (t.type & LOWER && t.score > alpha) {
        alpha = t.score;
        if (alpha >= beta)
            return alpha;
    }
    if (t.type & UPPER && t.score < beta) {
        beta = t.score;
        if (alpha >= beta)
            return beta;
    }
    if (S.oracle && p->moves <= S.oracle_moves) {
        int s;
        if (S.oracle(p, &s))
            return s;
    }

    if (G.area - p->moves > ETC_MIN_EMPTY && child_cuts(p, cand, beta, &alpha))
        return alpha;

    move_list ml;
    order_moves(p, cand, &ml);
    int best = -64, alpha0 = alpha;
    for (int i = 0; i < ml.n; i++) {
        c4_pos child = *p;
        c4_play(&child, ml.m[i].move);
        int v = -negamax(&child, -beta, -alpha);
        if (S.stop)
            return 0;
        if (v > best)
            best = v;
        if (v >= beta) {
            tt_put(key, LOWER, v);
            return v;
        }
        if (v > alpha)
            alpha = v;
    }
    tt_put(key, best > alpha0 ? EXACT : UPPER, best);
    return best;
}

/* The budget is shared by every call made with the same limits. */
static void start(c4_limits *lim)
{
    S.nodes = 0;
    S.budget = lim->budget > 0 ? lim->budget - lim->nodes : (long long)9e18;
    S.stop = S.budget <= 0;
}

static bool finish(c4_limits *lim)
{
    lim->nodes += S.nodes;
    return !S.stop;
}

bool c4_solve(const c4_pos *p, c4_limits *lim, int *score)
{
    start(lim);
    if (S.stop)
        return finish(lim);
    if (c4_can_win_next(p)) {
        *score = lim->weak ? 1 : c4_win_now_score(p->moves);
        return finish(lim);
    }
    int lo = -(G.area - p->moves) / 2, hi = (G.area + 1 - p->moves) / 2;
    if (lim->weak) {
        lo = -1;
        hi = 1;
    }
    while (lo < hi && !S.stop) {
        int med = lo + (hi - lo) / 2;
        if (med <= 0 && lo / 2 < med)
            med = lo / 2;
        else if (med >= 0 && hi / 2 > med)
            med = hi / 2;
        int r = negamax(p, med, med + 1);
        if (r <= med)
            hi = r;
        else
            lo = r;
    }
    if (lim->weak)
        lo = lo > 0 ? 1 : lo < 0 ? -1 : 0;
    *score = lo;
    return finish(lim);
}

bool c4_probe(const c4_pos *p, int s, c4_limits *lim, bool *above)
{
    start(lim);
    if (S.stop)
        return finish(lim);
    if (c4_can_win_next(p))
        *above = c4_win_now_score(p->moves) > s;
    else
        *above = negamax(p, s, s + 1) > s;
    return finish(lim);
}

bool c4_move_score(const c4_pos *p, int col, c4_limits *lim, int *score)
{
    if (c4_is_winning_move(p, col)) {
        *score = lim->weak ? 1 : c4_win_now_score(p->moves);
        return true;
    }
    c4_pos child = *p;
    c4_play(&child, col);
    int s;
    if (!c4_solve(&child, lim, &s))
        return false;
    *score = -s;
    return true;
}

uint64_t c4_canonical_key(const c4_pos *p)
{
    uint64_t k = c4_key(p), m = c4_mirror_key(p);
    return k < m ? k : m;
}

bool c4_best_moves(const c4_pos *p, c4_limits *lim, int *score, int *cols, int *n)
{
    *n = 0;
    if (c4_can_win_next(p)) {
        for (int c = 0; c < G.w; c++)
            if (c4_can_play(p, c) && c4_is_winning_move(p, c))
                cols[(*n)++] = c;
        *score = lim->weak ? 1 : c4_win_now_score(p->moves);
        return true;
    }
    if (!c4_solve(p, lim, score))
        return false;
    for (int c = 0; c < G.w; c++) {
        if (!c4_can_play(p, c))
            continue;
        c4_pos child = *p;
        bool above;
        c4_play(&child, c);
        if (!c4_probe(&child, -*score, lim, &above))
            return false;
        if (!above) /* the child scores -score: playing c keeps the score */
            cols[(*n)++] = c;
    }
    return true;
}
