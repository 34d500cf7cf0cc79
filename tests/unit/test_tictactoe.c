#include "engine.h"
#include "games/tictactoe/tictactoe.h"
#include "test.h"

static const qp_game *g = &qp_tictactoe;
#include "engine_calls.h"
static qp_state_mem st;

static void test_rules(void)
{
    CHECK_STR(run(qp_engine_status, "xxx.oo... o"), "win x");
    CHECK_STR(run(qp_engine_status, "x..x..xoo o"), "win x");
    CHECK_STR(run(qp_engine_status, "o.x.ox..o x"), "win o");
    CHECK_STR(run(qp_engine_status, "xxo.o.o.x x"), "win o");
    CHECK_STR(run(qp_engine_status, "xoxxoooxx o"), "draw");
    CHECK_STR(run(qp_engine_status, "xoxxooox. x"), "turn x");
    CHECK_STR(run(qp_engine_legal, "xoxxooox. x"), "9");
    CHECK_STR(run(qp_engine_legal, "xxx.oo... o"), "");
    CHECK_STR(run(qp_engine_legal, "......... o"), "1 2 3 4 5 6 7 8 9");

    qp_buf b;
    qp_error err;
    qp_buf_init(&b, out_mem, sizeof out_mem);
    CHECK(qp_engine_new(g, "o", 1, &b, &err));
    CHECK_STR(out_mem, "......... o");
    qp_buf_init(&b, out_mem, sizeof out_mem);
    const char *moves[] = {"5", "1", "9"};
    CHECK(qp_engine_apply(g, "......... x", moves, 3, &b, &err));
    CHECK_STR(out_mem, "o...x...x o");

    /* Nothing is half-applied: a bad second action leaves no trace. */
    const char *bad[] = {"5", "5"};
    qp_buf_init(&b, out_mem, sizeof out_mem);
    CHECK(!qp_engine_apply(g, "......... x", bad, 2, &b, &err));
    CHECK(strstr(err.msg, "taken") != NULL);
}

static void test_bad_positions(void)
{
    static const char *bad[] = {
        "......... ",   "........ x",  "......... xo",
        "........? x",  "......... z", "xx....... x", /* x has two more: unreachable */
        "xxx.oo... x", /* x won and is to move */
        "xxxooo... o", /* both have lines */
        "o........ o", /* o has one more and is to move */
        "........x  x",
    };
    for (int i = 0; i < QP_ARRAY_LEN(bad); i++) {
        qp_error err = {""};
        CHECK(!qp_engine_load(g, bad[i], &st, &err) && err.msg[0]);
    }
}

/* An independent plain minimax: the value of a board for the side to move,
 * 10 - plies for a win, -(10 - plies) for a loss, 0 for a draw. */
static int line_owner(const char *c)
{
    static const int L[8][3] = {{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6},
                                {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}};
    for (int i = 0; i < 8; i++)
        if (c[L[i][0]] != '.' && c[L[i][0]] == c[L[i][1]] && c[L[i][1]] == c[L[i][2]])
            return c[L[i][0]];
    return 0;
}

static int minimax(char *c, char me, int depth)
{
    if (line_owner(c))
        return -(10 - depth);
    int best = -100, any = 0;
    for (int i = 0; i < 9; i++) {
        if (c[i] != '.')
            continue;
        any = 1;
        c[i] = me;
        int v = -minimax(c, me == 'x' ? 'o' : 'x', depth + 1);
        c[i] = '.';
        if (v > best)
            best = v;
    }
    return any ? best : 0;
}

static int positions_checked;

/* Walks every reachable position; in each, the level-3 move must be one
 * of the best moves by the independent minimax (fastest win, slowest loss). */
static void check_perfect_from(char *cells, char me, int depth)
{
    if (line_owner(cells) || !strchr(cells, '.'))
        return;
    char pos[16];
    snprintf(pos, sizeof pos, "%.9s %c", cells, me);
    int best = -100, value_of[9];
    for (int i = 0; i < 9; i++) {
        value_of[i] = -1000;
        if (cells[i] != '.')
            continue;
        cells[i] = me;
        value_of[i] = -minimax(cells, me == 'x' ? 'o' : 'x', depth + 1);
        cells[i] = '.';
        if (value_of[i] > best)
            best = value_of[i];
    }
    for (uint64_t seed = 1; seed <= 2; seed++) {
        const char *m = ai_move(pos, 3, seed);
        int cell = m[0] - '1';
        if (!CHECK(strlen(m) == 1 && cell >= 0 && cell < 9 && value_of[cell] == best))
            fprintf(stderr, "  %s: level 3 played %s\n", pos, m);
    }
    positions_checked++;
    for (int i = 0; i < 9; i++) {
        if (cells[i] != '.')
            continue;
        cells[i] = me;
        check_perfect_from(cells, me == 'x' ? 'o' : 'x', depth + 1);
        cells[i] = '.';
    }
}

static void test_level3_is_perfect(void)
{
    char cells[10] = ".........";
    check_perfect_from(cells, 'x', 0);
    if (test_rounds(1, 0))
        check_perfect_from(cells, 'o', 0);
    CHECK(positions_checked > 5000); /* every path from the start */
    /* The fastest win: take the row now rather than a slower fork. */
    CHECK_STR(ai_move("xx.oo.... x", 3, 1), "3");
    CHECK_STR(ai_move("xx.oo.... x", 3, 2), "3");
}

/* Whether an answer is exactly one of the cells in `cells` (not an empty
 * answer, which strchr would find as the terminator, nor a longer one). */
static bool one_cell_of(const char *answer, const char *cells)
{
    return answer[0] != '\0' && answer[1] == '\0' && strchr(cells, answer[0]) != NULL;
}

static void test_level2_rules(void)
{
    CHECK_STR(ai_move("xx.oo.... o", 2, 1), "6"); /* attack before defence */
    CHECK_STR(ai_move("xx..o.... o", 2, 1), "3"); /* defend */
    CHECK_STR(ai_move("......... x", 2, 1), "5"); /* first move: centre */
    CHECK_STR(ai_move("x........ o", 2, 3), "5"); /* the centre while free */
    for (uint64_t seed = 1; seed < 20; seed++) {
        const char *m = ai_move("....x.... o", 2, seed); /* centre taken: a corner */
        CHECK(one_cell_of(m, "1379"));
        m = ai_move("x...o...x o", 2, seed); /* the trap: an edge */
        CHECK(one_cell_of(m, "2468"));
    }
}

static void test_level1_random(void)
{
    int seen[9] = {0}, distinct = 0;
    for (uint64_t seed = 0; seed < 60; seed++) {
        char m[8];
        snprintf(m, sizeof m, "%.7s", ai_move("......... x", 1, seed));
        CHECK(m[0] >= '1' && m[0] <= '9' && m[1] == '\0');
        if (m[0] >= '1' && m[0] <= '9' && !seen[m[0] - '1']++)
            distinct++;
        CHECK_STR(ai_move("......... x", 1, seed), m); /* same seed, same move */
    }
    CHECK(distinct >= 6);
}

int main(void)
{
    test_rules();
    test_bad_positions();
    test_level3_is_perfect();
    test_level2_rules();
    test_level1_random();
    return test_report("tictactoe");
}
