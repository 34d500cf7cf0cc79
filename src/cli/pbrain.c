/* pbrain.c — `qipan pbrain`: gomoku as a Gomocup brain (the piskvork
 * protocol, "Gomoku AI protocol" by Petr Lastovicka) on stdin/stdout.
 *
 * Manager -> brain, one command a line (CR LF or LF):
 *   START n | RECTSTART w,h   new empty board (5..25): OK, or ERROR
 *   RESTART                   same size, empty board: OK
 *   BEGIN                     we open: our move "x,y"
 *   TURN x,y                  the opponent's move; our reply "x,y"
 *   BOARD / x,y,f ... / DONE  a whole position (f 1 ours, 2 theirs, 3
 *                             continuous-game marks, ignored); our move
 *   TAKEBACK x,y              remove that stone: OK
 *   PLAY x,y                  put our stone there: "x,y"
 *   INFO key value            timeout_turn, timeout_match, time_left (ms),
 *                             max_node (nodes a move), rule (1 exactly
 *                             five, 4 renju; other bits ignored);
 *                             everything else is ignored
 *   ABOUT                     name="...", version="...", ...
 *   END                       quit
 * Anything else: UNKNOWN (SWAP2BOARD once its lines up to DONE are read).
 * Each move comes after a MESSAGE line with what the engine thought (and,
 * on a clock, the milliseconds it gave itself: "on a 269 ms clock"). The
 * colours follow from the stones: whoever has fewer stones (Black when
 * equal) moves next, which is us when asked.
 *
 * Time: with INFO timeout_turn and/or time_left, each move gets
 * min(timeout_turn, time_left / 25) minus a margin, on a clock
 * (timeout_turn 0 means "as fast as possible": 10 ms). Without any, the
 * level's deterministic budget (--level, default 3; levels 1-2, the
 * original's, take no time at all). INFO max_node N (N > 0) makes that
 * budget N nodes a move, and caps the work on a clock too.
 */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "games/gomoku/ai.h"
#include "cli.h"

#define LINE_MAX 4096
#define NO_LIMIT (-1)

static struct {
    gomoku_state board;
    int level;
    long long turn_ms, left_ms; /* NO_LIMIT when not given */
} brain;

static void say(const char *fmt, ...) QP_PRINTF(1, 2);

static void say(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    putchar('\n');
    fflush(stdout);
}

/* Reads one line without its end (CR, LF or both); false at the end of
 * input. Over-long lines are cut. */
static bool read_line(char *buf, size_t cap)
{
    if (!fgets(buf, (int)cap, stdin))
        return false;
    size_t n = strlen(buf);
    if (n && buf[n - 1] != '\n' && !feof(stdin)) { /* drop the rest */
        int c;
        while ((c = getchar()) != EOF && c != '\n')
            ;
    }
    buf[strcspn(buf, "\r\n")] = '\0';
    return true;
}

/* Reads exactly n comma-separated whole numbers (each in int's range and
 * nothing after them): "7,8", "7,8,1". */
static bool read_numbers(const char *text, int *out, int n)
{
    for (int i = 0; i < n; i++) {
        char *end;
        errno = 0;
        long v = strtol(text, &end, 10);
        if (end == text || errno || v < INT_MIN || v > INT_MAX)
            return false;
        out[i] = (int)v;
        text = end;
        if (i + 1 < n && *text++ != ',')
            return false;
    }
    return *text == '\0';
}

static bool read_xy(const char *text, int *x, int *y)
{
    int v[2];
    if (!read_numbers(text, v, 2))
        return false;
    *x = v[0];
    *y = v[1];
    return true;
}

static bool on_board(int x, int y)
{
    return x >= 0 && y >= 0 && x < brain.board.w && y < brain.board.h;
}

static void new_board(int w, int h)
{
    int rule = brain.board.rule;
    gomoku_setup(&brain.board, w, h, rule, NULL);
}

static int time_for_move(void)
{
    long long ms = NO_LIMIT;
    if (brain.turn_ms != NO_LIMIT)
        ms = brain.turn_ms == 0 ? 10 : brain.turn_ms;
    if (brain.left_ms != NO_LIMIT && brain.left_ms < 2147483647LL) {
        long long share = brain.left_ms / 25;
        ms = ms == NO_LIMIT || share < ms ? share : ms;
    }
    if (ms == NO_LIMIT)
        return 0;
    /* A margin for the pipes, the board setup and the last node: Rapfi,
     * asked for 300 ms, answers in about 270. */
    ms = ms * 93 / 100 - 10;
    return (int)(ms < 5 ? 5 : ms > 3600000 ? 3600000 : ms);
}

/* Thinks and plays our move: "x,y" (after a MESSAGE line). */
static void play_our_move(void)
{
    gomoku_state *s = &brain.board;
    if (s->winner != QP_NOBODY || s->drawn || s->n == s->w * s->h) {
        say("ERROR the game is over");
        return;
    }
    qp_ai_opts o = {brain.level, (uint64_t)(s->n + 1), time_for_move()};
    qp_ai_info info;
    qp_error err;
    int p;
    if (!qp_ai_choose(&qp_gomoku, s, &o, &p, &info, &err)) {
        say("ERROR %s", err.msg);
        return;
    }
    gomoku_place(s, p);
    if (info.note[0] && o.time_ms > 0)
        say("MESSAGE %s (%lld nodes) on a %d ms clock", info.note, info.nodes, o.time_ms);
    else if (info.note[0])
        say("MESSAGE %s (%lld nodes)", info.note, info.nodes);
    say("%d,%d", p % s->w, p / s->w);
}

static void opponent_move(const char *arg)
{
    int x, y;
    if (!read_xy(arg, &x, &y) || !on_board(x, y) ||
        brain.board.cell[y * brain.board.w + x] != GOMOKU_EMPTY) {
        say("ERROR bad move '%.40s'", arg);
        return;
    }
    gomoku_place(&brain.board, y * brain.board.w + x);
    play_our_move();
}

/* Rebuilds the board from each colour's stones in order, Black first. */
static bool rebuild(const short *black, int nb, const short *white, int nw)
{
    if (nb != nw && nb != nw + 1)
        return false;
    new_board(brain.board.w, brain.board.h);
    for (int i = 0; i < nb + nw; i++)
        gomoku_place(&brain.board, i % 2 ? white[i / 2] : black[i / 2]);
    return true;
}

/* BOARD: lines "x,y,f" until DONE. The side with fewer stones moves
 * next (us); with as many, we are Black. */
static void read_board(void)
{
    static short mine[GOMOKU_CELLS], theirs[GOMOKU_CELLS];
    static bool taken[GOMOKU_CELLS];
    char line[LINE_MAX];
    int nm = 0, nt = 0, x, y, f;
    bool ok = true;
    memset(taken, 0, sizeof taken);
    while (read_line(line, sizeof line)) {
        if (!strcmp(line, "DONE"))
            break;
        if (!line[0])
            continue;
        int v[3];
        if (!read_numbers(line, v, 3) || (x = v[0], y = v[1], f = v[2], !on_board(x, y)) ||
            taken[y * brain.board.w + x] || f < 1 || f > 3) {
            ok = false;
            continue;
        }
        taken[y * brain.board.w + x] = true;
        if (f == 1)
            mine[nm++] = (short)(y * brain.board.w + x);
        else if (f == 2)
            theirs[nt++] = (short)(y * brain.board.w + x);
    }
    bool we_are_black = nm == nt;
    if (!ok || !(we_are_black ? rebuild(mine, nm, theirs, nt) : rebuild(theirs, nt, mine, nm))) {
        new_board(brain.board.w, brain.board.h);
        say("ERROR bad BOARD");
        return;
    }
    play_our_move();
}

static void take_back(const char *arg)
{
    static short colour[2][GOMOKU_CELLS];
    gomoku_state *s = &brain.board;
    int x, y, n[2] = {0, 0}, found = -1;
    if (!read_xy(arg, &x, &y) || !on_board(x, y)) {
        say("ERROR bad TAKEBACK '%.40s'", arg);
        return;
    }
    for (int i = 0; i < s->n; i++) {
        if (s->move[i] == y * s->w + x)
            found = i;
        else
            colour[i % 2][n[i % 2]++] = s->move[i];
    }
    if (found < 0 || !rebuild(colour[0], n[0], colour[1], n[1])) {
        say("ERROR no stone to take back at %d,%d", x, y);
        return;
    }
    say("OK");
}

static void info(const char *arg)
{
    char key[64], *end;
    size_t len = strcspn(arg, " ");
    if (len >= sizeof key || arg[len] != ' ')
        return; /* unknown or valueless INFO: ignored, as the protocol says */
    memcpy(key, arg, len);
    key[len] = '\0';
    errno = 0;
    long long v = strtoll(arg + len + 1, &end, 10);
    if (end == arg + len + 1 || errno)
        return;
    if (!strcmp(key, "timeout_turn"))
        brain.turn_ms = v < 0 ? NO_LIMIT : v;
    else if (!strcmp(key, "time_left"))
        brain.left_ms = v < 0 ? 0 : v;
    else if (!strcmp(key, "timeout_match") && v > 0 && brain.left_ms == NO_LIMIT)
        brain.left_ms = v;
    else if (!strcmp(key, "max_node"))
        gomoku_max_nodes = v > 0 ? v : 0;
    else if (!strcmp(key, "rule"))
        brain.board.rule = (unsigned char)(v & 4   ? GOMOKU_RENJU
                                           : v & 1 ? GOMOKU_EXACT
                                                   : GOMOKU_FREE);
}

static void start(const char *arg, bool rect)
{
    int v[2] = {0, 0};
    bool ok = read_numbers(arg, v, rect ? 2 : 1);
    int w = v[0], h = rect ? v[1] : v[0];
    if (!ok || w < GOMOKU_MIN || h < GOMOKU_MIN || w > GOMOKU_MAX || h > GOMOKU_MAX) {
        say("ERROR unsupported board '%.20s': 5 to 25 points a side", arg);
        return;
    }
    new_board(w, h);
    say("OK");
}

/* Runs one command; false after END. */
static bool command(char *line)
{
    char *arg = line;
    while (*arg && !isspace((unsigned char)*arg)) {
        *arg = (char)toupper((unsigned char)*arg);
        arg++;
    }
    if (*arg)
        *arg++ = '\0';
    while (isspace((unsigned char)*arg))
        arg++;
    if (!strcmp(line, "END"))
        return false;
    if (!strcmp(line, "START") || !strcmp(line, "RECTSTART"))
        start(arg, line[0] == 'R');
    else if (!strcmp(line, "RESTART"))
        new_board(brain.board.w, brain.board.h), say("OK");
    else if (!strcmp(line, "BEGIN"))
        play_our_move();
    else if (!strcmp(line, "TURN"))
        opponent_move(arg);
    else if (!strcmp(line, "BOARD"))
        read_board();
    else if (!strcmp(line, "TAKEBACK"))
        take_back(arg);
    else if (!strcmp(line, "PLAY")) {
        int x, y;
        if (read_xy(arg, &x, &y) && on_board(x, y) &&
            brain.board.cell[y * brain.board.w + x] == GOMOKU_EMPTY) {
            gomoku_place(&brain.board, y * brain.board.w + x);
            say("%d,%d", x, y);
        } else {
            say("ERROR bad move '%.40s'", arg);
        }
    } else if (!strcmp(line, "INFO"))
        info(arg);
    else if (!strcmp(line, "SWAP2BOARD")) {
        /* Not implemented, but its block of stones up to DONE is part of
         * the command: one UNKNOWN answers the whole, keeping in step. */
        char rest[LINE_MAX];
        while (read_line(rest, sizeof rest) && strcmp(rest, "DONE") != 0)
            ;
        say("UNKNOWN command 'SWAP2BOARD'");
    } else if (!strcmp(line, "ABOUT"))
        say("name=\"Qipan\", version=\"1.0\", author=\"the Qipan project\", "
            "country=\"-\", www=\"-\"");
    else if (line[0])
        say("UNKNOWN command '%.40s'", line);
    return true;
}

int cli_pbrain(const cli_args *a)
{
    char line[LINE_MAX];
    qp_error err;
    memset(&brain, 0, sizeof brain);
    if (!qp_parse_level(&qp_gomoku, cli_opt(a, "level"), &brain.level, &err))
        return cli_bad("%s", err.msg);
    brain.turn_ms = brain.left_ms = NO_LIMIT;
    gomoku_setup(&brain.board, 20, 20, GOMOKU_FREE, NULL);
    while (read_line(line, sizeof line))
        if (!command(line))
            break;
    return CLI_OK;
}
