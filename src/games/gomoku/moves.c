/* moves.c — the moves gomoku's PVS tries and their order: at a node, the
 * answers to the opponent's open four (our fours, the points that block),
 * or else every legal point near the stones, scored by the learned move
 * order (think.h's order_score); then the table's move first, the two
 * killers of the ply next, the rest by that order plus the history of the
 * search. The history and the killers learn from every cut (the bonus
 * grows with the depth). */
#include "think.h"

#include <string.h>

#define HIST_MAX 16384

int gk_history[2][GB_CELLS];
/* Two killers a ply, from 2 plies above the root (ply -2) on. */
static int killers[MAX_PLY + 4][2];
#define KILLERS(ply) killers[(ply) + 2]

void gk_moves_new_search(void)
{
    memset(gk_history, 0, sizeof gk_history);
    for (int i = 0; i < MAX_PLY + 4; i++)
        killers[i][0] = killers[i][1] = -1;
}

/* history += bonus, pulled back toward 0 as it nears HIST_MAX. */
static void history_add(int color, int p, int bonus)
{
    int *h = &gk_history[color][p];
    *h += bonus - *h * (bonus < 0 ? -bonus : bonus) / HIST_MAX;
}

/* Answers that stop the opponent's open three(s), or our fours; or every
 * point near the stones. Best `cap` first, by the learned order. */
void gk_gen_moves(gb_board *b, move_list *l)
{
    int me = b->side, op = !me;
    if (gk_find_legal(b, op, GB_C_F4) >= 0) {
        gk_threat_moves(b, me, FOURS, l);
        gk_blocking_points(b, op, l);
        return;
    }
    for (int i = 0; i < b->n_on; i++) {
        int p = b->on[i];
        if (b->near[p] && b->cell[p] == GOMOKU_EMPTY && b->cls[me][p] != GB_C_FORBID &&
            gb_legal(b, me, p))
            add_move(l, p, order_score(b, me, p));
    }
}

int gk_node_moves(gb_board *b, move_list *l, int tt_move, int ply)
{
    int me = b->side, top = -INF;
    l->n = 0;
    l->cap = GOMOKU_CELLS;
    gk_gen_moves(b, l);
    for (int i = 0; i < l->n; i++) {
        int p = l->m[i].move;
        top = l->m[i].score > top ? l->m[i].score : top;
        l->m[i].score = l->m[i].score * 8 + gk_history[me][p] / 16;
        if (p == tt_move)
            l->m[i].score = INF;
        else if (p == KILLERS(ply)[0])
            l->m[i].score += 2000;
        else if (p == KILLERS(ply)[1])
            l->m[i].score += 1500;
    }
    return top;
}

void gk_clear_killers(int ply) { KILLERS(ply)[0] = KILLERS(ply)[1] = -1; }

void gk_note_cutoff(int me, const move_list *l, int best_move, int excluded, int ply, int depth)
{
    int dp = depth / ONE_PLY, bonus = dp * dp * 16 < 4096 ? dp * dp * 16 : 4096;
    history_add(me, best_move, bonus);
    for (int i = 0; i < l->n && l->m[i].move != best_move; i++)
        if (l->m[i].move != excluded)
            history_add(me, l->m[i].move, -bonus);
    if (KILLERS(ply)[0] != best_move) {
        KILLERS(ply)[1] = KILLERS(ply)[0];
        KILLERS(ply)[0] = best_move;
    }
}
