/* gomoku_games.c — the games that tools/gomoku_tune.c learns from
 * (gomoku_games.h): level 3's self-play and its openings, the game lines
 * read back, and how well the move order foresees the search. */
#define _POSIX_C_SOURCE 200809L
#include "gomoku_games.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/gomoku/think.h"
#include "rng.h"

/* A new 15x15 free game with the random opening that `seed` picks: the
 * centre, then stones in the 5x5 square around it. */
static void open_game(gomoku_state *s, uint64_t seed)
{
    qp_error err;
    qp_rng rng;
    qp_rng_seed(&rng, seed);
    gomoku_setup(s, SIZE, SIZE, GOMOKU_FREE, &err);
    int c = SIZE / 2;
    gomoku_place(s, c * SIZE + c);
    while (s->n < OPEN_STONES) {
        int x = c - 2 + (int)qp_rng_below(&rng, 5), y = c - 2 + (int)qp_rng_below(&rng, 5);
        if (s->cell[y * SIZE + x] == GOMOKU_EMPTY)
            gomoku_place(s, y * SIZE + x);
    }
}

void play_game(long long nodes, uint64_t seed)
{
    gomoku_state s;
    qp_error err;
    int scores[SIZE * SIZE];
    open_game(&s, seed);
    gomoku_max_nodes = nodes;
    while (s.winner == QP_NOBODY && !s.drawn) {
        qp_ai_opts opts = {.level = 3, .seed = seed * 1000 + (uint64_t)s.n};
        gomoku_result r;
        if (!gomoku_think(&s, &opts, &r, &err)) {
            fprintf(stderr, "gomoku_tune: %s\n", err.msg);
            exit(1);
        }
        scores[s.n] = r.score;
        gomoku_place(&s, r.move);
    }
    printf("%c %d", s.drawn ? 'D' : s.winner == 0 ? 'B' : 'W', OPEN_STONES);
    for (int i = 0; i < s.n; i++)
        printf(" %d", s.move[i]);
    printf(" /");
    for (int i = OPEN_STONES; i < s.n; i++)
        printf(" %d", scores[i]);
    printf("\n");
    fflush(stdout);
}

/* COUNT random openings (as play_game's) as lines of "x,y" moves. */
void print_openings(int count, uint64_t seed)
{
    printf("# %d random openings of %d stones in the centre 5x5 (gomoku_tune openings %d %llu)\n",
           count, OPEN_STONES, count, (unsigned long long)seed);
    for (int i = 0; i < count; i++) {
        gomoku_state s;
        open_game(&s, seed + (uint64_t)i);
        for (int k = 0; k < s.n; k++)
            printf("%s%d,%d", k ? " " : "", s.move[k] % SIZE, s.move[k] / SIZE);
        printf("\n");
    }
}

FILE *open_or_exit(const char *path, const char *mode)
{
    FILE *f = fopen(path, mode);
    if (!f) {
        perror(path);
        exit(1);
    }
    return f;
}

bool read_game_line(FILE *f, game_line *g)
{
    static char line[8192];
    while (fgets(line, sizeof line, f)) {
        char *p = line, *end;
        g->n = g->n_scores = 0;
        if (sscanf(p, " %c %d", &g->result, &g->open) != 2 || !strchr("BWD", g->result))
            continue;
        p = strchr(p, ' ') + 1;
        strtol(p, &p, 10); /* the opening's length, read above */
        for (long v; g->n < SIZE * SIZE && (v = strtol(p, &end, 10), end != p); p = end)
            g->moves[g->n++] = (int)v;
        if ((p = strchr(p, '/')))
            for (p++; g->n_scores < SIZE * SIZE &&
                      (g->scores[g->n_scores] = (int)strtol(p, &end, 10), end != p);
                 p = end)
                g->n_scores++;
        return true;
    }
    return false;
}

/* Would the search evaluate this position (pvs.c's quiesce)? */
bool quiet(const gb_board *b)
{
    int me = b->side, op = !me;
    return !b->count[me][GB_C_FIVE] && !b->count[op][GB_C_FIVE] && !b->count[me][GB_C_F4];
}

bool open_choice(const gb_board *b)
{
    int me = b->side, op = !me;
    return quiet(b) && !b->count[op][GB_C_F4];
}

/* ---- How well the move order foresees the search: for the positions of
 * the held-out games where the order ranks every point near the stones
 * (open_choice), the search's move at NODES a move, and its rank among
 * those points by the learned order in the tree (think.h's order_score).
 * Prints how often it is first, among the first 3 and the first 8. */
void rank_search_moves(const char *path, long long nodes, int max_positions)
{
    FILE *f = open_or_exit(path, "r");
    static gb_board b;
    static game_line g;
    gomoku_state s;
    qp_error err;
    int games = 0, n = 0, within[3] = {0}, limits[3] = {1, 3, 8};
    gomoku_max_nodes = nodes;
    while (n < max_positions && read_game_line(f, &g)) {
        if (games++ % HOLD_OUT)
            continue;
        gomoku_setup(&s, SIZE, SIZE, GOMOKU_FREE, &err);
        gb_load(&b, &s);
        for (int i = 0; i < g.n && n < max_positions; i++) {
            if (i >= g.open && open_choice(&b)) {
                qp_ai_opts opts = {.level = 3, .seed = 1};
                gomoku_result r;
                if (gomoku_think(&s, &opts, &r, &err) && r.kind == GOMOKU_BY_SEARCH) {
                    int me = b.side, chosen = gb_at(r.move % SIZE, r.move / SIZE);
                    int score = order_score(&b, me, chosen), rank = 0;
                    for (int k = 0; k < b.n_on; k++) {
                        int p = b.on[k];
                        if (p != chosen && b.cell[p] == GOMOKU_EMPTY && b.near[p] &&
                            order_score(&b, me, p) >= score)
                            rank++;
                    }
                    for (int l = 0; l < 3; l++)
                        within[l] += rank < limits[l];
                    n++;
                }
            }
            gomoku_place(&s, g.moves[i]);
            gb_make(&b, gb_at(g.moves[i] % SIZE, g.moves[i] / SIZE));
        }
    }
    fclose(f);
    printf("%d positions of %s, the search at %lld nodes: its move first in the order %.1f %%, "
           "in the first 3 %.1f %%, in the first 8 %.1f %%\n",
           n, path, nodes, 100.0 * within[0] / n, 100.0 * within[1] / n, 100.0 * within[2] / n);
}
