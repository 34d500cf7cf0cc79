/* beast_tune.c — fits dark animal chess's evaluation weights
 * (src/games/beast/eval.c, bn_eval_weights) to the results of match games
 * (make beast-tune; docs/engines.md, "Weights fitted to the games").
 *
 *   beast_tune GAMES_FILE [HELD_OUT]
 *
 * GAMES_FILE: a game a line, "DEAL RED_SCORE ACTION ...", the deal's seed,
 * 1, 1/2 or 0 as the game ended for red, then every action in our text
 * (tools/beast_games.cjs writes it from bench/records). HELD_OUT 0-4: the
 * deals whose seed leaves that remainder by 5 are not fitted on, and the
 * fit's loss on them says whether it learned more than those games.
 *
 * As in Texel tuning: every position with a side to move in which neither
 * the action played nor the reply captured (a quiet one, as the search's
 * leaves are) is a sample, seen as the side to move sees it (face-down
 * pieces hidden), labelled with the game's result for that side. The loss
 * is the mean squared difference between the label and
 * 1 / (1 + exp(-eval / K)), K fitted first to the weights as they are;
 * then each weight in turn moves by a tenth (at least 1) while that lowers
 * the loss, until a round changes none. Prints the losses and the weights
 * as eval.c's initializer. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine.h"
#include "games/beast/rules.h"
#include "games/beast/think.h"

#define MAX_SAMPLES 400000
#define MAX_ACTIONS BEAST_MAX_PLIES

typedef struct {
    node view;
    float result; /* for the side to move */
    bool held_out;
} sample;

static sample *samples;
static int n_samples;

/* One game's quiet positions into samples; false if an action is not
 * legal. A position is kept once the reply to its action is known not to
 * capture either. */
static bool add_game(uint64_t deal, double red, char **actions, int n, int held_out_mod)
{
    beast_state st;
    qp_error err;
    if (!beast_init(&st, NULL, deal, &err))
        return false;
    sample quiet; /* the last position, if its action took nothing */
    bool pending = false;
    for (int i = 0; i < n; i++) {
        int action;
        if (!qp_read_move(&qp_beast, &st, actions[i], &action, &err)) {
            fprintf(stderr, "deal %llu, ply %d (%s): %s\n", (unsigned long long)deal, i, actions[i],
                    err.msg);
            return false;
        }
        bool capture = !bx_is_flip(action) && st.cell[bx_to(action)] != BX_EMPTY;
        if (pending && !capture && n_samples < MAX_SAMPLES)
            samples[n_samples++] = quiet;
        pending = st.to_move >= 0 && !capture;
        if (pending) {
            beast_state view;
            beast_observe(&st, st.to_move, &view);
            bn_from_view(&view, &quiet.view);
            quiet.result = (float)(st.to_move == BX_RED ? red : 1 - red);
            quiet.held_out = held_out_mod >= 0 && (int)(deal % 5) == held_out_mod;
        }
        beast_apply(&st, action);
    }
    return true;
}

static bool read_games(const char *path, int held_out_mod)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        perror(path);
        return false;
    }
    static char line[1 << 16];
    static char *actions[MAX_ACTIONS];
    int games = 0;
    while (fgets(line, sizeof line, f)) {
        char *deal = strtok(line, " \n"), *red = strtok(NULL, " \n");
        if (!deal || !red)
            continue;
        int n = 0;
        for (char *a; n < MAX_ACTIONS && (a = strtok(NULL, " \n"));)
            actions[n++] = a;
        if (!add_game(strtoull(deal, NULL, 10), atof(red), actions, n, held_out_mod)) {
            fclose(f);
            return false;
        }
        games++;
    }
    fclose(f);
    fprintf(stderr, "%d games, %d positions\n", games, n_samples);
    return n_samples > 0;
}

/* The mean squared error over the fitted samples (held_out false) or the
 * others. */
static double loss(double k, bool held_out)
{
    double sum = 0;
    int count = 0;
    for (int i = 0; i < n_samples; i++) {
        if (samples[i].held_out != held_out)
            continue;
        double p = 1 / (1 + exp(-bn_evaluate(&samples[i].view) / k)), d = samples[i].result - p;
        sum += d * d;
        count++;
    }
    return count ? sum / count : 0;
}

static double fit_k(void)
{
    double best_k = 100, best = INFINITY;
    for (double k = 50; k <= 1000; k += 10) {
        double l = loss(k, false);
        if (l < best) {
            best = l;
            best_k = k;
        }
    }
    return best_k;
}

static void print_weights(const char *what, double k, bool held)
{
    const bn_eval_weights *w = &bn_weights;
    printf("%s: loss %.6f", what, loss(k, false));
    if (held)
        printf(", held out %.6f", loss(k, true));
    printf("\n    .base = {%d, %d, %d, %d, %d, %d, %d},\n", w->base[0], w->base[1], w->base[2],
           w->base[3], w->base[4], w->base[5], w->base[6]);
    printf("    .prey = %d, .dominated = %d, .mobility_div = %d, .dragon_danger = %d,\n", w->prey,
           w->dominated, w->mobility_div, w->dragon_danger);
    printf("    .hunt_div = %d, .hunt_ahead = %d, .ahead = %d,\n", w->hunt_div, w->hunt_ahead,
           w->ahead);
    fflush(stdout);
}

int main(int argc, char **argv)
{
    if (argc < 2 || argc > 3) {
        fprintf(stderr, "usage: beast_tune GAMES_FILE [HELD_OUT 0-4]\n");
        return 2;
    }
    int held_out_mod = argc == 3 ? atoi(argv[2]) : -1;
    samples = malloc(sizeof *samples * MAX_SAMPLES);
    if (!samples || !read_games(argv[1], held_out_mod))
        return 1;
    bn_eval_start(true); /* level 3's evaluation */
    double k = fit_k();
    printf("K %.0f\n", k);
    bool held = held_out_mod >= 0;
    print_weights("before", k, held);
    bn_eval_weights *w = &bn_weights;
    int *weight[] = {&w->base[0],    &w->base[1],      &w->base[2],       &w->base[3],
                     &w->base[4],    &w->base[5],      &w->base[6],       &w->prey,
                     &w->dominated,  &w->mobility_div, &w->dragon_danger, &w->hunt_div,
                     &w->hunt_ahead, &w->ahead};
    int n_weights = (int)(sizeof weight / sizeof weight[0]);
    double best = loss(k, false);
    for (bool changed = true; changed;) {
        changed = false;
        for (int j = 0; j < n_weights; j++) {
            int was = *weight[j], step = was >= 20 ? was / 10 : 1;
            for (int dir = -1; dir <= 1; dir += 2) {
                if (was + dir * step < 1)
                    continue; /* every weight is a count, a value or a divisor */
                *weight[j] = was + dir * step;
                double l = loss(k, false);
                if (l < best - 1e-7) {
                    best = l;
                    changed = true;
                    break;
                }
                *weight[j] = was;
            }
        }
        print_weights("round", k, held);
    }
    free(samples);
    return 0;
}
