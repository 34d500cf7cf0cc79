/* review.h — a finished or unfinished game judged move by move (review.c;
 * docs/contract.md, "Review"): for each ply the move, the engine's move there, the
 * mover's win chance before and after, a class and, where the game is
 * solved, the exact outcome; then a summary per side.
 *
 * The review runs a ply at a time, so that a front end can report
 * progress and stop between plies: qp_review_begin reads the text (as
 * qp_engine_open), qp_review_step judges the next ply, qp_review_result
 * writes the JSON of the plies judged so far. qp_engine_review does all
 * three. The state is static: one review at a time.
 */
#ifndef QP_REVIEW_H
#define QP_REVIEW_H

#include "engine.h"

/* Win-chance drops (before - after, in [0, 1]) that bound the classes of
 * a move that is not the engine's own: below DROP_GOOD "good", below
 * DROP_INACCURACY "inaccuracy", below DROP_MISTAKE "mistake", else
 * "blunder". A move within DROP_BEST of the best is "best". Exact values
 * ignore them: a move is a blunder exactly when it lowers the mover's
 * game-theoretic value, else best. */
#define QP_DROP_BEST 0.005
#define QP_DROP_GOOD 0.05
#define QP_DROP_INACCURACY 0.10
#define QP_DROP_MISTAKE 0.20

/* Starts a review of TEXT (a link, an address or a record) at level_text
 * (NULL or "": the game's highest level). Writes {"game","plies":N}. */
bool qp_review_begin(const char *text, const char *level_text, qp_buf *out, qp_error *err);
/* Judges the next ply and writes its JSON entry; false with err on a
 * failure, or when no review is under way or every ply is judged. */
bool qp_review_step(qp_buf *out, qp_error *err);
/* Plies judged so far, and in all. */
int qp_review_done(void);
int qp_review_total(void);
/* {"game","level","plies":[...],"summary":{...},"complete":bool}: the
 * plies judged so far. */
bool qp_review_result(qp_buf *out, qp_error *err);
/* The whole review at once. */
bool qp_engine_review(const char *text, const char *level_text, qp_buf *out, qp_error *err);

#endif
