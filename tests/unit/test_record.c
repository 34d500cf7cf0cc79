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

int main(void)
{
    test_gomoku_notation();
    test_minesweeper_notation();
    test_escapes();
    test_link_and_open();
    return test_report("record");
}
