/* gomoku_games.h — the games tools/gomoku_tune.c learns from, as
 * gomoku_games.c plays, writes and reads them.
 *
 * A game is one line: B, W or D (who won), the opening's length, then the
 * points played (y*15 + x), then optionally "/" and a score for each
 * position from the opening's end on, for the side to move there, in the
 * units of the engine that played it (its search's value): "B 4 112 113
 * ... / 35 -40 ...". */
#ifndef QP_TOOLS_GOMOKU_GAMES_H
#define QP_TOOLS_GOMOKU_GAMES_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "games/gomoku/board.h"

#define SIZE 15
#define OPEN_STONES 4
#define HOLD_OUT 10 /* one game in ten is held out (fit's figures, rank) */

typedef struct {
    char result;
    int open, n, n_scores;
    int moves[SIZE * SIZE], scores[SIZE * SIZE];
} game_line;

/* path opened in `mode`, or the tools' exit with its error. */
FILE *open_or_exit(const char *path, const char *mode);

/* The next game line of f; false at the end of the file. */
bool read_game_line(FILE *f, game_line *g);

/* Level 3 against itself at `nodes` a move from the random opening of
 * `seed` (OPEN_STONES stones in the centre's 5x5), as a game line on
 * stdout with its scores. */
void play_game(long long nodes, uint64_t seed);
/* COUNT random openings (play_game's) as lines of "x,y" moves. */
void print_openings(int count, uint64_t seed);

/* Would the search evaluate this position (pvs.c's quiesce)? */
bool quiet(const gb_board *b);
/* Does the search order every point near the stones here (nobody has a
 * five, a straight four or an open three to answer)? */
bool open_choice(const gb_board *b);

/* For the positions of the held-out games of `path` where open_choice
 * holds, the search's move at `nodes` a move and its rank in the learned
 * move order; prints how often it is first, among the first 3 and 8. */
void rank_search_moves(const char *path, long long nodes, int max_positions);

#endif
