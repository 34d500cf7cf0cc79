/* Links and records: the move notation hooks (gomoku's h8, minesweeper's
 * o3,4), the link's percent escapes, and qp_engine_link and
 * qp_engine_open against each other. */
#include "games/gomoku/gomoku.h"
#include "games/minesweeper/minesweeper.h"
#include "record.h"
#include "test.h"

static qp_state_mem st;
static char mem[1 << 16];

/* The game's record notation of an action text, or "error". */
static const char *move_of(const qp_game *g, const char *action)
{
    qp_buf b;
    qp_error err;
    int a;
    qp_buf_init(&b, mem, sizeof mem);
    if (!g->parse_action(&st, action, &a, &err))
        return "error";
    g->format_move(&st, a, &b);
    return mem;
}

/* The action text a move in notation reads as, or "error: ...". */
static const char *action_of(const qp_game *g, const char *move)
{
    qp_buf b;
    qp_error err;
    int a;
    qp_buf_init(&b, mem, sizeof mem);
    if (!g->parse_move(&st, move, &a, &err)) {
        snprintf(mem, sizeof mem, "error: %s", err.msg);
        return mem;
    }
    g->format_action(&st, a, &b);
    return mem;
}

static void test_gomoku_notation(void)
{
    const qp_game *g = &qp_gomoku;
    CHECK(g->init(&st, "15x15 free", 1, NULL));
    CHECK_STR(move_of(g, "7,7"), "h8");
    CHECK_STR(move_of(g, "0,14"), "a1");
    CHECK_STR(move_of(g, "0,0"), "a15");
    CHECK_STR(move_of(g, "14,0"), "o15");
    CHECK_STR(action_of(g, "h8"), "7,7");
    CHECK_STR(action_of(g, "H8"), "7,7");
    CHECK_STR(action_of(g, "a1"), "0,14");
    CHECK_STR(action_of(g, "a15"), "0,0");
    CHECK_STR(action_of(g, "8,6"), "8,6");
    CHECK(!strncmp(action_of(g, "p1"), "error", 5)); /* column 16 of 15 */
    CHECK(!strncmp(action_of(g, "a16"), "error", 5));
    CHECK(!strncmp(action_of(g, "a0"), "error", 5));
    CHECK(!strncmp(action_of(g, "a08"), "error", 5));
    CHECK(!strncmp(action_of(g, ""), "error", 5));
    CHECK(g->init(&st, "25x25", 1, NULL));
    CHECK_STR(move_of(g, "24,0"), "y25"); /* I is not skipped: y is the 25th */
    CHECK(qp_apply_text(g, &st, "12,12", NULL));
    CHECK_STR(action_of(g, "m13"), "error: the point is taken");
}

static void test_minesweeper_notation(void)
{
    const qp_game *g = &qp_minesweeper;
    CHECK(g->init(&st, "beginner", 3, NULL));
    CHECK_STR(move_of(g, "o 3,4"), "o3,4");
    CHECK_STR(move_of(g, "f 0,8"), "f0,8");
    CHECK_STR(action_of(g, "o3,4"), "o 3,4");
    CHECK_STR(action_of(g, "o 3,4"), "o 3,4");
    CHECK(!strncmp(action_of(g, "o9,9"), "error", 5));
    CHECK(!strncmp(action_of(g, "x3,4"), "error", 5));
}

static void test_escapes(void)
{
    qp_buf b;
    qp_error err;
    qp_buf_init(&b, mem, sizeof mem);
    qp_link_escape(&b, "9x9/10:safe ?c*", true);
    CHECK_STR(mem, "9x9%2F10:safe+%3Fc%2A");
    CHECK(qp_link_unescape(mem, true, &err));
    CHECK_STR(mem, "9x9/10:safe ?c*");
    strcpy(mem, "a%2f+b");
    CHECK(qp_link_unescape(mem, false, &err));
    CHECK_STR(mem, "a/+b");
    strcpy(mem, "a%2");
    CHECK(!qp_link_unescape(mem, true, &err));
    strcpy(mem, "a%0A");
    CHECK(!qp_link_unescape(mem, true, &err));
}

static const char *open_field(const char *text)
{
    static char json[1 << 16];
    qp_buf b;
    qp_error err;
    qp_buf_init(&b, json, sizeof json);
    return qp_engine_open(text, &b, &err) ? json : "error";
}

static void test_link_and_open(void)
{
    const char *actions[] = {"7,7", "8,6"};
    qp_buf b;
    qp_error err;
    qp_buf_init(&b, mem, sizeof mem);
    CHECK(qp_engine_link(&qp_gomoku, "15x15 free", NULL, actions, 2, false, &b, &err));
    CHECK_STR(mem, "gomoku/15x15+free/h8.i9");
    CHECK(strstr(open_field(mem), "\"actions\":[\"7,7\",\"8,6\"]") != NULL);
    CHECK(strstr(open_field("gomoku 15x15 free | h8 i9"), "\"link\":\"gomoku/15x15+free/h8.i9\"") !=
          NULL);
    CHECK_STR(open_field("gomoku/15x15+free/h8.h8"), "error");
    /* A full answer or an error, never a cut one. */
    qp_buf_init(&b, mem, 40);
    CHECK(!qp_engine_open("gomoku/15x15+free/h8.i9", &b, &err));
    CHECK(strstr(err.msg, "too long") != NULL);
}

/* A .psq exactly as Piskvork saves one (its game.cpp, savePsq: the header,
 * "x,y,ms" a move from 1,1, a tournament's two players' names and the error
 * code, lines ending CR LF as Windows writes them) opens as the gomoku
 * game of those moves, x the column and y the row from the top-left. */
static void test_psq(void)
{
    const char *psq = "Piskvorky 20x20, 11:11, 0\r\n10,10,1406\r\n11,11,953\r\n10,11,2015\r\n"
                      "1,20,0\r\npbrain-one.exe\r\npbrain-two.exe\r\n0\r\n";
    const char *json = open_field(psq);
    CHECK(strstr(json, "\"actions\":[\"9,9\",\"10,10\",\"9,10\",\"0,19\"]") != NULL);
    CHECK(strstr(json, "\"record\":\"gomoku 20x20 free | j11 k10 j10 a1\"") != NULL);
    /* Saved from the menu: no names, the error code -1; no time field; a
     * first line that says the second player began (the colours do not change). */
    json = open_field("Piskvorky 15x15, 0:0, 1\n8,8,0\n9,8\n-1\n");
    CHECK(strstr(json, "\"actions\":[\"7,7\",\"8,7\"]") != NULL);
    CHECK(strstr(open_field("Piskvorky 15x15, 0:3, 0\n-1\n"), "\"actions\":[]") != NULL);
    /* What a .psq cannot be. */
    CHECK_STR(open_field("Piskvorky 15x15, 0:0, 2\n8,8,0\n"), "error");
    CHECK_STR(open_field("Piskvorky 15x15 0:0 0\n8,8,0\n"), "error");
    CHECK_STR(open_field("Piskvorky 15x15, 0:0, 0\n0,8,0\n"), "error"); /* points count from 1 */
    CHECK_STR(open_field("Piskvorky 15x15, 0:0, 0\n16,8,0\n"), "error"); /* off the board */
    CHECK_STR(open_field("Piskvorky 15x15, 0:0, 0\n8,8,0\n8,8,0\n"), "error"); /* taken */
    CHECK_STR(open_field("Piskvorky 99x99, 0:0, 0\n"), "error");
    qp_error err;
    qp_buf b;
    qp_buf_init(&b, mem, sizeof mem);
    CHECK(!qp_engine_open("Piskvorky 15x15, 0:0, 0\n0,1,0\n", &b, &err));
    CHECK(strstr(err.msg, "from 1,1") != NULL);
}

/* A record's note after ';' (the library's: when and how it was played)
 * is not part of the game; a link has none. */
static void test_note(void)
{
    CHECK(strstr(open_field("tictactoe x | 5 1 9 ; at=2025-05-03T14:02:11.000Z mode=ai level=3"),
                 "\"record\":\"tictactoe x | 5 1 9\"") != NULL);
    CHECK(strstr(open_field("connect4 7x6 | 4453;"), "\"actions\":[\"4\",\"4\",\"5\",\"3\"]") !=
          NULL);
    CHECK_STR(open_field("tictactoe/x/5.1;note"), "error");
}

int main(void)
{
    test_gomoku_notation();
    test_minesweeper_notation();
    test_escapes();
    test_link_and_open();
    test_psq();
    test_note();
    return test_report("record");
}
