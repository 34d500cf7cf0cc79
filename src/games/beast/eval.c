/* eval.c — what a beast search node is worth: piece values from the
 * capture relations of the pieces alive, and (level 3) a pull of hunters
 * towards their prey. Integer arithmetic only. */
#include "think.h"

#define EVAL_MAX 2500

/* Piece values: every piece is worth V_BASE, plus V_PREY for each enemy
 * piece still alive that it can take, plus V_SAFE / (1 + the number of
 * enemy pieces alive that can take it). A hawk takes anything (16 prey):
 * worth far more than its 3 HP. */
#define V_BASE 40
#define V_PREY 8
#define V_SAFE 60
/* Level 3 pulls hunters towards the pieces they take and that cannot take
 * them back: value * (HUNT_RANGE - distance) / HUNT_DIV. */
#define HUNT_RANGE 8
#define HUNT_DIV 48

/* Distances, and which type hunts which (takes it, is not taken back). */
static uint8_t DIST[BX_CELLS][BX_CELLS];
static bool HUNTS[BX_TYPES][BX_TYPES];
static bool eval_hunting; /* level 3's extra term */

void bn_eval_start(bool hunting)
{
    static bool ready;
    if (!ready) {
        for (int a = 0; a < BX_CELLS; a++)
            for (int b = 0; b < BX_CELLS; b++) {
                int dr = bx_row(a) - bx_row(b), dc = bx_col(a) - bx_col(b);
                DIST[a][b] = (uint8_t)((dr < 0 ? -dr : dr) + (dc < 0 ? -dc : dc));
            }
        for (int a = 0; a < BX_TYPES; a++)
            for (int b = 0; b < BX_TYPES; b++)
                HUNTS[a][b] = bx_takes_adjacent(a, b) && !bx_takes_adjacent(b, a);
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
            val[c * BX_TYPES + t] = V_BASE + V_PREY * prey + V_SAFE / (1 + hunters);
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
    uint64_t key = 1;
    for (int k = 0; k < BX_KINDS; k++)
        key = key << 3 | n->alive[k];
    unsigned slot = (unsigned)((key * 0x9E3779B97F4A7C15ULL) >> 54);
    if (cache[slot].key != key) {
        compute_values(n->alive, cache[slot].val);
        cache[slot].key = key;
    }
    return cache[slot].val;
}

/* Hunters near their prey: a pull that lets the search find the way to
 * pieces it can take before the no-progress rule draws the game. */
static void add_hunting(const node *n, const int *val, int *score)
{
    int sq[2][BX_CELLS], kind[2][BX_CELLS], k[2] = {0, 0};
    for (int s = 0; s < BX_CELLS; s++) {
        int c = n->cell[s];
        if (bx_is_up(c)) {
            int col = bx_colour(c);
            sq[col][k[col]] = s;
            kind[col][k[col]++] = bx_kind(c);
        }
    }
    for (int col = 0; col < 2; col++)
        for (int i = 0; i < k[col]; i++) {
            int a = kind[col][i] % BX_TYPES;
            for (int j = 0; j < k[col ^ 1]; j++) {
                int d = DIST[sq[col][i]][sq[col ^ 1][j]];
                if (d < HUNT_RANGE && HUNTS[a][kind[col ^ 1][j] % BX_TYPES])
                    score[col] += val[kind[col ^ 1][j]] * (HUNT_RANGE - d) / HUNT_DIV;
            }
        }
}

/* The static value for the side to move. It shrinks as the no-progress
 * count grows: a lead that cannot be turned into captures is a draw. */
int bn_evaluate(const node *n)
{
    int score[2] = {0, 0};
    if (n->side < 0)
        return 0;
    const int *val = bn_piece_values(n);
    for (int k = 0; k < BX_KINDS; k++)
        score[k / BX_TYPES] += n->alive[k] * val[k];
    if (eval_hunting)
        add_hunting(n, val, score);
    int e = score[n->side] - score[n->side ^ 1];
    e = e * (BX_NO_PROGRESS + 14 - n->plies) / (BX_NO_PROGRESS + 14);
    return e > EVAL_MAX ? EVAL_MAX : e < -EVAL_MAX ? -EVAL_MAX : e;
}
