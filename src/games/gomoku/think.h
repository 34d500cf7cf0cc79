/* think.h — what the files of gomoku's levels 3-4 share: the board they
 * search and the work meter with its plan (think.c), move lists and the
 * learned move order, and the entries of the threat searches (threats.c),
 * the move picker (moves.c) and PVS (pvs.c), which the move choice
 * (root.c) and the analysis (analyze.c) call. The transposition table
 * (tt.h) and the evaluation (eval.h) are PVS's alone. Internal to the AI;
 * names with external linkage start with gk_. */
#ifndef QP_GOMOKU_THINK_H
#define QP_GOMOKU_THINK_H

#include "ai.h"
#include "board.h"
#include "search/movelist.h"
#include "search/work.h"

#define WIN GOMOKU_WIN
#define DECIDED (WIN - 1000)
#define INF (WIN + 1)
#define VCF_DEPTH 30 /* attacker's fours in a VCF */
#define VCT_DEPTH 6 /* attacker's threes and fours before its last VCF */
#define MAX_PLY 60 /* PVS and quiescence, forced replies included */
#define ONE_PLY 4 /* PVS's depth units */

/* The position being searched (root.c loads it from the rules state;
 * think.c holds it). */
extern gb_board gk_board;

/* ---- Work accounting: nodes, or a clock when asked for one. */

extern qp_work gk_work;

static inline bool gk_tick(void) { return qp_work_tick(&gk_work); }

typedef struct {
    long long budget; /* nodes; when timed, a cap (0: none) */
    double t0, ms; /* clock start and length, when timed */
    long long start;
} gk_plan;

/* Lets the next step run until `upto` (a fraction of the whole budget
 * counted from the start) is spent. */
void gk_phase(const gk_plan *pl, double upto);

/* A point of the AI's board as a point of the rules state. */
static inline int gk_rules_point(const gomoku_state *s, int p) { return gb_y(p) * s->w + gb_x(p); }

/* ---- Move lists: the best `cap` points by score, best first (ties in
 * board order). */

typedef struct {
    int n, cap;
    qp_scored m[GOMOKU_CELLS];
} move_list;

static inline void add_move(move_list *l, int p, int score)
{
    qp_moves_add(l->m, &l->n, l->cap, p, score);
}

#define FOURS ((1u << GB_C_B4) | (1u << GB_C_B4F3))
#define THREES ((1u << GB_C_F3) | (1u << GB_C_F33))

/* ---- threats.c */

/* The first point of class cls that `color` may play, or -1. */
int gk_find_legal(gb_board *b, int color, int cls);
/* `color`'s points of the given classes (bit mask), legal, best first. */
void gk_threat_moves(gb_board *b, int color, unsigned classes, move_list *l);
/* The points that can stop `att`'s straight-four threats. */
void gk_blocking_points(gb_board *b, int att, move_list *l);

/* A new search: forgets the threat searches that failed before. */
void gk_threats_new_search(void);

/* The forced win the last threat search found: both sides' moves in
 * order, points of gk_board. */
extern short gk_line[GOMOKU_LINE_MAX + 8];
extern int gk_line_len;
void gk_note_line(int ply, int p);

/* On gk_board, the side to move attacking: does it win by continuous
 * fours (VCF) within `depth` fours, or by threes and fours (VCT)? */
bool gk_vcf_attack(int depth, int ply);
bool gk_vct_attack(int depth, int ply);

/* ---- moves.c: the moves PVS tries and their order. */

/* How likely `me` is to play p: the learned move order (eval_table.c)
 * of p's pattern sets, and of its patterns direction by direction. */
static inline int order_score(const gb_board *b, int me, int p)
{
    const unsigned char *m = b->pat[p][me], *o = b->pat[p][!me];
    int score = gb_policy[0][b->set[me][p]] + gb_policy[1][b->set[!me][p]];
    for (int d = 0; d < 4; d++)
        score += gb_pair_policy[m[d] * GB_PT_COUNT + o[d]];
    return score;
}

/* The history table: per colour and point, how often the move cut (a
 * bonus) or was passed over by the move that cut (a malus). */
extern int gk_history[2][GB_CELLS];

/* A new search: forgets the history and the killers. */
void gk_moves_new_search(void);
/* The moves PVS tries at a node of b (its move generator), by the learned
 * order, best `l->cap` first. */
void gk_gen_moves(gb_board *b, move_list *l);
/* The move list of the node `ply` plies from the root, scored for the
 * order: the table's move, the killers, then the learned order plus the
 * history. Returns the best learned score (for the policy reduction). */
int gk_node_moves(gb_board *b, move_list *l, int tt_move, int ply);
/* Forgets the killers of the nodes `ply` plies from the root. */
void gk_clear_killers(int ply);
/* The move that cut at `ply` (`depth` quarter plies, `me` to move): a
 * history bonus for it, a malus for the moves of l tried before it
 * (but `excluded`), and it becomes the first killer. */
void gk_note_cutoff(int me, const move_list *l, int best_move, int excluded, int ply, int depth);

/* ---- pvs.c */

/* The root moves of the last search, best first, with their scores
 * (root.c fills and sorts them; pvs.c searches them). */
typedef struct {
    int n;
    qp_scored m[GOMOKU_CELLS];
} root_list;

extern root_list gk_roots;

/* A new search: forgets the table, the history, the killers and the
 * threat searches' failures (each search depends only on its position and
 * budget). */
void gk_pvs_new_search(void);
/* The PVS value of gk_board for the side to move, ply plies from the
 * root, at `depth` plies. */
int gk_pvs(int depth, int alpha, int beta, int ply);
/* One iteration over gk_roots at `depth` plies in the window (alpha,
 * beta): the index of the best move (its score in *best_score), or -1
 * when stopped before the first was done or when all failed low. */
int gk_root_iteration(int depth, int alpha, int beta, int *best_score);
/* The line the search expects after `first` (board points): its last
 * principal variation, continued from the table. */
int gk_expected_line(int first, int *pts, int cap);

#endif
