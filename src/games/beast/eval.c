/* eval.c — what a beast search node is worth: piece values (a base value
 * by type, raised as the enemy pieces that could take it die out),
 * mobility weighted by value, the danger of a dragon that cats close in
 * on, and (level 3) a pull of hunters towards their prey. Integer
 * arithmetic only.
 *
 * Measured on the same 20 deals (40 games) against MistyBanqi at 200 k
 * nodes a move each (bench/beast_vs.cjs): the old values (every piece 40
 * plus 8 a prey) made two cats worth a tiger and scored 42.5 %; the base
 * values 65 %, with mobility and the dragon's danger 67.5 %; the hawk at
 * 200 (it was 150, about a tiger once its prey is counted, though it
 * takes anything from a distance) about 74 %, and with search.c's lower
 * contempt about 75 %. The weights were then fitted to the results of
 * the match games (tools/beast_tune.c; docs/engines.md, "Weights fitted
 * to the games"): the tiger, which takes cats, worth about the dragon,
 * the hawk less, a piece nothing can take any more twice as much. */
#include "think.h"

#include <string.h>

#define EVAL_MAX 2500

/* The weights (think.h's bn_eval_weights), constant in the game;
 * tools/beast_tune.c builds this file with BEAST_TUNE, where they are a
 * variable it fits to match games, and no values are cached.
 * - Piece values: base by type (dragon .. cat), plus `prey` for each enemy
 *   piece alive that it can take, plus base / `dominated` / (1 + the enemy
 *   pieces alive that can take it): a piece nothing can take any more is
 *   a free attacker. The hawk takes anything by jumping (16 prey) and
 *   anything alive can be its screen, so enemy hawks always count as able
 *   to take.
 * - Mobility: value / `mobility_div` for each step a piece may take.
 * - The dragon's danger: `dragon_danger` points for a cat next to it with
 *   nowhere to go.
 * - Level 3 pulls hunters towards the pieces they take and that cannot
 *   take them back: value * (HUNT_RANGE - distance) / `hunt_div`; once
 *   every piece is face up, `hunt_ahead` times as hard for a side `ahead`
 *   points ahead in material: its moves towards the enemy are worth more
 *   than shuffling, before the 50-ply rule draws. */
#ifdef BEAST_TUNE
#define WEIGHTS_STORAGE
#define CACHE_VALUES false
#else
#define WEIGHTS_STORAGE static const
#define CACHE_VALUES true
#endif
WEIGHTS_STORAGE bn_eval_weights bn_weights = {
    .base = {219, 185, 90, 81, 57, 108, 52},
    .prey = 7,
    .dominated = 1,
    .mobility_div = 15,
    .dragon_danger = 108,
    .hunt_div = 40,
    .hunt_ahead = 2,
    .ahead = 80,
};
#define HUNT_RANGE 8

/* Distances, and which type hunts which (takes it, is not taken back). */
static uint8_t DIST[BX_CELLS][BX_CELLS];
/* The types each type hunts, PREY_FROM[t] .. PREY_TO[t] - 1: always
 * consecutive types (a rank hunts the ranks below it but the cat's, the
 * dragon hunts down to the hawk, the cat only the dragon, the hawk
 * nothing), so a hunter's prey are one run of the enemy pieces listed by
 * type. The pull's weight by distance: HUNT_RANGE - distance, or 0
 * beyond. */
static uint8_t PREY_FROM[BX_TYPES], PREY_TO[BX_TYPES];
static uint8_t PULL[BX_CELLS][BX_CELLS];
static bool eval_hunting; /* level 3's extra term */

static bool hunts(int a, int b) { return bx_takes_adjacent(a, b) && !bx_takes_adjacent(b, a); }

void bn_eval_start(bool hunting)
{
    static bool ready;
    if (!ready) {
        for (int a = 0; a < BX_CELLS; a++)
            for (int b = 0; b < BX_CELLS; b++) {
                int dr = bx_row(a) - bx_row(b), dc = bx_col(a) - bx_col(b);
                DIST[a][b] = (uint8_t)((dr < 0 ? -dr : dr) + (dc < 0 ? -dc : dc));
                PULL[a][b] = (uint8_t)(DIST[a][b] < HUNT_RANGE ? HUNT_RANGE - DIST[a][b] : 0);
            }
        for (int a = 0; a < BX_TYPES; a++) {
            int from = 0;
            while (from < BX_TYPES && !hunts(a, from))
                from++;
            int to = from;
            while (to < BX_TYPES && hunts(a, to))
                to++;
            PREY_FROM[a] = (uint8_t)from;
            PREY_TO[a] = (uint8_t)to;
        }
        ready = true;
    }
    eval_hunting = hunting;
}

static void compute_values(const uint8_t *alive, int *val)
{
    for (int c = 0; c < 2; c++) {
        const uint8_t *enemy = alive + (ptrdiff_t)(c ^ 1) * BX_TYPES;
        for (int t = 0; t < BX_TYPES; t++) {
            int prey = 0, hunters = enemy[BX_HAWK];
            for (int u = 0; u < BX_TYPES; u++) {
                if (t == BX_HAWK || bx_takes_adjacent(t, u))
                    prey += enemy[u];
                if (bx_takes_adjacent(u, t))
                    hunters += enemy[u];
            }
            int base = bn_weights.base[t];
            val[c * BX_TYPES + t] =
                base + bn_weights.prey * prey + base / bn_weights.dominated / (1 + hunters);
        }
    }
}

/* The values of every kind for the pieces alive, from a small cache keyed
 * by the counts (they change only with captures). The array may be reused
 * by the next call: read it before searching deeper. */
const int *bn_piece_values(const node *n)
{
    static struct {
        uint64_t key;
        int val[BX_KINDS];
    } cache[1024];
    uint64_t key = n->alive_key | 1ULL << 3 * BX_KINDS; /* never 0, an empty slot's */
    unsigned slot = (unsigned)((key * 0x9E3779B97F4A7C15ULL) >> 54);
    if (!CACHE_VALUES || cache[slot].key != key) {
        compute_values(n->alive, cache[slot].val);
        cache[slot].key = key;
    }
    return cache[slot].val;
}

/* Each colour's face-up pieces listed by type (their cells and values;
 * type t from first[colour][t] to first[colour][t + 1] - 1), gathered in
 * one pass with their mobility: each step a piece may take (to an empty
 * cell or onto a piece it takes), weighted by its value, since a free
 * tiger matters more than a free cat. The hawk's jumps are left to the
 * search. */
#define MOST_OF_A_COLOUR 16 /* a POS holds no more (BX_COUNT) */
typedef struct {
    int8_t sq[2][MOST_OF_A_COLOUR];
    int worth[2][MOST_OF_A_COLOUR];
    uint8_t first[2][BX_TYPES + 1];
} pieces;

static void gather(const node *n, const int *val, pieces *p, int *score)
{
    for (int col = 0; col < 2; col++) {
        uint8_t at[BX_TYPES], *first = p->first[col];
        const uint8_t *alive = n->alive + (ptrdiff_t)col * BX_TYPES;
        const uint8_t *pool = n->pool + (ptrdiff_t)col * BX_TYPES;
        first[0] = 0;
        for (int t = 0; t < BX_TYPES; t++) {
            at[t] = first[t];
            first[t + 1] = (uint8_t)(first[t] + alive[t] - pool[t]);
        }
        int mobility = 0;
        for (uint32_t up = n->up[col]; up; up &= up - 1) {
            int s = __builtin_ctz(up), kind = bx_kind(n->cell[s]), steps = 0;
            int i = at[kind - col * BX_TYPES]++;
            p->sq[col][i] = (int8_t)s;
            p->worth[col][i] = val[kind];
            for (int d = 0; d < 4; d++)
                steps += bn_steps_onto[kind][n->cell[bn_around[s][d]]];
            mobility += steps * val[kind];
        }
        score[col] += mobility / bn_weights.mobility_div;
    }
}

/* Hunters near their prey: a pull that lets the search find the way to
 * pieces it can take before the no-progress rule draws the game. lead:
 * red's material less blue's. */
static void add_hunting(const node *n, const pieces *p, int lead, int *score)
{
    for (int col = 0; col < 2; col++) {
        int pull = 0, foe = col ^ 1;
        const int8_t *prey_sq = p->sq[foe];
        const int *prey_worth = p->worth[foe];
        for (int t = 0; t < BX_TYPES; t++) {
            int from = p->first[foe][PREY_FROM[t]], to = p->first[foe][PREY_TO[t]];
            if (from == to)
                continue;
            for (int i = p->first[col][t]; i < p->first[col][t + 1]; i++) {
                const uint8_t *near = PULL[p->sq[col][i]];
                for (int j = from; j < to; j++)
                    pull += near[prey_sq[j]] * prey_worth[j];
            }
        }
        if (!n->n_down && (col ? -lead : lead) >= bn_weights.ahead)
            pull *= bn_weights.hunt_ahead;
        score[col] += pull / bn_weights.hunt_div;
    }
}

/* The dragon's danger: enemy cats (the only pieces that take it face to
 * face) closing in, halved by every step away, over 1 + the free cells
 * it could flee to. A quiet approach is beyond the quiescence search, and
 * a cornered dragon is lost before a cat touches it. */
static int dragon_danger(const node *n, const pieces *p, int colour)
{
    int sq = p->sq[colour][p->first[colour][BX_DRAGON]], threat = 0, escape = 0;
    int foe = colour ^ 1, cat = bx_up(foe * BX_TYPES + BX_CAT);
    for (int i = p->first[foe][BX_CAT]; i < p->first[foe][BX_TYPES]; i++)
        if (DIST[p->sq[foe][i]][sq] <= 4)
            threat += 16 >> (DIST[p->sq[foe][i]][sq] - 1);
    if (!threat)
        return 0;
    for (int d = 0; d < 4; d++) { /* the dragon's cell, not empty, among them */
        int t = bn_around[sq][d];
        if (n->cell[t] != BX_EMPTY)
            continue;
        bool attacked = false;
        for (int e = 0; e < 4; e++)
            attacked |= n->cell[bn_around[t][e]] == cat;
        escape += !attacked;
    }
    return threat / (1 + escape);
}

/* The static value for the side to move. It shrinks as the no-progress
 * count grows: a lead that cannot be turned into captures is a draw. */
int bn_evaluate(const node *n)
{
    int score[2] = {0, 0};
    if (n->side < 0)
        return 0;
    const int *val = bn_piece_values(n);
    for (int t = 0; t < BX_TYPES; t++) {
        score[0] += n->alive[t] * val[t];
        score[1] += n->alive[BX_TYPES + t] * val[BX_TYPES + t];
    }
    int lead = score[0] - score[1];
    pieces p;
    gather(n, val, &p, score);
    if (eval_hunting)
        add_hunting(n, &p, lead, score);
    for (int col = 0; col < 2; col++)
        if (p.first[col][BX_DRAGON + 1])
            score[col] -= dragon_danger(n, &p, col) * bn_weights.dragon_danger / 16;
    int e = score[n->side] - score[n->side ^ 1];
    e = e * (BX_NO_PROGRESS + 14 - n->plies) / (BX_NO_PROGRESS + 14);
    return e > EVAL_MAX ? EVAL_MAX : e < -EVAL_MAX ? -EVAL_MAX : e;
}
