/* ponghauqi.h — Pong Hau K'i 区字棋 (docs/rules.md, "Pong Hau K'i").
 *
 *     A-----B        Five points and seven lines:
 *     | \ /          A-B A-C A-D B-C C-D C-E D-E (no B-E),
 *     |  C           the shape of the character 区.
 *     | / \
 *     D-----E
 *
 * Players: 0 = b (black, moves first), 1 = w (white). Start: A and E
 * white, B and D black, C empty. A move slides one of your pieces along
 * a line to the empty point; a player who cannot move loses. Draws (our
 * addition): the third occurrence of a position (points and side to move)
 * or 40 plies.
 *
 * POS: POINTS SIDE [PLY [PATH]]
 *   POINTS  the points A-E as b, w or . ("wb.bw")
 *   SIDE    b or w, to move
 *   PLY     plies played so far (0-40; 0 when absent)
 *   PATH    where the empty point has been: before the first ply it
 *           remembers, then after each ply, ending at the current empty
 *           point ("CB" after the first move B). With the current points
 *           it gives back every earlier position, for the repetition rule.
 *           At most PLY+1 letters; absent: no earlier position is known.
 * Start: "wb.bw b". After B: "w.bbw w 1 CB".
 * Action: the point (0-4, written A-E) whose piece moves to the empty point.
 * AI levels: 1 the original's (a move that leaves the opponent stuck, else
 *   random); 2 perfect under the draw rules (wins fastest, loses slowest).
 * AI score (level 2): ponghauqi_value() of the position.
 */
#ifndef QP_PONGHAUQI_H
#define QP_PONGHAUQI_H

#include "game.h"

#define PHQ_MAX_PLY 40

/* The game's table (game.c). */
extern const qp_game qp_ponghauqi;

#define PHQ_SIDES "bw" /* the letters of players 0 and 1 */

/* The state, shared by the rules (rules.c) and the AIs (ai.c). */
#define PHQ_POINTS 5 /* A-E */
#define PHQ_MAX_PATH (PHQ_MAX_PLY + 1)

typedef struct {
    unsigned char pt[PHQ_POINTS]; /* 0 empty, else player + 1 */
    int to_move;
    int ply;
    int path_len; /* >= 1: path[path_len-1] is the current empty point */
    unsigned char path[PHQ_MAX_PATH];
    /* key[i]: the position when the empty point was at path[i]. */
    unsigned short key[PHQ_MAX_PATH];
} phq_state;

/* The points whose piece can slide now, as a bit mask (0: stuck). */
int phq_movable(const phq_state *s);
qp_status phq_status(const void *st);
int phq_legal(const void *st, int *actions, int cap);
void phq_apply(void *st, int action);

/* Exact value for the side to move: 0 draw, 100 - p when it wins with the
 * game ending p plies from now, -(100 - p) when it loses. */
int ponghauqi_value(const void *st, long long *nodes);

/* The rules' entries of the game's table (game.c). */
bool phq_init(void *st, const char *params, uint64_t seed, qp_error *err);
bool phq_parse_pos(void *st, const char *pos, qp_error *err);
void phq_format_pos(const void *st, qp_buf *out);
bool phq_parse_action(const void *st, const char *text, int *action, qp_error *err);
void phq_format_action(const void *st, int action, qp_buf *out);
void phq_show(const void *st, qp_buf *out);
void phq_describe(const void *st, qp_buf *out);

#endif
