#include "ai.h"

#include <stdio.h>
#include <string.h>

#include "board.h"
#include "search/movelist.h"
#include "search/score.h"
#include "search/work.h"

#define WIN GOMOKU_WIN
#define DECIDED (WIN - 1000)
#define INF (WIN + 1)
#define MAX_PLY 60 /* PVS and quiescence, forced replies included */
#define MAX_DEPTH 40
#define Q_FOURS 3 /* fours the quiescence search may play in a row */
#define VCF_DEPTH 30 /* attacker's fours in a VCF */
#define VCT_DEPTH 6 /* attacker's threes and fours before its last VCF */
#define VCT_INNER_VCF 8 /* fours of the VCF tried at each VCT node */
#define THREAT_PLY_MAX 90
/* PVS moves tried at an inner node at most: in self-play at equal work,
 * 12 beat 24 by 14-6 and 8 by 12-8. */
#define NODE_MOVES 12
#define THREAT_MOVES 12 /* VCT attacker moves at a node at most */
#define SAFETY_TRIES 6

static gb_board board;

/* ---- Work accounting: nodes, or a clock when asked for one. */

static qp_work work;

static bool tick(void) { return qp_work_tick(&work); }

typedef struct {
    long long budget; /* nodes, when untimed */
    double t0, ms; /* clock start and length, when timed */
    long long start;
} plan;

/* Lets the next step run until `upto` (a fraction of the whole budget
 * counted from the start) is spent. */
static void phase(const plan *pl, double upto)
{
    work.stop = false;
    if (pl->ms > 0) {
        work.limit = 1LL << 60;
        work.deadline = pl->t0 + pl->ms * upto;
    } else {
        work.limit = pl->start + (long long)((double)pl->budget * upto);
        work.deadline = 0;
    }
}

/* ---- Transposition tables. */

enum { TT_EXACT, TT_LOWER, TT_UPPER };

typedef struct {
    uint64_t key;
    short score, move;
    unsigned char depth, flag;
    unsigned short gen;
} tt_entry;

#define TT_BITS 18 /* 4 MB: the wasm build starts with 16 MB for everything */
static tt_entry tt[1 << TT_BITS];
static unsigned short tt_gen;

/* Threat searches remember failures: (position, attacker, kind) -> depth. */
typedef struct {
    uint64_t key;
    unsigned char depth;
    unsigned short gen;
} threat_entry;

#define THREAT_BITS 16
static threat_entry threat_tt[1 << THREAT_BITS];
static const uint64_t THREAT_SALT[2][2] = {{0x8f1bbcdcca62c1d6ULL, 0x2f0b3e6f8a1c5d97ULL},
                                           {0x6ed9eba1a5e0c7b3ULL, 0x19d8e4f3b7a2c611ULL}};

static void new_search(void)
{
    if (++tt_gen == 0) { /* wrapped: old entries would look fresh */
        memset(tt, 0, sizeof tt);
        memset(threat_tt, 0, sizeof threat_tt);
        tt_gen = 1;
    }
}

static threat_entry *threat_slot(int att, int kind)
{
    uint64_t key = board.hash ^ THREAT_SALT[kind][att];
    return &threat_tt[key & ((1 << THREAT_BITS) - 1)];
}

static bool threat_failed(int att, int kind, int depth)
{
    const threat_entry *e = threat_slot(att, kind);
    return e->gen == tt_gen && e->key == (board.hash ^ THREAT_SALT[kind][att]) &&
           e->depth >= depth;
}

static void threat_fail(int att, int kind, int depth)
{
    if (work.stop)
        return; /* an interrupted search proves nothing */
    threat_entry *e = threat_slot(att, kind);
    e->key = board.hash ^ THREAT_SALT[kind][att];
    e->depth = (unsigned char)depth;
    e->gen = tt_gen;
}

/* ---- Move lists: the best `cap` points by score, best first (ties in
 * board order). */

typedef struct {
    int n, cap;
    qp_scored m[GOMOKU_CELLS];
} move_list;

static void add_move(move_list *l, int p, int score) { qp_moves_add(l->m, &l->n, l->cap, p, score); }

static int order_score(const gb_board *b, int me, int p)
{
    return b->val[me][p] * 6 / 5 + b->val[!me][p];
}

/* The first point of class cls that `color` may play, or -1. */
static int find_legal(gb_board *b, int color, int cls)
{
    if (!b->count[color][cls])
        return -1;
    for (int i = 0; i < b->n_on; i++) {
        int p = b->on[i];
        if (b->cls[color][p] == cls && b->cell[p] == GOMOKU_EMPTY && gb_legal(b, color, p))
            return p;
    }
    return -1;
}

/* `color`'s points of the given classes (bit mask), legal, best first. */
static void threat_moves(gb_board *b, int color, unsigned classes, move_list *l)
{
    int any = 0;
    for (int c = 0; c < GB_C_COUNT; c++)
        any += (classes >> c & 1) ? b->count[color][c] : 0;
    if (!any)
        return;
    for (int i = 0; i < b->n_on; i++) {
        int p = b->on[i];
        if (b->near[p] && b->cell[p] == GOMOKU_EMPTY && (classes >> b->cls[color][p] & 1) &&
            gb_legal(b, color, p))
            add_move(l, p, order_score(b, color, p));
    }
}

#define FOURS ((1u << GB_C_B4) | (1u << GB_C_B4F3))
#define THREES ((1u << GB_C_F3) | (1u << GB_C_F33))

/* Points already in a list being built (stamped with the build number),
 * so that no point is listed twice. */
static unsigned listed[GB_CELLS], listing;

static void start_listing(const move_list *l)
{
    listing++;
    for (int i = 0; i < l->n; i++)
        listed[l->m[i].move] = listing;
}

/* The points that can stop `att`'s straight-four threats: on the lines
 * where each of its F4 points makes a four, within 4 of it. */
static void blocking_points(gb_board *b, int att, move_list *l)
{
    int def = !att;
    start_listing(l);
    for (int i = 0; i < b->n_on; i++) {
        int f = b->on[i];
        if (b->cell[f] != GOMOKU_EMPTY || b->cls[att][f] != GB_C_F4 || !gb_legal(b, att, f))
            continue;
        for (int d = 0; d < 4; d++) {
            int pt = gb_pattern(b, att, d, f);
            if (pt != GB_PT_B4 && pt != GB_PT_F4 && pt != GB_PT_44)
                continue;
            for (int k = -4; k <= 4; k++) {
                int q = f + k * gb_dir[d];
                if (b->cell[q] == GOMOKU_EMPTY && listed[q] != listing && gb_legal(b, def, q)) {
                    listed[q] = listing;
                    add_move(l, q, order_score(b, def, q));
                }
            }
        }
    }
}

/* ---- VCF. The attacker is the side to move; line[] gets the win. */

static short line[GOMOKU_LINE_MAX + 8];
static int line_len;

static void note_line(int ply, int p)
{
    if (ply < GOMOKU_LINE_MAX)
        line[ply] = (short)p;
    if (ply + 1 > line_len)
        line_len = ply + 1 < GOMOKU_LINE_MAX ? ply + 1 : GOMOKU_LINE_MAX;
}

static bool vcf_attack(int depth, int ply);

/* A five point of `color` other than f. */
static int other_five(const gb_board *b, int color, int f)
{
    for (int i = 0; i < b->n_on; i++) {
        int p = b->on[i];
        if (p != f && b->cell[p] == GOMOKU_EMPTY && b->cls[color][p] == GB_C_FIVE)
            return p;
    }
    return f;
}

/* The attacker plays the four m; the defender's reply is forced. */
static bool vcf_four(int m, int depth, int ply)
{
    gb_board *b = &board;
    int att = b->side, def = !att;
    bool win = false;
    gb_make(b, m);
    int f = gb_find(b, att, GB_C_FIVE);
    if (b->count[att][GB_C_FIVE] >= 2) {
        line_len = 0;
        note_line(ply + 1, f);
        note_line(ply + 2, other_five(b, att, f));
        win = true;
    } else if (f >= 0 && !gb_legal(b, def, f)) {
        line_len = 0;
        note_line(ply, m); /* Black cannot block: forbidden point */
        win = true;
    } else if (f >= 0) {
        gb_make(b, f);
        win = vcf_attack(depth - 1, ply + 2);
        gb_unmake(b);
        if (win)
            note_line(ply + 1, f);
    }
    gb_unmake(b);
    if (win)
        note_line(ply, m);
    return win;
}

static bool vcf_attack(int depth, int ply)
{
    gb_board *b = &board;
    int att = b->side, def = !att, f;
    if (tick() || ply >= THREAT_PLY_MAX)
        return false;
    if ((f = gb_find(b, att, GB_C_FIVE)) >= 0) {
        line_len = 0;
        note_line(ply, f);
        return true;
    }
    if (b->count[def][GB_C_FIVE] >= 2)
        return false;
    if ((f = gb_find(b, def, GB_C_FIVE)) >= 0) /* block it, with a four */
        return b->cls[att][f] >= GB_C_B4 && gb_legal(b, att, f) && vcf_four(f, depth, ply);
    if ((f = find_legal(b, att, GB_C_F4)) >= 0) {
        line_len = 0;
        note_line(ply, f);
        return true;
    }
    if (depth <= 0 || threat_failed(att, 0, depth))
        return false;
    move_list ml, *l = &ml;
    ml.n = 0;
    ml.cap = 16;
    threat_moves(b, att, FOURS, l);
    for (int i = 0; i < l->n; i++)
        if (vcf_four(l->m[i].move, depth, ply))
            return true;
    threat_fail(att, 0, depth);
    return false;
}

/* ---- VCT. att_node: the attacker to move; def_node: the defender. */

static bool vct_defend(int depth, int ply);

static bool vct_attack(int depth, int ply)
{
    gb_board *b = &board;
    int att = b->side, def = !att, f;
    if (tick() || ply >= THREAT_PLY_MAX)
        return false;
    if (b->count[att][GB_C_FIVE])
        return true;
    if (b->count[def][GB_C_FIVE] >= 2)
        return false;
    if ((f = gb_find(b, def, GB_C_FIVE)) >= 0) {
        if (!gb_legal(b, att, f))
            return false;
        gb_make(b, f);
        bool win = vct_defend(depth, ply + 1);
        gb_unmake(b);
        if (win)
            note_line(ply, f);
        return win;
    }
    if (find_legal(b, att, GB_C_F4) >= 0 || vcf_attack(VCT_INNER_VCF, ply))
        return true;
    if (depth <= 0 || threat_failed(att, 1, depth))
        return false;
    move_list ml, *l = &ml;
    ml.n = 0;
    ml.cap = THREAT_MOVES;
    threat_moves(b, att, FOURS | THREES, l);
    for (int i = 0; i < l->n && !work.stop; i++) {
        gb_make(b, l->m[i].move);
        bool win = vct_defend(depth - 1, ply + 1);
        gb_unmake(b);
        if (win) {
            note_line(ply, l->m[i].move);
            return true;
        }
    }
    threat_fail(att, 1, depth);
    return false;
}

/* True when every defence fails (the attacker still wins). */
static bool vct_defend(int depth, int ply)
{
    gb_board *b = &board;
    int def = b->side, att = !def, f;
    if (tick() || ply >= THREAT_PLY_MAX)
        return false;
    if (b->count[def][GB_C_FIVE])
        return false;
    if (b->count[att][GB_C_FIVE] >= 2)
        return true;
    if ((f = gb_find(b, att, GB_C_FIVE)) >= 0) {
        if (!gb_legal(b, def, f))
            return true;
        gb_make(b, f);
        bool win = vct_attack(depth, ply + 1);
        gb_unmake(b);
        return win;
    }
    if (find_legal(b, def, GB_C_F4) >= 0 || find_legal(b, att, GB_C_F4) < 0)
        return false; /* the defender wins first, or there is no threat */
    move_list ml, *l = &ml;
    ml.n = 0;
    ml.cap = GOMOKU_CELLS;
    threat_moves(b, def, FOURS, l);
    blocking_points(b, att, l);
    for (int i = 0; i < l->n; i++) {
        gb_make(b, l->m[i].move);
        bool win = vct_attack(depth, ply + 1);
        gb_unmake(b);
        if (!win)
            return false;
    }
    return !work.stop;
}

/* ---- PVS. */

/* What the side to move could make, less what the opponent could, the
 * mover's counted a little higher (its threats come first): in
 * self-play 6:5 beat 1:1 by 16-4 and 10:6 by 15-5. */
static int evaluate(const gb_board *b)
{
    int me = b->side;
    return (b->total[me] * 6 - b->total[!me] * 5) / 8;
}

/* Answers that stop the opponent's open three(s), or our fours; or every
 * point near the stones. Best `cap` first. */
static void gen_moves(gb_board *b, move_list *l)
{
    int me = b->side, op = !me;
    if (find_legal(b, op, GB_C_F4) >= 0) {
        threat_moves(b, me, FOURS, l);
        blocking_points(b, op, l);
        return;
    }
    for (int i = 0; i < b->n_on; i++) {
        int p = b->on[i];
        if (b->near[p] && b->cell[p] == GOMOKU_EMPTY && b->cls[me][p] != GB_C_FORBID &&
            gb_legal(b, me, p))
            add_move(l, p, order_score(b, me, p));
    }
}

static int quiesce(int alpha, int beta, int ply, int fours)
{
    gb_board *b = &board;
    int me = b->side, op = !me, f;
    if (tick())
        return 0;
    if (b->count[me][GB_C_FIVE])
        return WIN - ply - 1;
    if ((f = gb_find(b, op, GB_C_FIVE)) >= 0) {
        if (b->count[op][GB_C_FIVE] >= 2 || !gb_legal(b, me, f))
            return -(WIN - ply - 2);
        gb_make(b, f);
        int v = -quiesce(-beta, -alpha, ply + 1, fours);
        gb_unmake(b);
        return v;
    }
    if (find_legal(b, me, GB_C_F4) >= 0)
        return WIN - ply - 3;
    int best = evaluate(b);
    if (best >= beta || fours <= 0 || ply >= MAX_PLY)
        return best;
    if (best > alpha)
        alpha = best;
    move_list ml, *l = &ml;
    ml.n = 0;
    ml.cap = 8;
    threat_moves(b, me, FOURS, l);
    for (int i = 0; i < l->n; i++) {
        gb_make(b, l->m[i].move);
        int v = -quiesce(-beta, -alpha, ply + 1, fours - 1);
        gb_unmake(b);
        if (work.stop)
            return 0;
        if (v > best) {
            best = v;
            if (v > alpha)
                alpha = v;
            if (v >= beta)
                break;
        }
    }
    return best;
}

/* Decided positions before any move is searched: a five, a forced block,
 * an open four. Returns true with *score set. */
static bool decided(int ply, int *score, int *forced)
{
    gb_board *b = &board;
    int me = b->side, op = !me, f;
    *forced = -1;
    if (b->count[me][GB_C_FIVE]) {
        *score = WIN - ply - 1;
        return true;
    }
    if ((f = gb_find(b, op, GB_C_FIVE)) >= 0) {
        if (b->count[op][GB_C_FIVE] >= 2 || !gb_legal(b, me, f)) {
            *score = -(WIN - ply - 2);
            return true;
        }
        *forced = f;
        return false;
    }
    if (find_legal(b, me, GB_C_F4) >= 0) {
        *score = WIN - ply - 3;
        return true;
    }
    return false;
}

static int pvs(int depth, int alpha, int beta, int ply)
{
    gb_board *b = &board;
    int score, forced;
    if (tick())
        return 0;
    if (decided(ply, &score, &forced))
        return score;
    if (forced >= 0) { /* the opponent's four: one answer, no depth spent */
        gb_make(b, forced);
        int v = ply < MAX_PLY ? -pvs(depth, -beta, -alpha, ply + 1) : -evaluate(b);
        gb_unmake(b);
        return v;
    }
    if (depth <= 0 || ply >= MAX_PLY)
        return quiesce(alpha, beta, ply, Q_FOURS);

    tt_entry *e = &tt[b->hash & ((1 << TT_BITS) - 1)];
    int tt_move = -1;
    if (e->gen == tt_gen && e->key == b->hash) {
        int s = qp_score_from_tt(e->score, ply, DECIDED);
        if (e->depth >= depth && (e->flag == TT_EXACT || (e->flag == TT_LOWER && s >= beta) ||
                                  (e->flag == TT_UPPER && s <= alpha)))
            return s;
        tt_move = e->move;
    }
    move_list ml, *l = &ml;
    ml.n = 0;
    ml.cap = NODE_MOVES;
    gen_moves(b, l);
    if (l->n == 0)
        return find_legal(b, !b->side, GB_C_F4) >= 0 ? -(WIN - ply - 4) : 0;
    for (int i = 1; i < l->n; i++) /* the table's move first */
        if (l->m[i].move == tt_move) {
            qp_scored first = l->m[i];
            memmove(l->m + 1, l->m, sizeof l->m[0] * (size_t)i);
            l->m[0] = first;
        }
    int alpha0 = alpha, best = -INF, best_move = l->m[0].move;
    for (int i = 0; i < l->n; i++) {
        gb_make(b, l->m[i].move);
        int v;
        if (i == 0) {
            v = -pvs(depth - 1, -beta, -alpha, ply + 1);
        } else {
            v = -pvs(depth - 1, -alpha - 1, -alpha, ply + 1);
            if (v > alpha && v < beta)
                v = -pvs(depth - 1, -beta, -alpha, ply + 1);
        }
        gb_unmake(b);
        if (work.stop)
            return 0;
        if (v > best) {
            best = v;
            best_move = l->m[i].move;
            if (v > alpha)
                alpha = v;
            if (v >= beta)
                break;
        }
    }
    e->key = b->hash;
    e->score = (short)qp_score_to_tt(best, ply, DECIDED);
    e->move = (short)best_move;
    e->depth = (unsigned char)depth;
    e->flag = best >= beta ? TT_LOWER : best <= alpha0 ? TT_UPPER : TT_EXACT;
    e->gen = tt_gen;
    return best;
}

/* ---- The root. */

typedef struct {
    int n;
    qp_scored m[GOMOKU_CELLS];
} root_list;

static root_list roots;

/* Best first; ties keep their order (insertion sort: lists are short). */
static void sort_roots(int from)
{
    for (int i = from + 1; i < roots.n; i++)
        for (int j = i; j > from && roots.m[j].score > roots.m[j - 1].score; j--) {
            qp_scored t = roots.m[j];
            roots.m[j] = roots.m[j - 1];
            roots.m[j - 1] = t;
        }
}

static void root_moves(int forced, qp_rng *rng)
{
    move_list ml, *l = &ml;
    ml.n = 0;
    ml.cap = GOMOKU_CELLS;
    if (forced >= 0)
        add_move(l, forced, 0);
    else
        gen_moves(&board, l);
    if (l->n == 0) /* nothing near the stones: any legal point */
        for (int i = 0; i < board.n_on; i++)
            if (gb_legal(&board, board.side, board.on[i]))
                add_move(l, board.on[i], 0);
    for (int i = 0; i < l->n; i++) { /* the seed breaks ties */
        roots.m[i].move = l->m[i].move;
        roots.m[i].score = l->m[i].score * 4 + (int)qp_rng_below(rng, 4);
    }
    roots.n = l->n;
    sort_roots(0);
}

/* One iteration at `depth`; returns the index of the best move, or -1 if
 * stopped before the first move was done. Scores of the others are
 * upper bounds (they failed low). */
static int root_iteration(int depth, int *best_score)
{
    int alpha = -INF, best = -1;
    for (int i = 0; i < roots.n; i++) {
        gb_make(&board, roots.m[i].move);
        int v;
        if (i == 0) {
            v = -pvs(depth - 1, -INF, INF, 1);
        } else {
            v = -pvs(depth - 1, -alpha - 1, -alpha, 1);
            if (v > alpha && !work.stop)
                v = -pvs(depth - 1, -INF, -alpha, 1);
        }
        gb_unmake(&board);
        if (work.stop)
            break;
        roots.m[i].score = v;
        if (v > alpha) {
            alpha = v;
            best = i;
        }
    }
    *best_score = alpha;
    return best;
}

static void iterate(gomoku_result *r)
{
    r->move = roots.m[0].move;
    r->score = 0;
    for (int depth = 1; depth <= MAX_DEPTH; depth++) {
        int best_score, i = root_iteration(depth, &best_score);
        if (i < 0)
            break;
        r->move = roots.m[i].move;
        r->score = best_score;
        roots.m[i].score = INF; /* best first, then by score */
        sort_roots(0);
        roots.m[0].score = best_score;
        if (work.stop)
            break;
        r->depth = depth;
        if (best_score > DECIDED || best_score < -DECIDED || roots.n == 1)
            break;
    }
}

/* Does the opponent win by VCF after we play p? -1 when the work ran out
 * before an answer. */
static int allows_vcf(int p)
{
    gb_make(&board, p);
    int saved = line_len;
    bool yes = vcf_attack(VCF_DEPTH, 0);
    line_len = saved;
    gb_unmake(&board);
    return work.stop ? -1 : yes;
}

/* Keeps the PVS choice unless it allows a VCF and one of the next root
 * moves (in search order) does not. */
static void safety_check(gomoku_result *r)
{
    int chosen = 0;
    for (int i = 0; i < roots.n; i++)
        if (roots.m[i].move == r->move)
            chosen = i;
    if (allows_vcf(roots.m[chosen].move) != 1)
        return;
    for (int i = 0, tries = 1; i < roots.n && tries < SAFETY_TRIES; i++) {
        if (i == chosen)
            continue;
        int verdict = allows_vcf(roots.m[i].move);
        if (verdict < 0)
            return;
        if (verdict == 0) {
            r->move = roots.m[i].move;
            r->score = roots.m[i].score;
            return;
        }
        tries++;
    }
}

static int rules_point(const gomoku_state *s, int p) { return gb_y(p) * s->w + gb_x(p); }

static void copy_line(const gomoku_state *s, gomoku_result *r)
{
    r->line_len = line_len;
    for (int i = 0; i < line_len; i++)
        r->line[i] = rules_point(s, line[i]);
}

/* The steps before PVS: true when one of them decided the move. */
static bool quick_decision(const gomoku_state *s, gomoku_result *r)
{
    gb_board *b = &board;
    int me = b->side, op = !me, f;
    if (s->n == 0) {
        r->move = gb_at(s->w / 2, s->h / 2);
        r->kind = GOMOKU_BY_OPENING;
        return true;
    }
    if ((f = gb_find(b, me, GB_C_FIVE)) >= 0) {
        r->move = f;
        r->kind = GOMOKU_BY_FIVE;
        r->score = WIN - 1;
        line_len = 0;
        note_line(0, f);
        return true;
    }
    if ((f = gb_find(b, op, GB_C_FIVE)) >= 0 && gb_legal(b, me, f)) {
        r->move = f;
        r->kind = GOMOKU_BY_BLOCK;
        return false; /* forced, but still worth a score: searched below */
    }
    if ((f = find_legal(b, me, GB_C_F4)) >= 0) {
        r->move = f;
        r->kind = GOMOKU_BY_FOUR;
        r->score = WIN - 3;
        line_len = 0;
        note_line(0, f);
        return true;
    }
    return false;
}

static void think(const gomoku_state *s, const qp_ai_opts *opts, gomoku_result *r)
{
    plan pl = {0};
    qp_rng rng;
    memset(r, 0, sizeof *r);
    r->kind = GOMOKU_BY_SEARCH;
    line_len = 0;
    gb_load(&board, s);
    new_search();
    qp_rng_seed(&rng, opts->seed);
    work.nodes = 0;
    pl.budget = (long long)GOMOKU_L3_NODES * (opts->level >= 4 ? GOMOKU_L4_FACTOR : 1);
    pl.ms = opts->time_ms;
    pl.t0 = qp_now_ms();
    pl.start = 0;
    if (quick_decision(s, r))
        goto done;
    bool forced_block = r->kind == GOMOKU_BY_BLOCK;
    if (!forced_block) {
        phase(&pl, 0.10);
        if (vcf_attack(VCF_DEPTH, 0)) {
            r->move = line[0];
            r->kind = GOMOKU_BY_VCF;
            r->score = WIN - line_len;
            goto done;
        }
        phase(&pl, 0.35);
        line_len = 0;
        if (vct_attack(VCT_DEPTH, 0) && line_len > 0) {
            r->move = line[0];
            r->kind = GOMOKU_BY_VCT;
            r->score = WIN - 2 * VCT_DEPTH - 1;
            line_len = 0;
            goto done;
        }
        line_len = 0;
    }
    phase(&pl, 0.90);
    root_moves(forced_block ? r->move : -1, &rng);
    iterate(r);
    if (!forced_block && r->score < DECIDED) {
        phase(&pl, 1.0);
        safety_check(r);
    }
done:
    r->nodes = work.nodes;
    if (r->kind != GOMOKU_BY_VCT)
        copy_line(s, r);
    r->move = rules_point(s, r->move);
}

bool gomoku_think(const gomoku_state *s, const qp_ai_opts *opts, gomoku_result *r,
                  qp_error *err)
{
    if (s->winner != QP_NOBODY || s->drawn)
        return qp_fail(err, "the game is over: nothing to play");
    think(s, opts, r);
    return true;
}

bool gomoku_vcf(const gomoku_state *s, long long nodes, gomoku_result *r)
{
    plan pl = {nodes, 0, 0, 0};
    memset(r, 0, sizeof *r);
    gb_load(&board, s);
    new_search();
    work.nodes = 0;
    phase(&pl, 1.0);
    line_len = 0;
    bool win = vcf_attack(VCF_DEPTH, 0);
    r->nodes = work.nodes;
    r->kind = GOMOKU_BY_VCF;
    if (win) {
        copy_line(s, r);
        r->move = r->line[0];
        r->score = WIN - line_len;
    }
    return win;
}

void gomoku_note(const gomoku_result *r, char *note, size_t cap)
{
    int plies = WIN - (r->score < 0 ? -r->score : r->score);
    switch (r->kind) {
    case GOMOKU_BY_OPENING:
        snprintf(note, cap, "opening in the centre");
        break;
    case GOMOKU_BY_FIVE:
        snprintf(note, cap, "makes five");
        break;
    case GOMOKU_BY_FOUR:
        snprintf(note, cap, "four that cannot be stopped: wins next move");
        break;
    case GOMOKU_BY_VCF:
        snprintf(note, cap, "wins by continuous fours (VCF) in %d moves", (plies + 1) / 2);
        break;
    case GOMOKU_BY_VCT:
        snprintf(note, cap, "wins by continuous threats (VCT)");
        break;
    default:
        if (r->score > DECIDED)
            snprintf(note, cap, "wins in %d moves", (plies + 1) / 2);
        else if (r->score < -DECIDED)
            snprintf(note, cap, "loses in %d moves against best play", plies / 2);
        else
            snprintf(note, cap, "%sevaluation %+d at depth %d",
                     r->kind == GOMOKU_BY_BLOCK ? "blocks a four; " : "", r->score, r->depth);
    }
}

/* ---- Analysis JSON:
 * {"best":"x,y","score":S,"kind":"search","note":"...","depth":D,
 *  "nodes":N,"line":["x,y",...],"threat":["x,y",...],
 *  "moves":[{"move":"x,y","score":S},...]}
 * kind: opening, five, block, four, vcf, vct, search. line: the forced win
 * found (five, four, VCF: both sides' moves in order). threat: the
 * opponent's VCF if it could move now (empty when it has none). moves:
 * the best root moves with their scores from a search one ply shallower
 * (best first; empty when the move was decided without a search). */

static const char *const KIND_NAMES[] = {"opening", "five", "block", "four",
                                         "vcf",     "vct",  "search"};

static void put_moves(const gomoku_state *s, qp_buf *out, const int *pts, int n)
{
    qp_bputc(out, '[');
    for (int i = 0; i < n; i++)
        qp_bprintf(out, "%s\"%d,%d\"", i ? "," : "", pts[i] % s->w, pts[i] / s->w);
    qp_bputc(out, ']');
}

/* The opponent's VCF if it could play now. */
static int opponent_threat(const gomoku_state *s, int *pts, long long nodes)
{
    plan pl = {nodes, 0, 0, work.nodes};
    gb_load(&board, s);
    gb_pass(&board);
    phase(&pl, 1.0);
    line_len = 0;
    bool yes = vcf_attack(VCF_DEPTH, 0);
    gb_pass(&board);
    if (!yes)
        return 0;
    for (int i = 0; i < line_len; i++)
        pts[i] = rules_point(s, line[i]);
    return line_len;
}

#define ANALYZE_MOVES 8

bool gomoku_analyze(const gomoku_state *s, const qp_ai_opts *opts, qp_buf *out, qp_error *err)
{
    static int pts[GOMOKU_LINE_MAX];
    gomoku_result r;
    char note[160];
    if (opts->level <= 2)
        return qp_fail(err, "gomoku analysis needs level 3 or 4");
    if (!gomoku_think(s, opts, &r, err))
        return false;
    gomoku_note(&r, note, sizeof note);
    qp_bprintf(out, "{\"best\":\"%d,%d\",\"score\":%d,\"kind\":\"%s\",\"note\":", r.move % s->w,
               r.move / s->w, r.score, KIND_NAMES[r.kind]);
    qp_bjson_str(out, note);
    qp_bprintf(out, ",\"depth\":%d,\"nodes\":%lld,\"line\":", r.depth, r.nodes);
    put_moves(s, out, r.line, r.line_len);
    int depth = r.depth > 1 ? r.depth - 1 : 1;
    bool searched = r.kind == GOMOKU_BY_SEARCH || r.kind == GOMOKU_BY_BLOCK;
    int n = searched ? (roots.n < ANALYZE_MOVES ? roots.n : ANALYZE_MOVES) : 0;
    int moves[ANALYZE_MOVES], scores[ANALYZE_MOVES];
    long long budget = (long long)GOMOKU_L3_NODES * (opts->level >= 4 ? GOMOKU_L4_FACTOR : 1);
    for (int i = 0; i < n; i++) { /* full-window scores of the best few */
        plan pl = {budget / 2 / (n ? n : 1), 0, 0, work.nodes};
        phase(&pl, 1.0);
        moves[i] = roots.m[i].move;
        gb_make(&board, moves[i]);
        scores[i] = -pvs(depth - 1, -INF, INF, 1);
        gb_unmake(&board);
        if (work.stop)
            n = i;
    }
    qp_bputs(out, ",\"threat\":");
    put_moves(s, out, pts, opponent_threat(s, pts, budget / 4));
    qp_bputs(out, ",\"moves\":[");
    for (int i = 0; i < n; i++)
        qp_bprintf(out, "%s{\"move\":\"%d,%d\",\"score\":%d}", i ? "," : "",
                   gb_x(moves[i]), gb_y(moves[i]), scores[i]);
    qp_bputs(out, "]}");
    return true;
}
