/* nnue.c — the evaluation network's upper layers, in integers so that
 * native and wasm builds agree to the unit (the scales: tools/gomoku_nnue.py).
 * Its first layer, the accumulators, board.c keeps up to date. */
#include "board.h"

#define NN_QA 255 /* a unit's output 0..1 as 0..255 */
#define NN_ACC_DIV 64 /* the accumulators hold 16320 = 255 * 64 a unit */
#define NN_QW1 4096
#define NN_OUT_SCALE (255LL * 4096) /* the output's integer a logit */
#define NN_UNITS 400 /* the evaluation's units a logit */

static int clip(int v) { return v < 0 ? 0 : v > NN_QA ? NN_QA : v; }

int gb_nn_eval(const gb_board *b)
{
    int me = b->side, h1[2 * GB_NN_H], out = gb_nn_bias2;
    for (int i = 0; i < GB_NN_H; i++) {
        h1[i] = clip((b->acc[me][i] + gb_nn_bias0[i]) / NN_ACC_DIV);
        h1[GB_NN_H + i] = clip((b->acc[!me][GB_NN_H + i] + gb_nn_bias0[GB_NN_H + i]) / NN_ACC_DIV);
    }
    for (int k = 0; k < GB_NN_K; k++) {
        int z = gb_nn_bias1[k];
        for (int j = 0; j < 2 * GB_NN_H; j++)
            z += gb_nn_w1[k][j] * h1[j];
        out += gb_nn_w2[k] * clip(z / NN_QW1);
    }
    return (int)((long long)out * NN_UNITS / NN_OUT_SCALE);
}

void gb_nn_recompute(const gb_board *b, int acc[2][2 * GB_NN_H])
{
    for (int c = 0; c < 2; c++)
        for (int i = 0; i < 2 * GB_NN_H; i++)
            acc[c][i] = 0;
    for (int n = 0; n < b->n_on; n++) {
        int p = b->on[n];
        if (b->cell[p] != GOMOKU_EMPTY)
            continue;
        for (int c = 0; c < 2; c++) {
            if (b->cls[c][p] == GB_C_FORBID)
                continue;
            const int *row = gb_nn_embed[gb_pattern_set(b->pat[p][c])];
            for (int i = 0; i < 2 * GB_NN_H; i++)
                acc[c][i] += row[i];
        }
    }
}
