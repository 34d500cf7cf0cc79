/* score.h — won and lost scores in a transposition table.
 *
 * A search scores a win as WIN - plies from the root, so that a sooner
 * win is worth more. A table entry may be read back at another distance
 * from the root, so decided scores (beyond `decided`) are stored relative
 * to the node and turned back relative to the root when read.
 */
#ifndef QP_SEARCH_SCORE_H
#define QP_SEARCH_SCORE_H

static inline int qp_score_to_tt(int score, int ply, int decided)
{
    return score > decided ? score + ply : score < -decided ? score - ply : score;
}

static inline int qp_score_from_tt(int score, int ply, int decided)
{
    return score > decided ? score - ply : score < -decided ? score + ply : score;
}

#endif
