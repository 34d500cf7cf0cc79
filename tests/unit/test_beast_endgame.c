/* Dark animal chess's endgame tables (endgame.c) against brute force over
 * the rules' own moves and status (rules.c: the hawk's jump, the cat and
 * the dragon, "stuck", the 50-ply counter, repetition): every position of
 * every material of two pieces and of chosen and random materials of
 * three, with every count of the counter; positions of four pieces near
 * the end of the counter; positions after a long history, where a third
 * occurrence would draw; and the tables' line, played out by the rules,
 * wins where they say and in the plies they say. */
#include "games/beast/endgame.h"
#include "games/beast/rules.h"
#include "rng.h"
#include "test.h"

#define LEFT (BX_NO_PROGRESS + 1) /* plies left before the counter runs out: 0..50 */
#define NO_POSITION 2

/* ---- Brute force: the value with R plies left, for R = 0..50 ----
 * Positions numbered side + 2 * sum(cell_i * 32^i), pieces in kind order
 * (two of a kind in either order: the same position twice). From R - 1
 * to R forward, every move made by beast_apply and judged by
 * beast_status: a capture leads to the smaller material with the
 * counter at 0 (R = 50), a quiet move to R - 1; with R = 0 the counter
 * has run out. */
typedef struct {
    uint64_t material;
    int n;
    uint8_t kind[3];
    uint32_t size;
    int8_t *val; /* [R * size + position]: 1, 0, -1 for the side to move */
} brute;

static brute solved[24];
static int n_solved;

static uint64_t material_of(const uint8_t *cell)
{
    uint64_t m = 0;
    for (int sq = 0; sq < BX_CELLS; sq++)
        if (bx_is_up(cell[sq]))
            m += 1ull << (3 * bx_kind(cell[sq]));
    return m;
}

static int count_in(uint64_t m, int kind) { return (int)(m >> (3 * kind)) & 7; }

static const brute *solve_brute(uint64_t material);

/* A board's position number in b (its material). */
static uint32_t position_of(const brute *b, const uint8_t *cell, int side)
{
    uint32_t idx = 0, mult = 1;
    bool used[BX_CELLS] = {false};
    for (int i = 0; i < b->n; i++) {
        int sq = 0;
        while (!(bx_is_up(cell[sq]) && bx_kind(cell[sq]) == b->kind[i] && !used[sq]))
            sq++;
        used[sq] = true;
        idx += (uint32_t)sq * mult;
        mult *= BX_CELLS;
    }
    return 2 * idx + (uint32_t)side;
}

/* The state of position idx of b: pieces face up, nothing hidden, no LOG. */
static void state_of(const brute *b, uint32_t idx, beast_state *s, bool *valid)
{
    memset(s, 0, sizeof *s);
    s->to_move = (int8_t)(idx & 1);
    *valid = true;
    idx /= 2;
    for (int i = 0; i < b->n; i++, idx /= BX_CELLS) {
        *valid &= s->cell[idx % BX_CELLS] == BX_EMPTY;
        s->cell[idx % BX_CELLS] = (uint8_t)bx_up(b->kind[i]);
    }
}

/* One position's moves: the best a capture gets (-2: none) and the
 * quiet moves' positions; -1 if the side to move is stuck. */
static int moves_of(const brute *b, const beast_state *s, int *capture_best, uint32_t *quiet)
{
    int acts[BX_CELLS * 8], n = beast_legal(s, acts, BX_CELLS * 8), k = 0;
    *capture_best = -2;
    if (beast_status(s).phase != QP_TURN)
        return -1; /* stuck (hp cannot be 0 here) */
    for (int i = 0; i < n; i++) {
        beast_state c = *s;
        beast_apply(&c, acts[i]);
        if (c.plies) {
            quiet[k++] = position_of(b, c.cell, c.to_move);
            continue;
        }
        int v;
        if (beast_status(&c).phase == QP_WIN) {
            v = 1; /* the last piece taken, or the other side stuck */
        } else {
            const brute *sub = solve_brute(material_of(c.cell));
            v = -sub->val[(LEFT - 1) * sub->size + position_of(sub, c.cell, c.to_move)];
        }
        if (v > *capture_best)
            *capture_best = v;
    }
    return k;
}

static const brute *solve_brute(uint64_t material)
{
    for (int i = 0; i < n_solved; i++)
        if (solved[i].material == material)
            return &solved[i];
    brute b = {material, 0, {0}, 2, NULL};
    for (int k = 0; k < BX_KINDS; k++)
        for (int c = 0; c < count_in(material, k); c++) {
            b.kind[b.n++] = (uint8_t)k;
            b.size *= BX_CELLS;
        }
    b.val = malloc((size_t)LEFT * b.size);
    int *best = malloc(sizeof(int) * b.size), *first = malloc(sizeof(int) * (b.size + 1));
    uint32_t *quiet = malloc(sizeof(uint32_t) * b.size * 12);
    int used = 0;
    for (uint32_t idx = 0; idx < b.size; idx++) {
        beast_state s;
        bool valid;
        state_of(&b, idx, &s, &valid);
        first[idx] = used;
        if (!valid) {
            best[idx] = NO_POSITION;
            continue;
        }
        int k = moves_of(&b, &s, &best[idx], quiet + used);
        s.plies = BX_NO_PROGRESS;
        b.val[idx] = (int8_t)(beast_status(&s).phase == QP_WIN ? -1 : 0); /* R = 0 */
        if (k < 0)
            best[idx] = -1; /* stuck: lost whatever the counter */
        else
            used += k;
    }
    first[b.size] = used;
    for (int r = 1; r < LEFT; r++)
        for (uint32_t idx = 0; idx < b.size; idx++) {
            int v = best[idx];
            for (int q = first[idx]; q < first[idx + 1] && v < 1 && v != NO_POSITION; q++)
                if (-b.val[(r - 1) * b.size + quiet[q]] > v)
                    v = -b.val[(r - 1) * b.size + quiet[q]];
            b.val[r * b.size + idx] = (int8_t)(v == -2 ? 0 : v);
        }
    free(best);
    free(first);
    free(quiet);
    if (n_solved == QP_ARRAY_LEN(solved)) { /* cannot happen: forget_brute() after each */
        fprintf(stderr, "too many materials\n");
        exit(1);
    }
    solved[n_solved] = b;
    return &solved[n_solved++];
}

static void forget_brute(void)
{
    for (int i = 0; i < n_solved; i++)
        free(solved[i].val);
    n_solved = 0;
}

/* "DHtc": red dragon and hawk against a blue tiger and cat. */
static uint64_t material_named(const char *s)
{
    uint64_t m = 0;
    for (; *s; s++) {
        int blue = *s >= 'a',
            type = (int)(strchr(BX_LETTER, blue ? *s - 'a' + 'A' : *s) - BX_LETTER);
        m += 1ull << (3 * (blue * BX_TYPES + type));
    }
    return m;
}

/* ---- Tables against brute force ---- */

/* Every position of a material of up to three pieces: the brute force's
 * values over R = 0..50 are a draw up to some R and the outcome from
 * there on (the monotony the tables stand on), the tables' value with
 * the counter at 0 is that outcome, its DTZ that R, and the tables read
 * at a few counters agree with the brute force there. */
static int check_material(uint64_t material, qp_rng *rng, int *decided)
{
    const brute *b = solve_brute(material);
    int wrong = 0;
    for (uint32_t idx = 0; idx < b->size; idx++) {
        beast_state s;
        bool valid;
        state_of(b, idx, &s, &valid);
        if (!valid)
            continue;
        int outcome = b->val[(LEFT - 1) * b->size + idx], from = 0;
        while (from < LEFT && b->val[from * b->size + idx] != outcome)
            from++;
        for (int r = from; r < LEFT; r++)
            wrong += b->val[r * b->size + idx] != outcome;
        for (int r = 0; r < from; r++)
            wrong += b->val[r * b->size + idx] != 0;
        bt_value v;
        if (!bt_probe(s.cell, s.to_move, 0, &v) || v.outcome != outcome ||
            (outcome && v.zeroing != from)) {
            if (!wrong++)
                fprintf(stderr, "  position %u: tables %d (dtz %d), brute force %d (from %d)\n",
                        idx, v.outcome, v.zeroing, outcome, from);
            continue;
        }
        *decided += outcome != 0;
        int plies = (int)qp_rng_below(rng, LEFT);
        if (!bt_probe(s.cell, s.to_move, plies, &v) ||
            v.outcome != b->val[(LEFT - 1 - plies) * b->size + idx])
            wrong++;
    }
    forget_brute();
    return wrong;
}

static uint64_t random_material(qp_rng *rng, int pieces)
{
    for (;;) {
        uint64_t m = 0;
        int sides[2] = {0, 0};
        for (int i = 0; i < pieces; i++) {
            int k = (int)qp_rng_below(rng, BX_KINDS);
            m += 1ull << (3 * k);
            sides[k / BX_TYPES]++;
        }
        bool legal = sides[0] && sides[1];
        for (int k = 0; k < BX_KINDS; k++)
            legal &= count_in(m, k) <= BX_COUNT[k % BX_TYPES];
        if (legal)
            return m;
    }
}

static void test_small_materials(void)
{
    qp_rng rng;
    qp_rng_seed(&rng, 42);
    int wrong = 0, decided = 0;
    for (int a = 0; a < BX_TYPES; a++) /* every two-piece material */
        for (int b = 0; b < BX_TYPES; b++)
            wrong += check_material(1ull << (3 * a) | 1ull << (3 * (BX_TYPES + b)), &rng, &decided);
    CHECK_INT(wrong, 0);
    CHECK(decided > 1000); /* a material of nothing but draws would test little */
    /* The hawk's jump over its own cat or over the enemy; the cat that
     * takes the dragon the dragon cannot take; the hawk that takes
     * nothing without a screen; cats boxed in ("stuck"). */
    const char *named[] = {"HCd", "Dcc", "Hht", "CCd", "TEh", "Bfc"};
    for (int i = 0; i < test_rounds(QP_ARRAY_LEN(named), 2); i++) {
        decided = 0;
        wrong = check_material(material_named(named[i]), &rng, &decided);
        if (!CHECK_INT(wrong, 0) || !CHECK(decided > 1000))
            fprintf(stderr, "  material %s\n", named[i]);
    }
    for (int i = 0; i < test_rounds(4, 1); i++)
        CHECK_INT(check_material(random_material(&rng, 3), &rng, &decided), 0);
}

/* ---- Four pieces, near the end of the counter ---- */

/* The value with the state's counter, by the rules: a full search over
 * the plies left, captures judged by the brute force of three pieces.
 * With the LOG kept, a third occurrence draws on the way too. */
static int search_rules(const beast_state *s)
{
    qp_status st = beast_status(s);
    if (st.phase == QP_DRAW)
        return 0;
    if (st.phase == QP_WIN)
        return st.player == s->to_move ? 1 : -1;
    int acts[BX_CELLS * 8], n = beast_legal(s, acts, BX_CELLS * 8), best = -1;
    for (int i = 0; i < n && best < 1; i++) {
        beast_state c = *s;
        beast_apply(&c, acts[i]);
        int v;
        if (c.plies || beast_status(&c).phase != QP_TURN) {
            v = -search_rules(&c);
        } else {
            const brute *sub = solve_brute(material_of(c.cell));
            v = -sub->val[(LEFT - 1) * sub->size + position_of(sub, c.cell, c.to_move)];
        }
        if (v > best)
            best = v;
    }
    return best;
}

/* A random position of a material (pieces on distinct cells). */
static void random_position(uint64_t material, qp_rng *rng, beast_state *s)
{
    memset(s, 0, sizeof *s);
    for (int k = 0; k < BX_KINDS; k++)
        for (int c = 0; c < count_in(material, k); c++) {
            int sq;
            do
                sq = (int)qp_rng_below(rng, BX_CELLS);
            while (s->cell[sq] != BX_EMPTY);
            s->cell[sq] = (uint8_t)bx_up(k);
        }
    s->to_move = (int8_t)qp_rng_below(rng, 2);
}

static void test_four_pieces(void)
{
    qp_rng rng;
    qp_rng_seed(&rng, 7);
    /* The drawn dragon and hawk against a tiger and a cat, two
     * pairs (no mirror images kept: every position), hawks and cats. */
    const char *named[] = {"DHtc", "CCcc", "HCdc", "DTeb", "FHch"};
    int wrong = 0, decided = 0, positions = test_rounds(30, 4);
    for (int m = 0; m < QP_ARRAY_LEN(named) + test_rounds(3, 0); m++) {
        uint64_t material =
            m < QP_ARRAY_LEN(named) ? material_named(named[m]) : random_material(&rng, 4);
        for (int i = 0; i < positions; i++) {
            beast_state s;
            random_position(material, &rng, &s);
            s.plies = (uint8_t)(BX_NO_PROGRESS - 1 - qp_rng_below(&rng, 4));
            if (beast_status(&s).phase != QP_TURN)
                continue;
            bt_value v;
            int truth = search_rules(&s);
            decided += truth != 0;
            if (!bt_probe(s.cell, s.to_move, s.plies, &v) || v.outcome != truth) {
                if (!wrong++)
                    fprintf(stderr, "  %d pieces, counter %d: tables %d, rules %d\n", m, s.plies,
                            v.outcome, truth);
            }
        }
        forget_brute();
    }
    CHECK_INT(wrong, 0);
    CHECK(decided > positions / 4);
}

/* ---- Repetition ---- */

/* A history of `plies` quiet moves in which no position occurs twice,
 * ending at s (its LOG holds them). False if the walk got stuck. */
static bool walk(beast_state *s, int plies, qp_rng *rng)
{
    s->plies = 0;
    s->n_moves = 0;
    s->progress = BX_BY_UNKNOWN;
    for (int tries = 0; s->plies < plies && tries < 50 * plies; tries++) {
        int acts[BX_CELLS * 8], n = beast_legal(s, acts, BX_CELLS * 8), quiet[BX_CELLS * 8], k = 0;
        for (int i = 0; i < n; i++)
            if (s->cell[bx_to(acts[i])] == BX_EMPTY)
                quiet[k++] = acts[i];
        if (!k)
            return false;
        beast_state c = *s;
        beast_apply(&c, quiet[qp_rng_below(rng, (uint32_t)k)]);
        if (beast_repeats(&c) == 1 && beast_status(&c).phase == QP_TURN)
            *s = c;
    }
    return s->plies == plies;
}

/* After a history whose positions occurred once each, the tables' value
 * is the game's, third occurrences on the way included (endgame.c). */
static void test_repetition(void)
{
    qp_rng rng;
    qp_rng_seed(&rng, 3);
    const char *named[] = {"HCd", "Tec", "DHt"};
    int wrong = 0, tried = 0;
    for (int m = 0; m < QP_ARRAY_LEN(named); m++)
        for (int i = 0; i < test_rounds(12, 2); i++) {
            beast_state s;
            random_position(material_named(named[m]), &rng, &s);
            if (beast_status(&s).phase != QP_TURN ||
                !walk(&s, BX_NO_PROGRESS - 6 + (int)qp_rng_below(&rng, 2), &rng))
                continue;
            bt_value v;
            int truth = search_rules(&s);
            tried++;
            if (!bt_probe(s.cell, s.to_move, s.plies, &v) || v.outcome != truth)
                wrong++;
        }
    CHECK_INT(wrong, 0);
    CHECK(tried > test_rounds(20, 3));
    forget_brute();
}

/* ---- The tables' line ---- */

/* From won positions, both sides follow bt_line_move, the rules judge:
 * the winner wins, in bt_distance plies, and no position occurs twice. */
static void test_line(void)
{
    qp_rng rng;
    qp_rng_seed(&rng, 11);
    const char *named[] = {"DHtc", "Tec", "HCdc", "CCcc", "Ebf"};
    int played = 0, wrong = 0;
    for (int m = 0; m < QP_ARRAY_LEN(named); m++)
        for (int i = 0, won = 0; i < 400 && won < test_rounds(5, 1); i++) {
            beast_state s;
            bt_value v;
            random_position(material_named(named[m]), &rng, &s);
            if (beast_status(&s).phase != QP_TURN || !bt_probe(s.cell, s.to_move, 0, &v) ||
                !v.outcome)
                continue;
            int winner = v.outcome > 0 ? s.to_move : s.to_move ^ 1;
            int distance = bt_distance(s.cell, s.to_move, 0), plies = 0;
            while (beast_status(&s).phase == QP_TURN && plies <= distance) {
                int a = bt_line_move(s.cell, s.to_move, s.plies);
                if (a < 0)
                    break;
                beast_apply(&s, a);
                plies++;
                wrong += beast_repeats(&s) > 1;
            }
            qp_status end = beast_status(&s);
            wrong += end.phase != QP_WIN || end.player != winner || plies != distance;
            played++;
            won++;
        }
    CHECK_INT(wrong, 0);
    if (!CHECK(played == QP_ARRAY_LEN(named) * test_rounds(5, 1)))
        fprintf(stderr, "  played %d\n", played);
}

/* Covered boards only, and the memory comes back. */
static void test_cover(void)
{
    uint8_t cell[BX_CELLS] = {0};
    cell[0] = (uint8_t)bx_up(BX_TIGER);
    CHECK(!bt_covers(cell)); /* one side alone: the game is over */
    cell[9] = (uint8_t)bx_up(BX_TYPES + BX_CAT);
    CHECK(bt_covers(cell));
    cell[20] = BX_DOWN;
    CHECK(!bt_covers(cell)); /* a face-down piece */
    cell[20] = (uint8_t)bx_up(BX_CAT);
    cell[21] = (uint8_t)bx_up(BX_CAT);
    cell[22] = (uint8_t)bx_up(BX_CAT);
    CHECK(!bt_covers(cell)); /* five pieces */
    bt_stats st;
    bt_forget();
    bt_get_stats(&st);
    CHECK_INT(st.tables, 0);
    CHECK_INT(st.bytes, 0);
    /* Before a search: five pieces, one capture above them: the tables of
     * each capture (a quarter of 2 * 32^3 positions each for the tiger
     * and the cats' material; two cats: a pair). Made only if asked; six
     * pieces are none of theirs. */
    memset(cell, 0, sizeof cell);
    cell[0] = (uint8_t)bx_up(BX_TIGER);
    cell[9] = (uint8_t)bx_up(BX_TYPES + BX_CAT);
    cell[20] = (uint8_t)bx_up(BX_TYPES + BX_CAT);
    cell[30] = (uint8_t)bx_up(BX_TYPES + BX_FOX);
    cell[31] = (uint8_t)bx_up(BX_HAWK);
    CHECK_INT(bt_prepare(cell, false), -1);
    bt_get_stats(&st);
    CHECK_INT(st.tables, 0);
    long long work = bt_prepare(cell, true);
    CHECK(work > 0);
    CHECK_INT(bt_prepare(cell, false), work); /* the same work, made or not */
    bt_get_stats(&st);
    CHECK(st.tables >= 4 && st.bytes >= work);
    cell[12] = (uint8_t)bx_up(BX_TYPES + BX_HAWK);
    int before = st.tables;
    CHECK_INT(bt_prepare(cell, true), -1);
    bt_get_stats(&st);
    CHECK_INT(st.tables, before);
    bt_forget();
}

int main(void)
{
    test_cover();
    test_small_materials();
    test_four_pieces();
    test_repetition();
    test_line();
    bt_forget();
    return test_report("beast_endgame");
}
