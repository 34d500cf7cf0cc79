/* The shared layers: text helpers, the RNG, the checked engine calls and
 * the match runner, as the CLI and the wasm exports rely on them. */
#include "engine.h"
#include "match.h"
#include "test.h"

static char mem[256];

static void test_buffers(void)
{
    qp_buf b;
    qp_buf_init(&b, mem, 8);
    qp_bputs(&b, "abc");
    qp_bprintf(&b, "%d", 1234);
    CHECK_STR(mem, "abc1234");
    CHECK(!b.overflow);
    qp_bputc(&b, 'x'); /* no room for it and the NUL: refused, remembered */
    CHECK(b.overflow);
    CHECK_STR(mem, "abc1234");
    qp_buf_init(&b, mem, sizeof mem);
    qp_bjson_str(&b, "a\"b\\c\n");
    CHECK_STR(mem, "\"a\\\"b\\\\c\\u000a\"");
}

static void test_parsers(void)
{
    long long v;
    CHECK(qp_parse_int("42", 0, 100, &v) && v == 42);
    CHECK(!qp_parse_int("101", 0, 100, &v));
    CHECK(!qp_parse_int("-1", -5, 100, &v));
    CHECK(!qp_parse_int("4 2", 0, 100, &v));
    CHECK(!qp_parse_int("", 0, 100, &v));
    CHECK(!qp_parse_int("99999999999999999999999", 0, 100, &v));
    int w, h;
    const char *end;
    CHECK(qp_parse_dims("7x6 rest", 4, 9, &w, &h, &end) && w == 7 && h == 6 && *end == ' ');
    CHECK(!qp_parse_dims("3x6", 4, 9, &w, &h, &end));
    CHECK(!qp_parse_dims("7x", 4, 9, &w, &h, &end));
    CHECK(!qp_parse_dims("77777x6", 4, 9, &w, &h, &end));
    char text[] = "  a bb  c ";
    char *tok[2];
    CHECK_INT(qp_split(text, tok, 2), -1);
    char text2[] = "a bb  c";
    char *tok3[3];
    CHECK_INT(qp_split(text2, tok3, 3), 3);
    CHECK_STR(tok3[2], "c");
    qp_error err;
    CHECK(qp_check_ascii("abc", 3, "x", &err));
    CHECK(!qp_check_ascii("abcd", 3, "x", &err) && strstr(err.msg, "too long"));
    CHECK(!qp_check_ascii("a\xc3\xa9", 10, "x", &err) && strstr(err.msg, "0xc3"));
    CHECK(!qp_check_ascii(NULL, 10, "x", &err) && strstr(err.msg, "missing"));
}

static void test_rng(void)
{
    qp_rng a, b;
    qp_rng_seed(&a, 5);
    qp_rng_seed(&b, 5);
    for (int i = 0; i < 100; i++)
        CHECK(qp_rng_next(&a) == qp_rng_next(&b));
    /* Pinned values: wasm and native must produce these same numbers. */
    qp_rng_seed(&a, 1);
    CHECK(qp_rng_next(&a) == 0xb3f2af6d0fc710c5ULL);
    int hist[6] = {0};
    for (int i = 0; i < 6000; i++)
        hist[qp_rng_below(&a, 6)]++;
    for (int i = 0; i < 6; i++)
        CHECK(hist[i] > 850 && hist[i] < 1150);
    CHECK(qp_mix_seed(1, 2) != qp_mix_seed(2, 1));
}

static void test_engine_checks(void)
{
    const qp_game *g;
    qp_error err;
    qp_buf b;
    uint64_t seed;
    int level, ms;
    CHECK(!qp_engine_game("chess", &g, &err) && strstr(err.msg, "unknown game 'chess'"));
    CHECK(qp_engine_game("tictactoe", &g, &err));
    CHECK(qp_parse_seed("9007199254740991", &seed, &err) && seed == 9007199254740991ULL);
    CHECK(!qp_parse_seed("9007199254740992", &seed, &err));
    CHECK(!qp_parse_seed("-3", &seed, &err));
    CHECK(qp_parse_level(g, "3", &level, &err) && level == 3);
    CHECK(!qp_parse_level(g, "4", &level, &err) && strstr(err.msg, "1 to 3"));
    CHECK(!qp_parse_time("0", &ms, &err));
    qp_buf_init(&b, mem, sizeof mem);
    CHECK(!qp_engine_legal(g, "......... x\n", &b, &err) && strstr(err.msg, "printable"));
    qp_buf_init(&b, mem, sizeof mem);
    CHECK(!qp_engine_new(g, "z", 1, &b, &err) && strstr(err.msg, "params"));
    /* An answer that does not fit is an error, not a cut-off string. */
    char tiny[4];
    qp_buf_init(&b, tiny, sizeof tiny);
    CHECK(!qp_engine_legal(g, "......... x", &b, &err) && strstr(err.msg, "too long"));
    qp_ai_opts o = {9, 1, 0};
    qp_buf_init(&b, mem, sizeof mem);
    CHECK(!qp_engine_ai(g, "......... x", &o, &b, NULL, &err) && strstr(err.msg, "level"));
    o.level = 3;
    qp_buf_init(&b, mem, sizeof mem);
    CHECK(!qp_engine_ai(g, "xxx.oo... o", &o, &b, NULL, &err) && strstr(err.msg, "over"));
    qp_buf_init(&b, mem, sizeof mem);
    qp_engine_info(g, &b);
    CHECK(strstr(mem, "\"maxLevel\":3") != NULL);
}

/* Lists joined by one separator: links' '.' and the page's line breaks. */
static void test_split_list(void)
{
    qp_error err;
    char *tok[3];
    char a[] = "7,7\n8,6\nh8", b[] = "", c[] = "h8..i9", d[] = "h8.", e[] = "a.b.c.d";
    CHECK_INT(qp_split_list(a, '\n', tok, 3, &err), 3);
    CHECK_STR(tok[0], "7,7");
    CHECK_STR(tok[2], "h8");
    CHECK_INT(qp_split_list(b, '.', tok, 3, &err), 0);
    CHECK_INT(qp_split_list(c, '.', tok, 3, &err), -1);
    CHECK_STR(err.msg, "move 2 is empty");
    CHECK_INT(qp_split_list(d, '.', tok, 3, &err), -1);
    CHECK_STR(err.msg, "move 2 is empty");
    CHECK_INT(qp_split_list(e, '.', tok, 3, &err), -1);
    CHECK(strstr(err.msg, "too many") != NULL);
}

/* One notation: every call takes the move as the game writes it, and
 * qp_engine_move writes it so. */
static void test_notation(void)
{
    const qp_game *g;
    qp_error err;
    qp_buf b;
    const char *moves[] = {"h8", "8,6"};
    CHECK(qp_engine_game("gomoku", &g, &err));
    qp_buf_init(&b, mem, sizeof mem);
    CHECK(qp_engine_apply(g, "15x15 free", moves, 2, &b, &err));
    CHECK_STR(mem, "15x15 free 7,7 8,6");
    qp_buf_init(&b, mem, sizeof mem);
    CHECK(qp_engine_move(g, "15x15 free", "7,7", &b, &err));
    CHECK_STR(mem, "h8");
    qp_buf_init(&b, mem, sizeof mem);
    CHECK(!qp_engine_move(g, "15x15 free 7,7", "h8", &b, &err));
    CHECK_STR(err.msg, "bad gomoku move 'h8': the point is taken");
    CHECK(!qp_game_deals(g, "15x15 free"));
    qp_buf_init(&b, mem, sizeof mem);
    qp_engine_info(g, &b);
    CHECK(strstr(mem, "\"dealt\":false") != NULL);
    CHECK(qp_engine_game("minesweeper", &g, &err));
    CHECK(qp_game_deals(g, "beginner"));
    CHECK(qp_engine_game("beast", &g, &err));
    CHECK(qp_game_deals(g, ""));
}

static int reported;
static void count_report(void *ctx, const char *line)
{
    (void)ctx;
    (void)line;
    reported++;
}

static void test_match(void)
{
    qp_match_opts o = {{3, 3}, 10, 7, NULL, 0};
    qp_match_result r;
    qp_error err;
    /* Perfect against perfect: only draws. */
    CHECK(qp_match(qp_find_game("tictactoe"), &o, &r, count_report, NULL, &err));
    CHECK_INT(r.draws, 10);
    CHECK_INT(reported, 10);
    CHECK_STR(r.draw_reason[0], "full");
    /* Perfect against random never loses, wins most, whatever the seat. */
    o.level[1] = 1;
    o.games = 40;
    CHECK(qp_match(qp_find_game("tictactoe"), &o, &r, NULL, NULL, &err));
    CHECK_INT(r.wins[1], 0);
    CHECK(r.wins[0] > 20);
    /* The same seed plays the same games. */
    qp_match_result again;
    CHECK(qp_match(qp_find_game("tictactoe"), &o, &again, NULL, NULL, &err));
    CHECK(r.wins[0] == again.wins[0] && r.draws == again.draws && r.plies == again.plies);
}

int main(void)
{
    test_buffers();
    test_parsers();
    test_rng();
    test_engine_checks();
    test_split_list();
    test_notation();
    test_match();
    return test_report("engine");
}
