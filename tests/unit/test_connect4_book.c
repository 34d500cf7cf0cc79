/* The 7x6 opening book (src/games/connect4/book.h): its data decodes into sorted
 * keys, its scores agree with Pons' test sets wherever they meet and with
 * our solver on a sample of its own entries, and level 4 plays from it
 * without search. */
#include <stdlib.h>

#include "games/connect4/book.h"
#include "engine.h"
#include "games/connect4/connect4.h"
#include "test.h"

/* Rebuilds a position from its key: in each column, mine + mask is the
 * mover's stones plus (2^k - 1) for k stones, so all ones means k stones
 * none of them the mover's, and otherwise the top bit is at k. */
static c4_pos position_of_key(uint64_t key)
{
    c4_pos p = c4_empty();
    for (int c = 0; c < C4BOOK_W; c++) {
        uint64_t v = (key >> (c * (C4BOOK_H + 1))) & ((1u << (C4BOOK_H + 1)) - 1);
        int k = 0;
        if ((v & (v + 1)) == 0) {
            while (v >> k)
                k++;
            v = 0;
        } else {
            while (v >> (k + 1))
                k++;
            v -= (1ULL << k) - 1;
        }
        p.mask |= ((1ULL << k) - 1) << (c * (C4BOOK_H + 1));
        p.mine |= v << (c * (C4BOOK_H + 1));
        p.moves += k;
    }
    return p;
}

static void test_data(void)
{
    int size = c4book_size();
    printf("book: %d positions, at most %d stones\n", size, c4book_max_moves());
    CHECK(size > 0);
    c4_use_board(C4BOOK_W, C4BOOK_H);
    int score;
    c4_pos empty = c4_empty();
    CHECK(c4book_lookup(&empty, &score)); /* decodes on first use */
    CHECK_INT(score, 1);
    for (int i = 1; i < size; i++)
        if (!CHECK(c4book_keys[i - 1] < c4book_keys[i]))
            break;
    /* Keys are canonical and rebuild into positions of their ply. */
    int bad = 0;
    for (int i = 0; i < size; i++) {
        c4_pos p = position_of_key(c4book_keys[i]);
        bad += c4_canonical_key(&p) != c4book_keys[i] || p.moves > c4book_max_moves();
    }
    CHECK_INT(bad, 0);
}

static void test_against_sets(void)
{
    static const char *sets[] = {"Test_L1_R1", "Test_L1_R2", "Test_L1_R3", "Test_L2_R1",
                                 "Test_L2_R2"};
    char path[128], line[128];
    int hits = 0, wrong = 0;
    c4_use_board(C4BOOK_W, C4BOOK_H);
    for (int i = 0; i < QP_ARRAY_LEN(sets); i++) {
        snprintf(path, sizeof path, "tests/data/connect4/%s", sets[i]);
        FILE *f = fopen(path, "r");
        if (!CHECK(f != NULL))
            continue;
        while (fgets(line, sizeof line, f)) {
            char *space = strchr(line, ' ');
            *space = '\0';
            c4_pos p = c4_empty();
            int score;
            c4_play_digits(&p, line);
            if (!c4book_lookup(&p, &score))
                continue;
            hits++;
            if (score != atoi(space + 1) && wrong++ < 5)
                fprintf(stderr, "  book: %s scores %d, the set says %s", line, score, space + 1);
        }
        fclose(f);
    }
    printf("book: %d positions of the test sets found, %d wrong\n", hits, wrong);
    CHECK(hits > 0);
    CHECK_INT(wrong, 0);
}

/* A sample of the book's deeper entries, solved again without the book. */
static void test_sample_against_solver(void)
{
    int checked = 0, size = c4book_size();
    c4_use_board(C4BOOK_W, C4BOOK_H);
    c4_set_oracle(NULL, 0);
    for (int i = 0; i < size && checked < test_rounds(12, 2); i += 1 + size / 97) {
        c4_pos p = position_of_key(c4book_keys[i]);
        int want = (c4book_values[i] & 63) - 32, got;
        if (p.moves < 12)
            continue;
        c4_limits lim = {3000000, 0, false};
        c4_new_session();
        if (!c4_solve(&p, &lim, &got))
            continue; /* too long for a unit test */
        CHECK_INT(got, want);
        checked++;
    }
    CHECK(checked >= test_rounds(4, 1));
}

static void test_level4_from_book(void)
{
    static char out[2048];
    for (uint64_t seed = 1; seed <= 3; seed++) {
        qp_ai_opts o = {4, seed, 0};
        qp_ai_info info;
        qp_buf b;
        qp_error err;
        qp_buf_init(&b, out, sizeof out);
        CHECK(qp_engine_ai(&qp_connect4, "7x6", &o, &b, &info, &err));
        CHECK_STR(out, "4");
        CHECK_INT(info.nodes, 0);
        CHECK_INT(info.score, 1);
        CHECK_STR(info.note, "wins in 21 moves");
    }
    /* The opponent's turn after 4: every answer's score, from the book. */
    qp_ai_opts o = {4, 1, 0};
    qp_buf b;
    qp_error err;
    qp_buf_init(&b, out, sizeof out);
    CHECK(qp_engine_analyze(&qp_connect4, "7x6 4", &o, &b, &err));
    CHECK(strstr(out, "\"exact\":true,\"score\":-1,") != NULL);
    CHECK(
        strstr(out, "\"moves\":{\"1\":-4,\"2\":-2,\"3\":-2,\"4\":-1,\"5\":-2,\"6\":-2,\"7\":-4}") !=
        NULL);
}

int main(void)
{
    test_data();
    test_against_sets();
    test_sample_against_solver();
    test_level4_from_book();
    return test_report("connect4 book");
}
