#include "match.h"

#include <stdio.h>
#include <string.h>

#include "engine.h"

static qp_state_mem match_state;

static void count_draw(qp_match_result *r, const char *reason)
{
    r->draws++;
    for (int i = 0; i < QP_MATCH_REASONS; i++) {
        if (!r->draw_reason[i] || !strcmp(r->draw_reason[i], reason)) {
            r->draw_reason[i] = reason;
            r->draw_count[i]++;
            return;
        }
    }
}

/* Plays one game; agent_at_ply0 is the agent (0 = a, 1 = b) moving first.
 * *winner gets the winning agent, or -1 for a draw (one-player: 0 won,
 * 1 lost). */
static bool play_one(const qp_game *g, const qp_match_opts *o, uint64_t deal, int first,
                     qp_match_result *r, int *winner, qp_status *end, qp_error *err)
{
    void *st = &match_state;
    memset(st, 0, g->state_size);
    if (!g->init(st, o->params, deal, err))
        return false;
    int agent_of_side[2] = {-1, -1};
    int ply = 0;
    qp_status s = g->status(st);
    while (s.phase == QP_TURN) {
        if (ply > g->max_plies)
            return qp_fail(err, "internal error: a %s game ran past %d plies", g->id, g->max_plies);
        int agent = g->players == 1 ? 0 : (first + ply) % 2;
        if (s.player >= 0)
            agent_of_side[s.player] = agent;
        qp_ai_opts ai = {o->level[agent], qp_mix_seed(deal, (uint64_t)ply * 2 + (uint64_t)agent),
                         o->time_ms};
        int action;
        double t0 = qp_now_ms();
        if (!qp_ai_choose(g, st, &ai, &action, NULL, err))
            return false;
        r->ms[agent] += qp_now_ms() - t0;
        r->moves[agent]++;
        g->apply(st, action);
        ply++;
        s = g->status(st);
    }
    r->plies += ply;
    *end = s;
    if (g->players == 1) {
        *winner = s.phase == QP_WIN ? 0 : 1;
        return true;
    }
    if (s.phase == QP_DRAW) {
        *winner = -1;
        return true;
    }
    int w = s.phase == QP_WIN ? s.player : 1 - s.player;
    /* Sides can be unknown at the start (dark chess colours come with the
     * first flip), so find the agent through whichever side was seen. */
    if (agent_of_side[w] >= 0)
        *winner = agent_of_side[w];
    else if (agent_of_side[1 - w] >= 0)
        *winner = 1 - agent_of_side[1 - w];
    else
        *winner = first;
    return true;
}

bool qp_match(const qp_game *g, const qp_match_opts *o, qp_match_result *r, qp_match_report report,
              void *ctx, qp_error *err)
{
    memset(r, 0, sizeof *r);
    for (int i = 0; i < o->games; i++) {
        bool solo = g->players == 1;
        uint64_t deal = qp_mix_seed(o->seed, (uint64_t)(solo ? i : i / 2));
        int first = solo ? 0 : i % 2;
        int winner = -1;
        qp_status end = {QP_DRAW, QP_NOBODY, ""};
        if (!play_one(g, o, deal, first, r, &winner, &end, err))
            return false;
        char line[160];
        if (solo) {
            r->wins[winner]++;
            snprintf(line, sizeof line, "game %d: %s (%s)", i + 1, winner == 0 ? "won" : "lost",
                     end.reason);
        } else {
            if (winner < 0)
                count_draw(r, end.reason);
            else
                r->wins[winner]++;
            snprintf(line, sizeof line, "game %d: %c first, %s%s (%s)", i + 1, "ab"[first],
                     winner < 0 ? "draw" : "win ",
                     winner < 0 ? ""
                     : winner   ? "b"
                                : "a",
                     end.reason);
        }
        if (report)
            report(ctx, line);
    }
    return true;
}

/* Square root by Newton's method: no libm, the same digits everywhere. */
static double root(double x)
{
    if (x <= 0)
        return 0;
    double r = x > 1 ? x : 1;
    for (int i = 0; i < 200; i++) {
        double next = (r + x / r) / 2;
        if (next >= r)
            break;
        r = next;
    }
    return r;
}

void qp_wilson95(long long wins, long long n, double *lo, double *hi)
{
    const double z = 1.959963984540054;
    if (n <= 0) {
        *lo = 0;
        *hi = 1;
        return;
    }
    double p = (double)wins / (double)n, z2n = z * z / (double)n;
    double centre = (p + z2n / 2) / (1 + z2n);
    double half = z / (1 + z2n) * root(p * (1 - p) / (double)n + z2n / (4 * (double)n));
    *lo = centre - half < 0 ? 0 : centre - half;
    *hi = centre + half > 1 ? 1 : centre + half;
}
