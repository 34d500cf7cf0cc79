/* movelist.h — moves with an ordering score, best first.
 *
 * Two ways to order: keep a short list sorted as moves are added
 * (qp_moves_add, for lists cut to the best few), or fill the list and
 * pick the best remaining move at each step (qp_moves_pick, cheap when a
 * cut-off usually comes early). Ties keep the order moves were added in.
 */
#ifndef QP_SEARCH_MOVELIST_H
#define QP_SEARCH_MOVELIST_H

typedef struct {
    int move;
    int score; /* higher first */
} qp_scored;

/* Adds (move, score) to list[0..*n), kept best first and cut to cap
 * moves: a move no better than the last of a full list is dropped. */
static inline void qp_moves_add(qp_scored *list, int *n, int cap, int move, int score)
{
    int i = *n < cap ? (*n)++ : cap;
    if (i == cap) {
        if (cap == 0 || score <= list[cap - 1].score)
            return;
        i--;
    }
    for (; i > 0 && list[i - 1].score < score; i--)
        list[i] = list[i - 1];
    list[i] = (qp_scored){move, score};
}

/* Moves the best of list[i..n) to position i (the first of equals). */
static inline void qp_moves_pick(qp_scored *list, int i, int n)
{
    int best = i;
    for (int j = i + 1; j < n; j++)
        if (list[j].score > list[best].score)
            best = j;
    qp_scored t = list[i];
    list[i] = list[best];
    list[best] = t;
}

#endif
