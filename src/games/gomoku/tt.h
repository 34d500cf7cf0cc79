/* tt.h — the transposition table of gomoku's PVS (tt.c holds it): one
 * entry a slot, replaced always, the slot chosen by the low bits of the
 * position's hash (pvs.c salts it for a singular search's excluded move).
 * An entry is the score (won scores kept relative to the node, score.h),
 * its bound, its depth in quarter plies and the best move; a generation
 * number forgets the last search's entries without clearing the table.
 * Probing and storing are inline: PVS does both at every node. */
#ifndef QP_GOMOKU_TT_H
#define QP_GOMOKU_TT_H

#include "search/score.h"
#include "think.h"

enum { TT_EXACT, TT_LOWER, TT_UPPER };

typedef struct {
    uint64_t key;
    short score, move;
    unsigned char depth, flag; /* depth in quarter plies */
    unsigned short gen;
} tt_entry;

#define TT_BITS 18 /* 4 MB: the wasm build starts with 16 MB for everything */
extern tt_entry gk_tt[1 << TT_BITS];
extern unsigned short gk_tt_gen;

/* A new search: the entries of the searches before no longer count. */
void gk_tt_new_search(void);

/* The slot of a position's key. */
static inline tt_entry *tt_slot(uint64_t key) { return &gk_tt[key & ((1 << TT_BITS) - 1)]; }

/* Does e hold this search's entry for key? */
static inline bool tt_hit(const tt_entry *e, uint64_t key)
{
    return e->gen == gk_tt_gen && e->key == key;
}

/* Keeps in e what a node `ply` plies from the root found: its best score
 * (a bound, flag) and move at `depth` quarter plies. */
static inline void tt_store(tt_entry *e, uint64_t key, int best, int ply, int move, int depth,
                            int flag)
{
    e->key = key;
    e->score = (short)qp_score_to_tt(best, ply, DECIDED);
    e->move = (short)move;
    e->depth = (unsigned char)(depth > 255 ? 255 : depth);
    e->flag = (unsigned char)flag;
    e->gen = gk_tt_gen;
}

#endif
