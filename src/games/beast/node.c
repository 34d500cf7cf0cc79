/* node.c — the beast AI's search node (think.h): built from observe()'s
 * view, the tables behind its hash (Zobrist keys for the cells, the side,
 * the hidden counts, and for the table: the plies and flips left), and
 * the steps a piece may take. */
#include "think.h"

#include <string.h>

uint64_t bn_z_cell[BX_CELLS][16], bn_z_side[3], bn_z_pool[BX_KINDS][8];
uint64_t bn_z_plies[BX_NO_PROGRESS + 1], bn_z_flips[4];
uint8_t bn_around[BX_CELLS][4];
bool bn_steps_onto[BX_KINDS][16];

/* The cells next to each, in ascending order (bx_targets' order), then
 * the cell itself for the missing ones, and where each kind may step. */
static void init_steps(void)
{
    for (int a = 0; a < BX_CELLS; a++) {
        int n = 0;
        for (int i = 0; i < 4; i++)
            if (bx_step(a, BX_ASCENDING[i]) >= 0)
                bn_around[a][n++] = (uint8_t)bx_step(a, BX_ASCENDING[i]);
        while (n < 4)
            bn_around[a][n++] = (uint8_t)a;
    }
    for (int k = 0; k < BX_KINDS; k++)
        for (int c = 0; c < 16; c++)
            bn_steps_onto[k][c] = c == BX_EMPTY || (bx_is_up(c) && bx_colour(c) != k / BX_TYPES &&
                                                    bx_takes_adjacent(k % BX_TYPES, bx_type(c)));
}

static void init_tables(void)
{
    static bool ready;
    qp_rng r;
    if (ready)
        return;
    qp_rng_seed(&r, 0x5eed6ea57ULL);
    for (int s = 0; s < BX_CELLS; s++)
        for (int c = 1; c < 16; c++)
            bn_z_cell[s][c] = qp_rng_next(&r);
    for (int i = 0; i < 3; i++)
        bn_z_side[i] = qp_rng_next(&r);
    for (int k = 0; k < BX_KINDS; k++)
        for (int c = 0; c < 8; c++)
            bn_z_pool[k][c] = qp_rng_next(&r);
    for (int p = 0; p <= BX_NO_PROGRESS; p++)
        bn_z_plies[p] = p < 30 ? 0 : qp_rng_next(&r); /* only near the draw limit */
    for (int f = 0; f < 4; f++)
        bn_z_flips[f] = qp_rng_next(&r);
    init_steps();
    ready = true;
}

uint64_t bn_hash(const node *n)
{
    uint64_t h = bn_z_side[n->side + 1];
    for (int s = 0; s < BX_CELLS; s++)
        h ^= bn_z_cell[s][n->cell[s]];
    for (int k = 0; k < BX_KINDS; k++)
        h ^= bn_z_pool[k][n->pool[k]];
    return h;
}

void bn_key_alive(node *n)
{
    n->alive_key = 0;
    for (int k = 0; k < BX_KINDS; k++)
        n->alive_key += n->alive[k] * BN_ALIVE_UNIT(k);
}

void bn_from_view(const beast_state *v, node *n)
{
    init_tables();
    memset(n, 0, sizeof *n);
    memcpy(n->cell, v->cell, BX_CELLS);
    n->side = v->to_move;
    n->plies = v->plies;
    for (int k = 0; k < BX_KINDS; k++) {
        n->pool[k] = v->hidden[k];
        n->alive[k] = v->hidden[k];
        n->n_down = (uint8_t)(n->n_down + v->hidden[k]);
    }
    for (int s = 0; s < BX_CELLS; s++)
        if (bx_is_up(n->cell[s])) {
            n->alive[bx_kind(n->cell[s])]++;
            n->up[bx_colour(n->cell[s])] |= 1u << s;
        }
    bn_key_alive(n);
    n->hash = bn_hash(n);
}

int bn_history(const beast_state *view, const node *root, uint64_t *seen)
{
    node back = *root;
    int k = view->n_moves;
    seen[k] = root->hash;
    for (int i = k - 1; i >= 0; i--) {
        back.cell[view->move_from[i]] = back.cell[view->move_to[i]];
        back.cell[view->move_to[i]] = BX_EMPTY;
        back.side ^= 1;
        seen[i] = bn_hash(&back);
    }
    return k + 1;
}
