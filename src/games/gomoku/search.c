/* search.c — gomoku levels 3 and 4: how a move is chosen (ai.h's steps
 * in order, under the work plan), iterative-deepening PVS with its
 * transposition table and quiescence search over fours, the root and the
 * VCF safety check; gomoku_think and gomoku_vcf. */
#include "think.h"

#include <string.h>

#include "search/score.h"

#define MAX_PLY 60 /* PVS and quiescence, forced replies included */
#define MAX_DEPTH 40
#define Q_FOURS 3 /* fours the quiescence search may play in a row */
/* PVS moves tried at an inner node at most. With the learned tables, in
 * self-play at 100k nodes a move against the hand-made evaluation and
 * order at 12 (120 games): 12 scored 55.0 %, 8 64.6 %, 6 57.5 %. */
#define NODE_MOVES 8
#define SAFETY_TRIES 6

long long gomoku_max_nodes;

/* ---- The principal variation: pv[ply] is the line the search expects
 * from `ply` on, set each time a move there raised alpha (the usual
 * triangular table; a table cut-off leaves it short). */

#define PV_KEEP 16
static short pv[MAX_PLY + 2][PV_KEEP];
static unsigned char pv_len[MAX_PLY + 2];
static short root_pv[PV_KEEP];
static int root_pv_len;

/* pv[ply] = move, then the line below it. */
static void pv_extend(int ply, int move)
{
    int n = pv_len[ply + 1] < PV_KEEP - 1 ? pv_len[ply + 1] : PV_KEEP - 1;
    pv[ply][0] = (short)move;
    memcpy(pv[ply] + 1, pv[ply + 1], sizeof pv[0][0] * (size_t)n);
    pv_len[ply] = (unsigned char)(n + 1);
}

/* ---- The transposition table. */

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

static void new_search(void)
{
    root_pv_len = 0;
    if (++tt_gen == 0) { /* wrapped: old entries would look fresh */
        memset(tt, 0, sizeof tt);
        tt_gen = 1;
    }
    gk_threats_new_search();
}

/* ---- PVS. */

/* The learned evaluation (eval_table.c): what each empty point would
 * make for either side, weighted by who is to move; about 400 a logit of
 * the chance to win, kept clear of the decided scores. */
static int evaluate(const gb_board *b)
{
    int me = b->side, v = b->learned[me][0] + b->learned[!me][1];
    return v > DECIDED / 2 ? DECIDED / 2 : v < -DECIDED / 2 ? -DECIDED / 2 : v;
}

/* Answers that stop the opponent's open three(s), or our fours; or every
 * point near the stones. Best `cap` first. */
static void gen_moves(gb_board *b, move_list *l)
{
    int me = b->side, op = !me;
    if (gk_find_legal(b, op, GB_C_F4) >= 0) {
        gk_threat_moves(b, me, FOURS, l);
        gk_blocking_points(b, op, l);
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
    gb_board *b = &gk_board;
    int me = b->side, op = !me, f;
    if (gk_tick())
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
    if (gk_find_legal(b, me, GB_C_F4) >= 0)
        return WIN - ply - 3;
    int best = evaluate(b);
    if (best >= beta || fours <= 0 || ply >= MAX_PLY)
        return best;
    if (best > alpha)
        alpha = best;
    move_list ml, *l = &ml;
    ml.n = 0;
    ml.cap = 8;
    gk_threat_moves(b, me, FOURS, l);
    for (int i = 0; i < l->n; i++) {
        gb_make(b, l->m[i].move);
        int v = -quiesce(-beta, -alpha, ply + 1, fours - 1);
        gb_unmake(b);
        if (gk_work.stop)
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
    gb_board *b = &gk_board;
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
    if (gk_find_legal(b, me, GB_C_F4) >= 0) {
        *score = WIN - ply - 3;
        return true;
    }
    return false;
}

int gk_pvs(int depth, int alpha, int beta, int ply)
{
    gb_board *b = &gk_board;
    int score, forced;
    pv_len[ply] = 0;
    if (gk_tick())
        return 0;
    if (decided(ply, &score, &forced))
        return score;
    if (forced >= 0) { /* the opponent's four: one answer, no depth spent */
        gb_make(b, forced);
        pv_len[ply + 1] = 0;
        int v = ply < MAX_PLY ? -gk_pvs(depth, -beta, -alpha, ply + 1) : -evaluate(b);
        gb_unmake(b);
        pv_extend(ply, forced);
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
        return gk_find_legal(b, !b->side, GB_C_F4) >= 0 ? -(WIN - ply - 4) : 0;
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
            v = -gk_pvs(depth - 1, -beta, -alpha, ply + 1);
        } else {
            v = -gk_pvs(depth - 1, -alpha - 1, -alpha, ply + 1);
            if (v > alpha && v < beta)
                v = -gk_pvs(depth - 1, -beta, -alpha, ply + 1);
        }
        gb_unmake(b);
        if (gk_work.stop)
            return 0;
        if (v > best) {
            best = v;
            best_move = l->m[i].move;
            if (v > alpha) {
                alpha = v;
                pv_extend(ply, best_move);
            }
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

/* The line the search expects after `first` (its chosen move): the
 * principal variation of its last iteration when it starts there,
 * continued from the table while that remembers a best move on an empty
 * point. The board is left as it was. */
int gk_expected_line(int first, int *pts, int cap)
{
    gb_board *b = &gk_board;
    int n = 0;
    if (cap <= 0 || b->cell[first] != GOMOKU_EMPTY)
        return 0;
    int known = root_pv_len > 0 && root_pv[0] == first ? root_pv_len : 1;
    for (int i = 0; i < known && n < cap; i++) {
        int p = i == 0 ? first : root_pv[i];
        if (b->cell[p] != GOMOKU_EMPTY || !gb_legal(b, b->side, p))
            break;
        pts[n++] = p;
        gb_make(b, p);
    }
    while (n < cap) {
        const tt_entry *e = &tt[b->hash & ((1 << TT_BITS) - 1)];
        if (e->gen != tt_gen || e->key != b->hash || e->move < 0 ||
            b->cell[e->move] != GOMOKU_EMPTY || !gb_legal(b, b->side, e->move))
            break;
        pts[n++] = e->move;
        gb_make(b, e->move);
    }
    for (int i = 0; i < n; i++)
        gb_unmake(b);
    return n;
}

/* ---- The root. */

root_list gk_roots;

/* Best first; ties keep their order (insertion sort: lists are short). */
static void sort_roots(int from)
{
    for (int i = from + 1; i < gk_roots.n; i++)
        for (int j = i; j > from && gk_roots.m[j].score > gk_roots.m[j - 1].score; j--) {
            qp_scored t = gk_roots.m[j];
            gk_roots.m[j] = gk_roots.m[j - 1];
            gk_roots.m[j - 1] = t;
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
        gen_moves(&gk_board, l);
    if (l->n == 0) /* nothing near the stones: any legal point */
        for (int i = 0; i < gk_board.n_on; i++)
            if (gb_legal(&gk_board, gk_board.side, gk_board.on[i]))
                add_move(l, gk_board.on[i], 0);
    for (int i = 0; i < l->n; i++) { /* the seed breaks ties */
        gk_roots.m[i].move = l->m[i].move;
        gk_roots.m[i].score = l->m[i].score * 4 + (int)qp_rng_below(rng, 4);
    }
    gk_roots.n = l->n;
    sort_roots(0);
}

/* One iteration at `depth`; returns the index of the best move, or -1 if
 * stopped before the first move was done. Scores of the others are
 * upper bounds (they failed low). */
static int root_iteration(int depth, int *best_score)
{
    int alpha = -INF, best = -1;
    for (int i = 0; i < gk_roots.n; i++) {
        gb_make(&gk_board, gk_roots.m[i].move);
        int v;
        if (i == 0) {
            v = -gk_pvs(depth - 1, -INF, INF, 1);
        } else {
            v = -gk_pvs(depth - 1, -alpha - 1, -alpha, 1);
            if (v > alpha && !gk_work.stop)
                v = -gk_pvs(depth - 1, -INF, -alpha, 1);
        }
        gb_unmake(&gk_board);
        if (gk_work.stop)
            break;
        gk_roots.m[i].score = v;
        if (v > alpha) {
            alpha = v;
            best = i;
            pv_extend(0, gk_roots.m[i].move);
            root_pv_len = pv_len[0];
            memcpy(root_pv, pv[0], sizeof root_pv);
        }
    }
    *best_score = alpha;
    return best;
}

static void iterate(gomoku_result *r)
{
    r->move = gk_roots.m[0].move;
    r->score = 0;
    for (int depth = 1; depth <= MAX_DEPTH; depth++) {
        int best_score, i = root_iteration(depth, &best_score);
        if (i < 0)
            break;
        r->move = gk_roots.m[i].move;
        r->score = best_score;
        gk_roots.m[i].score = INF; /* best first, then by score */
        sort_roots(0);
        gk_roots.m[0].score = best_score;
        if (gk_work.stop)
            break;
        r->depth = depth;
        if (best_score > DECIDED || best_score < -DECIDED || gk_roots.n == 1)
            break;
    }
}

/* Does the opponent win by VCF after we play p? -1 when the work ran out
 * before an answer. */
static int allows_vcf(int p)
{
    gb_make(&gk_board, p);
    int saved = gk_line_len;
    bool yes = gk_vcf_attack(VCF_DEPTH, 0);
    gk_line_len = saved;
    gb_unmake(&gk_board);
    return gk_work.stop ? -1 : yes;
}

/* Keeps the PVS choice unless it allows a VCF and one of the next root
 * moves (in search order) does not. */
static void safety_check(gomoku_result *r)
{
    int chosen = 0;
    for (int i = 0; i < gk_roots.n; i++)
        if (gk_roots.m[i].move == r->move)
            chosen = i;
    if (allows_vcf(gk_roots.m[chosen].move) != 1)
        return;
    for (int i = 0, tries = 1; i < gk_roots.n && tries < SAFETY_TRIES; i++) {
        if (i == chosen)
            continue;
        int verdict = allows_vcf(gk_roots.m[i].move);
        if (verdict < 0)
            return;
        if (verdict == 0) {
            r->move = gk_roots.m[i].move;
            r->score = gk_roots.m[i].score;
            return;
        }
        tries++;
    }
}

/* ---- The entry points. */

static void copy_line(const gomoku_state *s, gomoku_result *r)
{
    r->line_len = gk_line_len;
    for (int i = 0; i < gk_line_len; i++)
        r->line[i] = gk_rules_point(s, gk_line[i]);
}

/* The steps before PVS: true when one of them decided the move. */
static bool quick_decision(const gomoku_state *s, gomoku_result *r)
{
    gb_board *b = &gk_board;
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
        gk_line_len = 0;
        gk_note_line(0, f);
        return true;
    }
    if ((f = gb_find(b, op, GB_C_FIVE)) >= 0 && gb_legal(b, me, f)) {
        r->move = f;
        r->kind = GOMOKU_BY_BLOCK;
        return false; /* forced, but still worth a score: searched below */
    }
    if ((f = gk_find_legal(b, me, GB_C_F4)) >= 0) {
        r->move = f;
        r->kind = GOMOKU_BY_FOUR;
        r->score = WIN - 3;
        gk_line_len = 0;
        gk_note_line(0, f);
        return true;
    }
    return false;
}

static void think(const gomoku_state *s, const qp_ai_opts *opts, gomoku_result *r)
{
    gk_plan pl = {0};
    qp_rng rng;
    memset(r, 0, sizeof *r);
    r->kind = GOMOKU_BY_SEARCH;
    gk_line_len = 0;
    gb_load(&gk_board, s);
    new_search();
    qp_rng_seed(&rng, opts->seed);
    gk_work.nodes = 0;
    pl.ms = opts->time_ms;
    pl.budget = gomoku_max_nodes > 0 || pl.ms > 0
                    ? gomoku_max_nodes
                    : (long long)GOMOKU_L3_NODES * (opts->level >= 4 ? GOMOKU_L4_FACTOR : 1);
    pl.t0 = qp_now_ms();
    pl.start = 0;
    if (quick_decision(s, r))
        goto done;
    bool forced_block = r->kind == GOMOKU_BY_BLOCK;
    if (!forced_block) {
        gk_phase(&pl, 0.10);
        if (gk_vcf_attack(VCF_DEPTH, 0)) {
            r->move = gk_line[0];
            r->kind = GOMOKU_BY_VCF;
            r->score = WIN - gk_line_len;
            goto done;
        }
        gk_phase(&pl, 0.35);
        gk_line_len = 0;
        if (gk_vct_attack(VCT_DEPTH, 0) && gk_line_len > 0) {
            r->move = gk_line[0];
            r->kind = GOMOKU_BY_VCT;
            r->score = WIN - 2 * VCT_DEPTH - 1;
            gk_line_len = 0;
            goto done;
        }
        gk_line_len = 0;
    }
    gk_phase(&pl, 0.90);
    root_moves(forced_block ? r->move : -1, &rng);
    iterate(r);
    if (!forced_block && r->score < DECIDED) {
        gk_phase(&pl, 1.0);
        safety_check(r);
    }
done:
    r->nodes = gk_work.nodes;
    if (r->kind != GOMOKU_BY_VCT)
        copy_line(s, r);
    r->move = gk_rules_point(s, r->move);
}

bool gomoku_think(const gomoku_state *s, const qp_ai_opts *opts, gomoku_result *r, qp_error *err)
{
    if (s->winner != QP_NOBODY || s->drawn)
        return qp_fail(err, "the game is over: nothing to play");
    think(s, opts, r);
    return true;
}

bool gomoku_vcf(const gomoku_state *s, long long nodes, gomoku_result *r)
{
    gk_plan pl = {nodes, 0, 0, 0};
    memset(r, 0, sizeof *r);
    gb_load(&gk_board, s);
    new_search();
    gk_work.nodes = 0;
    gk_phase(&pl, 1.0);
    gk_line_len = 0;
    bool win = gk_vcf_attack(VCF_DEPTH, 0);
    r->nodes = gk_work.nodes;
    r->kind = GOMOKU_BY_VCF;
    if (win) {
        copy_line(s, r);
        r->move = r->line[0];
        r->score = WIN - gk_line_len;
    }
    return win;
}
