/* solve.c — `qipan solve connect4`: exact scores of positions read on stdin.
 *
 * Each input line is a move string (1-based column digits from the empty
 * board, Pons' notation; empty for the empty board); each output line is
 * "MOVES SCORE" with Pons' score for the side to move (--weak: -1, 0 or 1).
 * A full board scores 0. The first bad line (not a position, or a game
 * already won) stops the run with status 2 and one message naming the line.
 * The last line on stderr sums up: positions, mean time, mean nodes.
 * On 7x6 the opening book answers early positions unless --no-book (for
 * measuring the search itself).
 */
#include <string.h>

#include "games/connect4/connect4.h"
#include "cli.h"

#define LINE_MAX 256

/* Drops the line end and trailing spaces; false when the line was cut. */
static bool trim_line(char *line)
{
    size_t n = strlen(line);
    bool whole = n && line[n - 1] == '\n';
    while (n && (line[n - 1] == '\n' || line[n - 1] == '\r' || line[n - 1] == ' '))
        line[--n] = '\0';
    return whole || n < LINE_MAX - 2;
}

int cli_solve(const cli_args *a)
{
    const qp_game *g = cli_game(a);
    bool weak = cli_opt(a, "weak") != NULL, no_book = cli_opt(a, "no-book") != NULL;
    qp_state_mem st;
    qp_error err;
    if (!g)
        return CLI_BAD_INPUT;
    if (g != &qp_connect4)
        return cli_bad("solve: only connect4 has a solver (got '%s')", g->id);
    if (!g->init(&st, cli_opt(a, "params"), 0, &err))
        return cli_bad("solve: %s", err.msg);
    const c4_state *s = (const c4_state *)&st;
    if (!c4_fits(s->w, s->h))
        return cli_bad("solve: the solver needs W*(H+1) <= 64; %dx%d is too large", s->w, s->h);

    char line[LINE_MAX], pos[LINE_MAX + 8];
    long long count = 0, total_nodes = 0;
    double total_ms = 0;
    for (long long ln = 1; fgets(line, sizeof line, stdin); ln++) {
        int score;
        long long nodes;
        if (!trim_line(line))
            return cli_bad("solve: line %lld is too long", ln);
        snprintf(pos, sizeof pos, "%dx%d %s", s->w, s->h, line);
        double t0 = qp_now_ms();
        if (!qp_engine_solve(pos, weak, no_book, &score, &nodes, &err))
            return cli_bad("solve: line %lld: %s", ln, err.msg);
        total_ms += qp_now_ms() - t0;
        total_nodes += nodes;
        count++;
        printf("%s %d\n", line, score);
    }
    if (ferror(stdin))
        return cli_bad("solve: cannot read stdin");
    fprintf(stderr, "solved %lld positions: mean %.4f ms, mean %.0f nodes\n", count,
            count ? total_ms / (double)count : 0.0,
            count ? (double)total_nodes / (double)count : 0.0);
    return CLI_OK;
}
