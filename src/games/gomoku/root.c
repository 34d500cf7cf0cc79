/* root.c — gomoku levels 3 and 4 at the root: how a move is chosen (ai.h's
 * steps in order, under the work plan): the moves that decide at once,
 * VCF and VCT (threats.c), the root moves, iterative deepening in
 * aspiration windows over PVS (pvs.c) and the VCF safety check;
 * gomoku_think and gomoku_vcf. */
#include "think.h"

#include <string.h>

#define MAX_DEPTH 40
/* The work plan: the share of the budget spent when VCF and VCT stop. */
#ifndef GK_VCF_SHARE
#define GK_VCF_SHARE 0.03
#endif
#ifndef GK_VCT_SHARE
#define GK_VCT_SHARE 0.12
#endif
#define SAFETY_TRIES 6
#ifndef GK_ASPIRATION
#define GK_ASPIRATION 40 /* the first aspiration window: score +- 40 (0.1 logit) */
#endif

long long gomoku_max_nodes;

/* ---- The root. */

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
        gk_gen_moves(&gk_board, l);
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

/* One iteration in an aspiration window around the last score, widened
 * (twice as far each time) until the score falls inside it: a narrow
 * window cuts more. Returns the best root index, -1 when stopped first. */
static int aspirated_iteration(int depth, int last, int *score)
{
    int delta = GK_ASPIRATION;
    bool narrow = depth >= 4 && last > -DECIDED && last < DECIDED;
    int alpha = narrow ? last - delta : -INF, beta = narrow ? last + delta : INF;
    int high = -INF; /* the score of a move that failed high, now first */
    for (;;) {
        int i = gk_root_iteration(depth, alpha, beta, score);
        if (gk_work.stop && i < 0 && high > -INF) { /* it beat the last best */
            *score = high;
            return 0;
        }
        if (gk_work.stop)
            return i;
        if (*score <= alpha && alpha > -INF) {
            alpha = *score - delta > -DECIDED ? *score - delta : -INF;
        } else if (*score >= beta && beta < INF) {
            gk_roots.m[i].score = INF; /* the move that failed high first */
            sort_roots(0);
            high = *score;
            beta = *score + delta < DECIDED ? *score + delta : INF;
        } else {
            return i;
        }
        delta *= 2;
    }
}

static void iterate(gomoku_result *r)
{
    r->move = gk_roots.m[0].move;
    r->score = 0;
    for (int depth = 1; depth <= MAX_DEPTH; depth++) {
        int best_score, i = aspirated_iteration(depth, r->score, &best_score);
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

/* Move f wins at once (by `kind`, scored `score`): its line is f alone. */
static bool wins_at_once(gomoku_result *r, int f, int kind, int score)
{
    r->move = f;
    r->kind = kind;
    r->score = score;
    gk_line_len = 0;
    gk_note_line(0, f);
    return true;
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
    if ((f = gb_find(b, me, GB_C_FIVE)) >= 0)
        return wins_at_once(r, f, GOMOKU_BY_FIVE, WIN - 1);
    if ((f = gb_find(b, op, GB_C_FIVE)) >= 0 && gb_legal(b, me, f)) {
        r->move = f;
        r->kind = GOMOKU_BY_BLOCK;
        return false; /* forced, but still worth a score: searched below */
    }
    if ((f = gk_find_legal(b, me, GB_C_F4)) >= 0)
        return wins_at_once(r, f, GOMOKU_BY_FOUR, WIN - 3);
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
    gk_pvs_new_search();
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
        gk_phase(&pl, GK_VCF_SHARE);
        if (gk_vcf_attack(VCF_DEPTH, 0)) {
            r->move = gk_line[0];
            r->kind = GOMOKU_BY_VCF;
            r->score = WIN - gk_line_len;
            goto done;
        }
        gk_phase(&pl, GK_VCT_SHARE);
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
    gk_pvs_new_search();
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
