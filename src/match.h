/* match.h — AI against AI over many seeded games, for any registered game.
 *
 * Two-player games are played in pairs on the same deal (game 2k and
 * 2k+1 share a seed) with the seats swapped, so that neither agent is
 * favoured by who moves first or by the deal. One-player games have
 * agent a play every game alone.
 */
#ifndef QP_MATCH_H
#define QP_MATCH_H

#include "game.h"

#define QP_MATCH_REASONS 8

typedef struct {
    int level[2]; /* agents a and b */
    int games;
    uint64_t seed;
    const char *params;
    int time_ms; /* 0: deterministic work budgets */
} qp_match_opts;

typedef struct {
    int wins[2]; /* a, b (one-player: wins[0] won, wins[1] lost) */
    int draws;
    const char *draw_reason[QP_MATCH_REASONS];
    int draw_count[QP_MATCH_REASONS];
    long long moves[2];
    double ms[2]; /* wall-clock time spent choosing, per agent */
    long long plies;
} qp_match_result;

/* Called after each game with a one-line summary of it. */
typedef void (*qp_match_report)(void *ctx, const char *line);

bool qp_match(const qp_game *g, const qp_match_opts *o, qp_match_result *r, qp_match_report report,
              void *ctx, qp_error *err);

/* The 95% Wilson score interval of a rate of `wins` in `n` trials. */
void qp_wilson95(long long wins, long long n, double *lo, double *hi);

#endif
