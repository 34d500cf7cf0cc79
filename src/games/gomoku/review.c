/* review.c — gomoku's judge() for the game review (game.h).
 *
 * Each position is valued once by the top levels' search (gomoku_think,
 * levels 3-4's steps) on a small node budget a ply (GMK_REVIEW_NODES at
 * level 4, a third of it at level 3, a tenth below): its best move is the
 * review's best, its score s the mover's win chance, 1 or 0 once decided
 * (|s| > GOMOKU_WIN - 1000: a five, a four, a VCF or VCT found, a won
 * search), else the logistic 1 / (1 + e^(-s / GMK_SCALE)). The value
 * after a move is the opponent's valuation of the position it leaves, seen
 * from the mover; it is kept and reused as the next ply's value before.
 *
 * A missed win: the mover had a proven win (the search's, or a VCF found
 * by gomoku_vcf within GMK_VCF_NODES) and its move leaves none proven:
 * no five, the opponent's search does not find itself lost, and when the
 * opponent must block a five, the mover has no VCF after the block (so
 * the fours of a VCF, played in turn, keep the win; a quiet move played
 * over it loses it).
 *
 * Where the mover had a proven win, the extra members say how the best
 * move wins: "win_by" ("five", "four", "vcf", "vct" or "search") and,
 * where its length is known (not for a VCT), "win_in": the mover's moves
 * to the five, the best move included.
 */
#include <string.h>

#include "ai.h"
#include "rules.h"

#define GMK_REVIEW_NODES 40000LL
#define GMK_VCF_NODES 10000LL
#define GMK_SCALE 800.0
#define GMK_DECIDED (GOMOKU_WIN - 1000)

/* The last position valued, with its result: the next ply's before. */
static gomoku_state cached_pos;
static gomoku_result cached;
static long long cached_budget;
static bool cache_valid;
static gomoku_state child; /* the position after the move judged */

static bool same_position(const gomoku_state *a, const gomoku_state *b)
{
    return a->w == b->w && a->h == b->h && a->rule == b->rule && a->n == b->n &&
           a->winner == b->winner && a->drawn == b->drawn &&
           !memcmp(a->move, b->move, sizeof(a->move[0]) * (size_t)a->n) &&
           !memcmp(a->cell, b->cell, sizeof a->cell);
}

static bool value(const gomoku_state *s, long long budget, gomoku_result *r, qp_error *err)
{
    if (cache_valid && cached_budget == budget && same_position(&cached_pos, s)) {
        *r = cached;
        return true;
    }
    qp_ai_opts o = {3, 1, 0};
    long long saved = gomoku_max_nodes;
    gomoku_max_nodes = budget;
    bool ok = gomoku_think(s, &o, r, err);
    gomoku_max_nodes = saved;
    if (!ok)
        return false;
    memcpy(&cached_pos, s, sizeof *s);
    cached = *r;
    cached_budget = budget;
    cache_valid = true;
    return true;
}

static double chance(int score)
{
    if (score > GMK_DECIDED)
        return 1;
    if (score < -GMK_DECIDED)
        return 0;
    return qp_logistic(score / GMK_SCALE);
}

/* After a move of a player who had a proven win: when the opponent must
 * block a five (the move was a four, or left one), does the mover still
 * win by VCF after that block? */
static bool still_wins(const gomoku_result *reply)
{
    static gomoku_state next;
    gomoku_result vcf;
    if (reply->kind != GOMOKU_BY_BLOCK)
        return false;
    memcpy(&next, &child, sizeof next);
    gmk_apply(&next, reply->move);
    return next.winner == QP_NOBODY && !next.drawn && gomoku_vcf(&next, GMK_VCF_NODES, &vcf);
}

static const char *const WIN_BY[] = {"search", "five", "search", "four", "vcf", "vct", "search"};

/* How the mover's proven win goes: the search's (r) or, when only the VCF
 * search proved it, that VCF's. */
static void put_win(qp_judgement *j, const gomoku_result *r, const gomoku_result *vcf)
{
    qp_buf b;
    const gomoku_result *w = r->score > GMK_DECIDED ? r : vcf;
    int kind = w == vcf ? GOMOKU_BY_VCF : w->kind;
    qp_buf_init(&b, j->extra, j->extra_cap);
    qp_bprintf(&b, ",\"win_by\":\"%s\"", WIN_BY[kind]);
    if (kind != GOMOKU_BY_VCT)
        qp_bprintf(&b, ",\"win_in\":%d", (GOMOKU_WIN - w->score + 1) / 2);
}

bool gmk_judge(const void *st, int action, int level, qp_judgement *j, qp_error *err)
{
    const gomoku_state *s = st;
    long long budget = level >= 4   ? GMK_REVIEW_NODES
                       : level == 3 ? GMK_REVIEW_NODES / 3
                                    : GMK_REVIEW_NODES / 10;
    gomoku_result before, after, vcf;
    if (!value(s, budget, &before, err))
        return false;
    bool won = before.score > GMK_DECIDED || gomoku_vcf(s, GMK_VCF_NODES, &vcf);
    memcpy(&child, s, sizeof child);
    gmk_apply(&child, action);
    j->exact = false;
    j->best = before.move;
    j->before = chance(before.score);
    j->extra[0] = '\0';
    if (won)
        put_win(j, &before, &vcf);
    if (child.winner != QP_NOBODY || child.drawn) {
        j->after = child.drawn ? 0.5 : 1;
        j->missed_win = won && child.drawn;
        return true;
    }
    if (!value(&child, budget, &after, err))
        return false;
    j->after = 1 - chance(after.score);
    j->missed_win = won && after.score >= -GMK_DECIDED && !still_wins(&after);
    if (j->missed_win && before.score <= GMK_DECIDED)
        j->best = vcf.move;
    return true;
}
