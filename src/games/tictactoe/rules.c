/* rules.c — tic-tac-toe's rules, its POS and action text, the text board
 * and the page's JSON (the AIs are in ai.c, the game's table in game.c). */
#include "tictactoe.h"

#include <string.h>

const unsigned char TTT_LINES[8][3] = {
    {0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6}, {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6},
};

int ttt_winner(const ttt_state *s, int *line)
{
    for (int i = 0; i < 8; i++) {
        int a = s->cell[TTT_LINES[i][0]];
        if (a != TTT_EMPTY && a == s->cell[TTT_LINES[i][1]] && a == s->cell[TTT_LINES[i][2]]) {
            if (line)
                *line = i;
            return a - 1;
        }
    }
    return QP_NOBODY;
}

int ttt_count(const ttt_state *s, int who)
{
    int n = 0;
    for (int i = 0; i < 9; i++)
        n += s->cell[i] == who;
    return n;
}

qp_status ttt_status(const void *st)
{
    const ttt_state *s = st;
    int w = ttt_winner(s, NULL);
    if (w != QP_NOBODY)
        return (qp_status){QP_WIN, w, "line"};
    if (ttt_count(s, TTT_EMPTY) == 0)
        return (qp_status){QP_DRAW, QP_NOBODY, "full"};
    return (qp_status){QP_TURN, s->to_move, ""};
}

bool ttt_init(void *st, const char *params, uint64_t seed, qp_error *err)
{
    ttt_state *s = st;
    (void)seed;
    memset(s, 0, sizeof *s);
    if (!params || !*params || !strcmp(params, "x"))
        s->to_move = 0;
    else if (!strcmp(params, "o"))
        s->to_move = 1;
    else
        return qp_fail(err, "bad tictactoe params '%.40s': use x or o (who moves first)", params);
    return true;
}

bool ttt_parse_pos(void *st, const char *pos, qp_error *err)
{
    ttt_state *s = st;
    memset(s, 0, sizeof *s);
    if (strlen(pos) != 11 || pos[9] != ' ')
        return qp_fail(err,
                       "bad tictactoe position '%.40s': want 9 cells (x o .), a space and "
                       "the side to move, like '......... x'",
                       pos);
    for (int i = 0; i < 9; i++) {
        char c = pos[i];
        if (c != 'x' && c != 'o' && c != '.')
            return qp_fail(err, "bad tictactoe cell '%c' at %d: use x, o or .", c, i + 1);
        s->cell[i] = c == 'x' ? TTT_X : c == 'o' ? TTT_O : TTT_EMPTY;
    }
    if (pos[10] != 'x' && pos[10] != 'o')
        return qp_fail(err, "bad side to move '%c': use x or o", pos[10]);
    s->to_move = pos[10] == 'x' ? 0 : 1;

    /* Players alternate, so the side to move has placed as many stones as
     * the other side, or one fewer. */
    int mine = ttt_count(s, s->to_move + 1), theirs = ttt_count(s, 2 - s->to_move);
    if (theirs != mine && theirs != mine + 1)
        return qp_fail(err, "unreachable tictactoe position: %d x and %d o with %c to move",
                       ttt_count(s, TTT_X), ttt_count(s, TTT_O), pos[10]);
    for (int p = 0; p < 2; p++) {
        int hits = 0;
        for (int i = 0; i < 8; i++)
            hits += s->cell[TTT_LINES[i][0]] == p + 1 && s->cell[TTT_LINES[i][1]] == p + 1 &&
                    s->cell[TTT_LINES[i][2]] == p + 1;
        if (hits && p == s->to_move)
            return qp_fail(err,
                           "unreachable tictactoe position: %c has three in a row but is "
                           "to move",
                           TTT_SIDES[p]);
    }
    return true;
}

void ttt_format_pos(const void *st, qp_buf *out)
{
    const ttt_state *s = st;
    for (int i = 0; i < 9; i++)
        qp_bputc(out, ".xo"[s->cell[i]]);
    qp_bputc(out, ' ');
    qp_bputc(out, TTT_SIDES[s->to_move]);
}

int ttt_legal(const void *st, int *actions, int cap)
{
    const ttt_state *s = st;
    int n = 0;
    if (ttt_status(s).phase != QP_TURN)
        return 0;
    for (int i = 0; i < 9 && n < cap; i++)
        if (s->cell[i] == TTT_EMPTY)
            actions[n++] = i;
    return n;
}

bool ttt_parse_action(const void *st, const char *text, int *action, qp_error *err)
{
    const ttt_state *s = st;
    if (strlen(text) != 1 || text[0] < '1' || text[0] > '9')
        return qp_fail(err, "bad tictactoe action '%.20s': use a cell number 1-9", text);
    int i = text[0] - '1';
    if (s->cell[i] != TTT_EMPTY)
        return qp_fail(err, "cell %c is taken", text[0]);
    *action = i;
    return true;
}

void ttt_format_action(const void *st, int action, qp_buf *out)
{
    (void)st;
    qp_bputc(out, (char)('1' + action));
}

void ttt_apply(void *st, int action)
{
    ttt_state *s = st;
    s->cell[action] = (unsigned char)(s->to_move + 1);
    s->to_move ^= 1;
}

void ttt_show(const void *st, qp_buf *out)
{
    const ttt_state *s = st;
    for (int r = 0; r < 3; r++) {
        for (int c = 0; c < 3; c++)
            qp_bprintf(out, "%s%c", c ? " " : "", ".xo"[s->cell[r * 3 + c]]);
        qp_bprintf(out, "    %d %d %d\n", r * 3 + 1, r * 3 + 2, r * 3 + 3);
    }
}

void ttt_describe(const void *st, qp_buf *out)
{
    const ttt_state *s = st;
    int line = -1;
    qp_bputs(out, "{\"cells\":\"");
    for (int i = 0; i < 9; i++)
        qp_bputc(out, ".xo"[s->cell[i]]);
    qp_bprintf(out, "\",\"turn\":\"%c\",\"line\":[", TTT_SIDES[s->to_move]);
    if (ttt_winner(s, &line) != QP_NOBODY)
        qp_bprintf(out, "%d,%d,%d", TTT_LINES[line][0], TTT_LINES[line][1], TTT_LINES[line][2]);
    qp_bputs(out, "]}");
}
