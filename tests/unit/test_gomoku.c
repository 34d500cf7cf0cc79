/* Gomoku rules: rows in every direction and at the edges, overlines under
 * each rule, renju forbidden points (the classic false 3-3 cases), POS
 * and action text, describe(), and the original's two computers. */
#include "engine.h"
#include "games/gomoku/gomoku.h"
#include "test.h"

static const qp_game *g = &qp_gomoku;
#include "engine_calls.h"
static qp_state_mem st;

/* A board from a diagram (rows from the top, X black, O white, . empty)
 * at (ox, oy) of a 15x15 board, stones put alternately Black, White in
 * row order with the trusted gomoku_place (no renju check on the way,
 * so a diagram may hold shapes no game would reach). */
static gomoku_state *diagram(const char *const *rows, int n_rows, int rule, int ox, int oy)
{
    static gomoku_state s;
    int black[GOMOKU_CELLS], white[GOMOKU_CELLS], nb = 0, nw = 0;
    gomoku_setup(&s, 15, 15, rule, NULL);
    for (int y = 0; y < n_rows; y++)
        for (int x = 0; rows[y][x]; x++) {
            int p = (oy + y) * 15 + ox + x;
            if (rows[y][x] == 'X')
                black[nb++] = p;
            else if (rows[y][x] == 'O')
                white[nw++] = p;
        }
    CHECK(nb == nw || nb == nw + 1);
    for (int i = 0; i < nb + nw; i++)
        gomoku_place(&s, i % 2 ? white[i / 2] : black[i / 2]);
    return &s;
}

#define DIAGRAM(rows, rule) diagram(rows, QP_ARRAY_LEN(rows), rule, 0, 0)

static int at(int x, int y) { return y * 15 + x; }

static void test_rows_in_every_direction(void)
{
    /* Black's fifth stone last; White's stones out of the way. */
    CHECK_STR(run(qp_engine_status, "15x15 free 0,0 0,14 1,0 2,14 2,0 4,14 3,0 6,14 4,0"), "win 1");
    CHECK_STR(run(qp_engine_status, "15x15 free 14,0 0,14 14,1 2,14 14,2 4,14 14,3 6,14 14,4"),
              "win 1");
    CHECK_STR(run(qp_engine_status, "15x15 free 10,10 0,14 11,11 2,14 12,12 4,14 13,13 6,14 14,14"),
              "win 1");
    CHECK_STR(run(qp_engine_status, "15x15 free 4,10 0,0 3,11 2,0 2,12 4,0 1,13 6,0 0,14"),
              "win 1");
    /* The winning stone in the middle of the row. */
    CHECK_STR(run(qp_engine_status, "15x15 free 5,5 0,14 6,6 2,14 8,8 4,14 9,9 6,14 7,7"), "win 1");
    /* White wins too; four at the edge is not five. */
    CHECK_STR(run(qp_engine_status, "15x15 free 0,14 7,0 2,14 7,1 4,14 7,2 6,14 7,3 9,9 7,4"),
              "win 2");
    CHECK_STR(run(qp_engine_status, "15x15 free 0,0 0,14 1,0 2,14 2,0 4,14 3,0"), "turn 2");
    /* A row broken by the other colour, or by the edge of a small board. */
    CHECK_STR(run(qp_engine_status, "15x15 free 0,0 2,0 1,0 9,9 3,0 9,11 4,0 9,13 5,0"), "turn 2");
    CHECK_STR(run(qp_engine_status, "5x5 free 0,0 0,4 1,1 1,4 2,2 2,4 3,3 3,4 4,4"), "win 1");
    CHECK_STR(run(qp_engine_status, "7x5 free 6,0 0,4 5,1 1,3 4,2 0,2 3,3 0,1 2,4"), "win 1");
}

/* Is `action` one of the space-separated actions of `list`? */
static bool listed(const char *list, const char *action)
{
    size_t n = strlen(action);
    for (const char *p = list; (p = strstr(p, action)) != NULL; p++)
        if ((p == list || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0'))
            return true;
    return false;
}

/* XXXX.X: Black fills the gap and makes six. */
static const char *OVERLINE = "0,0 0,14 1,0 2,14 2,0 4,14 3,0 6,14 5,0 8,14 4,0";

static void test_overlines(void)
{
    char pos[128];
    snprintf(pos, sizeof pos, "15x15 free %s", OVERLINE);
    CHECK_STR(run(qp_engine_status, pos), "win 1");
    snprintf(pos, sizeof pos, "15x15 exact %s", OVERLINE);
    CHECK_STR(run(qp_engine_status, pos), "turn 2");
    /* Under exact, White's six wins nothing either; exactly five does. */
    CHECK_STR(run(qp_engine_status, "15x15 exact 0,14 0,0 2,14 1,0 4,14 2,0 6,14 3,0 8,14 5,0 "
                                    "10,14 4,0"),
              "turn 1");
    CHECK_STR(run(qp_engine_status, "15x15 exact 0,0 0,14 1,0 2,14 2,0 4,14 3,0 6,14 4,0"),
              "win 1");
    /* Renju: Black's six is forbidden (refused), White's six wins. */
    snprintf(pos, sizeof pos, "15x15 renju %s", OVERLINE);
    CHECK(strstr(run(qp_engine_status, pos), "overline") != NULL);
    CHECK_STR(run(qp_engine_status, "15x15 renju 7,7 0,0 9,9 1,0 11,11 2,0 13,13 3,0 13,11 "
                                    "5,0 11,13 4,0"),
              "win 2");
    const char *before = "15x15 renju 0,0 0,14 1,0 2,14 2,0 4,14 3,0 6,14 5,0 8,14";
    CHECK(!listed(run(qp_engine_legal, before), "4,0") && listed(out_mem, "6,0"));
    before = "15x15 free 0,0 0,14 1,0 2,14 2,0 4,14 3,0 6,14 5,0 8,14";
    CHECK(listed(run(qp_engine_legal, before), "4,0"));
}

static void check_forbidden(const gomoku_state *s, int x, int y, int want)
{
    if (!CHECK_INT(gomoku_forbidden(s, at(x, y)), want))
        fprintf(stderr, "  at %d,%d\n", x, y);
}

static void test_renju_forbidden(void)
{
    /* A plain double three at (7,7): threes down column 7 and along
     * row 7, both open. */
    static const char *const d33[] = {
        "...............", "...............", "...............", "...............",
        "...............", ".......X.......", ".......X.......", ".....XX........",
        "...............", "...............", "...............", "...............",
        "...............", "...............", "O.O.O.........O",
    };
    gomoku_state *s = DIAGRAM(d33, GOMOKU_RENJU);
    check_forbidden(s, 7, 7, GOMOKU_DOUBLE_THREE);
    s->rule = GOMOKU_FREE;
    check_forbidden(s, 7, 7, GOMOKU_ALLOWED); /* only renju forbids */

    /* The same, one three blocked at one end by White: only one three. */
    static const char *const blocked[] = {
        "...............", "...............", "...............", "...............",
        ".......O.......", ".......X.......", ".......X.......", ".....XX........",
        "...............", "...............", "...............", "...............",
        "...............", "...............", "O.O...........O",
    };
    check_forbidden(DIAGRAM(blocked, GOMOKU_RENJU), 7, 7, GOMOKU_ALLOWED);

    /* A false 3-3: the row three X X * . . X can only become a straight
     * four at (4,7) (at (8,7) its second five would be six), and (4,7)
     * is itself forbidden (an overline down column 4). One real three:
     * allowed. Without the column, the same point is a double three. */
    static const char *const false33[] = {
        "...............", "...............", "...............", "...............",
        "....X..........", "....X..X.......", "....X..X.......", ".....XX...X....",
        "....X..........", "....X..........", "...............", "...............",
        "O.O.O.O.O.O.O.O", "...............", "..O.....O......",
    };
    s = DIAGRAM(false33, GOMOKU_RENJU);
    check_forbidden(s, 4, 7, GOMOKU_OVERLINE);
    check_forbidden(s, 7, 7, GOMOKU_ALLOWED);
    static const char *const true33[] = {
        "...............", "...............", "...............", "...............",
        "...............", ".......X.......", ".......X.......", ".....XX...X....",
        "...............", "...............", "...............", "...............",
        "O.O.O.O.......O", "...............", "...............",
    };
    check_forbidden(DIAGRAM(true33, GOMOKU_RENJU), 7, 7, GOMOKU_DOUBLE_THREE);

    /* A false 3-3 one level deeper: the row three's straight-four point
     * (4,7) is a double four (column 4 and diagonal), so not playable. */
    static const char *const false33_44[] = {
        "...............", "...............", "...............", "...............",
        "....X..........", "....X..X.......", "....XX.X.......", ".....XX...X....",
        "...X...........", "..X............", "...............", "...............",
        "O.O.O.O.O.O.O.O", "...............", "O.O.O..........",
    };
    s = DIAGRAM(false33_44, GOMOKU_RENJU);
    check_forbidden(s, 4, 7, GOMOKU_DOUBLE_FOUR);
    check_forbidden(s, 7, 7, GOMOKU_ALLOWED);

    /* Double four in one line (X.XXX.X), overline, and their fives. */
    static const char *const lines[] = {
        "X.X.X.X........", "...............", "XX.XXX.........", "...............",
        "XXXX.X.........", "...............", "...............", "...............",
        "...............", "...............", "...............", "...............",
        "O.O.O.O.O.O....", "...............", "O.O.O.O.O.O.O.O",
    };
    s = DIAGRAM(lines, GOMOKU_RENJU);
    check_forbidden(s, 3, 0, GOMOKU_DOUBLE_FOUR); /* X.X*X.X: two fours in one line */
    check_forbidden(s, 5, 0, GOMOKU_ALLOWED); /* X.X.X*X: one four */
    check_forbidden(s, 2, 2, GOMOKU_OVERLINE); /* XX*XXX */
    check_forbidden(s, 4, 4, GOMOKU_OVERLINE); /* XXXX*X */
    check_forbidden(s, 10, 8, GOMOKU_ALLOWED);
    check_forbidden(s, 0, 0, GOMOKU_ALLOWED); /* taken */

    /* Four-three is allowed; a five with a double four is allowed. */
    static const char *const fourthree[] = {
        "...............", "...............", "...............", "...............",
        "...............", "...............", "..OXXX.........", "...............",
        "......X........", "......X........", "...............", "...............",
        "...............", "...............", "O.O.....O......",
    };
    check_forbidden(DIAGRAM(fourthree, GOMOKU_RENJU), 6, 6, GOMOKU_ALLOWED);
    static const char *const fivefour[] = {
        /* (4,2): five, and two fours */
        "...............", ".....X.........", "XXXX...........", "...XX..........",
        "..X.X..........", "....X..........", "...............", "...............",
        "...............", "...............", "...............", "...............",
        "O.O............", "...............", "O.O.O.O.O.O.O.O",
    };
    check_forbidden(DIAGRAM(fivefour, GOMOKU_RENJU), 4, 2, GOMOKU_ALLOWED);
}

static void test_renju_in_play(void)
{
    /* The double three of test_renju_forbidden, reached in a real game:
     * not listed, refused with the reason, shown in describe(). */
    const char *pos = "15x15 renju 7,5 0,14 7,6 2,14 5,7 4,14 6,7 14,14";
    CHECK(strstr(run(qp_engine_legal, pos), "7,7") == NULL);
    CHECK(strstr(run(qp_engine_legal, pos), "8,7") != NULL);
    const char *moves[] = {"7,7"};
    qp_buf b;
    qp_error err;
    qp_buf_init(&b, out_mem, sizeof out_mem);
    CHECK(!qp_engine_apply(g, pos, moves, 1, &b, &err));
    CHECK(strstr(err.msg, "double three") != NULL);
    CHECK(strstr(run(qp_engine_describe, pos), "\"forbidden\":[[7,7,\"double three\"]]") != NULL);
    /* White to move: nothing is forbidden to White, nothing is shown. */
    CHECK(strstr(run(qp_engine_describe, "15x15 renju 7,5 0,14 7,6 2,14 5,7 4,14 6,7"),
                 "\"forbidden\":[]") != NULL);
    /* A five that would also be a double four wins for Black. */
    CHECK_STR(run(qp_engine_status, "15x15 renju 0,2 0,14 1,2 2,14 2,2 4,14 3,2 6,14 3,3 8,14 "
                                    "4,3 10,14 2,4 12,14 4,4 14,12 4,5 14,10 5,1 14,8 4,2"),
              "win 1");
}

static void test_positions_and_actions(void)
{
    CHECK_STR(run(qp_engine_status, "15x15 free"), "turn 1");
    CHECK_STR(run(qp_engine_status, "15x15 free "), "turn 1");
    CHECK_STR(run(qp_engine_status, "19x7 renju 18,6"), "turn 2");
    qp_buf b;
    qp_error err;
    qp_buf_init(&b, out_mem, sizeof out_mem);
    CHECK(qp_engine_new(g, "19x19 renju", 1, &b, &err));
    CHECK_STR(out_mem, "19x19 renju");
    qp_buf_init(&b, out_mem, sizeof out_mem);
    CHECK(qp_engine_new(g, "exact", 1, &b, &err));
    CHECK_STR(out_mem, "15x15 exact");
    qp_buf_init(&b, out_mem, sizeof out_mem);
    CHECK(qp_engine_new(g, NULL, 1, &b, &err));
    CHECK_STR(out_mem, "15x15 free");
    static const char *bad_params[] = {"4x4", "26x15", "15x15 free renju extra", "gomoku", "15"};
    for (int i = 0; i < QP_ARRAY_LEN(bad_params); i++) {
        qp_buf_init(&b, out_mem, sizeof out_mem);
        err.msg[0] = '\0';
        CHECK(!qp_engine_new(g, bad_params[i], 1, &b, &err) && err.msg[0]);
    }
    const char *moves[] = {"7,7", "8,8", "7,8"};
    qp_buf_init(&b, out_mem, sizeof out_mem);
    CHECK(qp_engine_apply(g, "15x15 free", moves, 3, &b, &err));
    CHECK_STR(out_mem, "15x15 free 7,7 8,8 7,8");
    static const char *bad[] = {
        "15x15",
        "15x15 freestyle",
        "4x15 free",
        "15x26 free",
        "15*15 free",
        "free 15x15",
        "15x15 free 15,0",
        "15x15 free 0,15",
        "15x15 free 7,7 7,7",
        "15x15 free -1,3",
        "15x15 free 7;7",
        "15x15 free 7,7,7",
        "15x15 free a,b",
        "15x15 free 7,",
        "15x15 free ,7",
        "15x15 free 0,0 0,14 1,0 2,14 2,0 4,14 3,0 6,14 4,0 8,14", /* after the win */
        "15x15 renju 7,5 0,14 7,6 2,14 5,7 4,14 6,7 14,14 7,7", /* forbidden */
    };
    for (int i = 0; i < QP_ARRAY_LEN(bad); i++) {
        err.msg[0] = '\0';
        if (!CHECK(!qp_engine_load(g, bad[i], &st, &err) && err.msg[0]))
            fprintf(stderr, "  accepted '%s'\n", bad[i]);
    }
    /* Actions: text, range, taken points. */
    qp_engine_load(g, "15x15 free 7,7", &st, &err);
    int a;
    CHECK(g->parse_action(&st, "14,0", &a, &err) && a == 14);
    CHECK(g->parse_action(&st, "0,14", &a, &err) && a == 14 * 15);
    CHECK(!g->parse_action(&st, "7,7", &a, &err) && strstr(err.msg, "taken"));
    CHECK(!g->parse_action(&st, "15,0", &a, &err));
    CHECK(!g->parse_action(&st, "7 7", &a, &err));
    /* A full board is a draw: 5x5 filled without five. */
    CHECK_STR(run(qp_engine_status, "5x5 free 0,0 1,0 2,0 3,0 4,0 0,1 1,1 2,1 3,1 4,1 1,2 0,2 "
                                    "3,2 2,2 0,3 4,2 1,3 2,3 3,3 4,3 0,4 1,4 2,4 3,4 4,4"),
              "draw");
}

static void test_describe(void)
{
    const char *d = run(qp_engine_describe, "9x9 free 0,0 0,8 1,1 1,8 2,2 2,8 3,3 3,8 4,4");
    CHECK(strstr(d, "\"w\":9,\"h\":9,\"rule\":\"free\"") != NULL);
    CHECK(strstr(d, "{\"status\":\"win 1\",\"reason\":\"line\",") == d);
    CHECK(strstr(d, "\"turn\":\"\",\"moves\"") != NULL);
    CHECK(strstr(d + 1, "\"status\"") == d + 1 && !strstr(d + 2, "\"status\"")); /* once */
    CHECK(strstr(d, "\"last\":[4,4]") != NULL);
    CHECK(strstr(d, "\"win\":[[0,0],[1,1],[2,2],[3,3],[4,4]]") != NULL);
    CHECK(strstr(d, "\"moves\":[[0,0],[0,8],[1,1],") != NULL);
    CHECK(strstr(d, "\"stars\":[[2,2],[6,2],[2,6],[6,6],[4,4]]") != NULL);
    CHECK(strstr(d, "\"cells\":\"1........") != NULL);
    d = run(qp_engine_describe, "15x15 free");
    CHECK(strstr(d, "\"turn\":\"1\"") != NULL && strstr(d, "\"status\":\"turn 1\"") != NULL);
    CHECK(strstr(d, "\"last\":null,\"win\":[]") != NULL);
    /* Free rule: a six is shown whole. */
    char pos[128];
    snprintf(pos, sizeof pos, "15x15 free %s", OVERLINE);
    CHECK(strstr(run(qp_engine_describe, pos), "\"win\":[[0,0],[1,0],[2,0],[3,0],[4,0],[5,0]]") !=
          NULL);
    CHECK(strstr(run(qp_engine_show, "9x9 free 4,4"), "[X]") != NULL);
}

static int chebyshev(const char *a, int x, int y)
{
    int ax, ay;
    if (sscanf(a, "%d,%d", &ax, &ay) != 2)
        return 99;
    int dx = ax > x ? ax - x : x - ax, dy = ay > y ? ay - y : y - ay;
    return dx > dy ? dx : dy;
}

/* Whether Computer1's walk from the last move, 1,0 of "5x5 free 0,0 1,1
 * 0,1 1,0", can land on answer `a`: it steps over stones and off the
 * board until it reaches a free point, so it lands on a free point beside
 * a stone or on the edge, never in the open middle (3,1 3,2 3,3 2,3 1,3). */
static bool corner_walk_lands(const char *a)
{
    static const int stones[4][2] = {{0, 0}, {1, 1}, {0, 1}, {1, 0}};
    int x, y, beside = 0;
    if (sscanf(a, "%d,%d", &x, &y) != 2 || x < 0 || y < 0 || x > 4 || y > 4)
        return false;
    for (int i = 0; i < 4; i++) {
        int dx = abs(stones[i][0] - x), dy = abs(stones[i][1] - y);
        if (dx == 0 && dy == 0)
            return false;
        beside += dx <= 1 && dy <= 1;
    }
    return beside > 0 || x == 0 || y == 0 || x == 4 || y == 4;
}

static void test_level1(void)
{
    CHECK_STR(ai_move("15x15 free", 1, 3), "7,7");
    int far = 0;
    for (uint64_t seed = 1; seed <= 40; seed++)
        far += chebyshev(ai_move("15x15 free 7,7 3,3 9,9", 1, seed), 9, 9) != 1;
    CHECK_INT(far, 0); /* always an empty neighbour of the last move */
    /* Neighbours all taken: the walk goes on and finds a free point. */
    const char *boxed = "15x15 free 6,6 0,0 7,6 0,2 8,6 0,4 6,7 0,6 8,7 0,8 6,8 0,10 7,8 "
                        "0,12 8,8 0,14 7,7";
    char first[16];
    snprintf(first, sizeof first, "%.15s", ai_move(boxed, 1, 5));
    CHECK(chebyshev(first, 7, 7) >= 2);
    CHECK_STR(ai_move(boxed, 1, 5), first); /* same seed, same point */
    /* In a corner of a tiny board too. */
    for (uint64_t seed = 1; seed <= 20; seed++)
        CHECK(corner_walk_lands(ai_move("5x5 free 0,0 1,1 0,1 1,0", 1, seed)));
}

static void test_level2(void)
{
    /* Black (the opponent) makes an open three 5,7 6,7 7,7: White blocks
     * next to the last stone. */
    CHECK_STR(ai_move("15x15 free 5,7 0,0 6,7 14,14 7,7", 2, 1), "8,7");
    /* Its own open four first (4 or more). */
    CHECK_STR(ai_move("15x15 free 5,7 2,2 6,7 3,3 9,9 4,4 7,7 5,5 0,14", 2, 1), "1,1");
    /* The original's admitted flaw: X X . X is not seen (no block at 6,7). */
    const char *split = "15x15 free 4,7 0,0 5,7 14,14 7,7";
    int blocked = 0;
    for (uint64_t seed = 1; seed <= 20; seed++)
        blocked += !strcmp(ai_move(split, 2, seed), "6,7");
    CHECK(blocked < 20);
    /* First move of White: Computer1's walk around Black's stone. */
    CHECK_INT(chebyshev(ai_move("15x15 free 7,7", 2, 9), 7, 7), 1);
    /* It extends its own longest line (a two here) when nothing threatens. */
    CHECK_STR(ai_move("15x15 free 0,0 7,7 0,2 8,7 14,14", 2, 1), "6,7");
}

int main(void)
{
    test_rows_in_every_direction();
    test_overlines();
    test_renju_forbidden();
    test_renju_in_play();
    test_positions_and_actions();
    test_describe();
    test_level1();
    test_level2();
    return test_report("gomoku");
}
