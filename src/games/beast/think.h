/* think.h — what the files of the beast AIs share: the search node (node.c)
 * and moves and reveals on it, its evaluation (eval.c), level 1 (greedy.c),
 * the searches of levels 2-3 (search.c) and their root, which ai.c
 * reports, valued by the endgame tables (endgame.h) where they hold it
 * (ending.c). Internal to the AI; names with external linkage start with
 * bn_ (beast_tuning, for the tests and the benchmark, excepted).
 *
 * Scores are for the side to move, in "points" (with every piece alive a
 * cat is worth about 100, a tiger about 320: see eval.c); WIN - plies
 * for a won game (a win the tables prove inside the search: WIN - plies
 * - its DTZ). Everything is integer arithmetic: the same choices
 * natively and in wasm.
 */
#ifndef QP_BEAST_THINK_H
#define QP_BEAST_THINK_H

#include "beast.h"
#include "search/movelist.h"
#include "search/work.h"

#define WIN 3000 /* a won game, minus the plies to reach it */
#define WIN_BOUND 2800 /* beyond: a forced win or loss */
#define MAX_LIST 192 /* 16 pieces x 8 targets, or 32 flips */

/* ---- The search node (node.c) ---- */

typedef struct {
    uint8_t cell[BX_CELLS]; /* BX_EMPTY, face-up codes, BX_DOWN */
    int8_t side; /* to move; -1 before the first flip */
    uint8_t plies; /* since the last flip or capture */
    uint8_t n_down;
    uint8_t pool[BX_KINDS]; /* hidden pieces by kind */
    uint8_t alive[BX_KINDS]; /* on the board, face-up or hidden */
    uint64_t hash; /* cells, side, pool counts (not plies) */
    uint32_t up[2]; /* each colour's face-up pieces, a bit a cell */
    uint64_t alive_key; /* the alive counts, 3 bits a kind, kind 0 highest */
} node;

/* What a capture of `kind` takes off alive_key. */
#define BN_ALIVE_UNIT(kind) (1ULL << 3 * (BX_KINDS - 1 - (kind)))

/* Zobrist keys: cells, side, pool counts; plies and flips left for the
 * transposition table only. */
extern uint64_t bn_z_cell[BX_CELLS][16], bn_z_side[3], bn_z_pool[BX_KINDS][8];
extern uint64_t bn_z_plies[BX_NO_PROGRESS + 1], bn_z_flips[4];

/* The cells next to each cell, ascending (no edge test needed), then the
 * cell itself as often as it has fewer than four (a piece never steps
 * onto its own cell, and the loops need no count), and whether a piece of
 * a kind may step onto a cell holding a code: empty, or a face-up enemy
 * it takes. Ready once a node is made. */
extern uint8_t bn_around[BX_CELLS][4];
extern bool bn_steps_onto[BX_KINDS][16];

/* The node of a view (observe()'s: face-down cells are BX_DOWN). */
void bn_from_view(const beast_state *v, node *n);
/* n's alive_key from its alive counts (the moves below keep it up to
 * date). */
void bn_key_alive(node *n);
/* n's hash computed afresh (the moves below keep it up to date). */
uint64_t bn_hash(const node *n);
/* The hashes of the positions the view's LOG gives back (those since the
 * last flip or capture), oldest first, then root's (the view's node):
 * at most BX_NO_PROGRESS + 1. Returns the count. */
int bn_history(const beast_state *view, const node *root, uint64_t *seen);

/* A move or capture. */
static inline void node_move(node *n, int from, int to)
{
    int p = n->cell[from], t = n->cell[to];
    n->hash ^= bn_z_cell[from][p] ^ bn_z_cell[to][p] ^ bn_z_cell[to][t] ^ bn_z_side[n->side + 1] ^
               bn_z_side[(n->side ^ 1) + 1];
    if (t) {
        n->alive[bx_kind(t)]--;
        n->alive_key -= BN_ALIVE_UNIT(bx_kind(t));
        n->plies = 0;
    } else {
        n->plies++;
    }
    n->cell[to] = (uint8_t)p;
    n->cell[from] = BX_EMPTY;
    n->up[bx_colour(p)] ^= 1u << from | 1u << to;
    if (t)
        n->up[bx_colour(t)] ^= 1u << to;
    n->side ^= 1;
}

/* One outcome of a flip: the hidden piece on sq is of `kind`. */
static inline void node_reveal(node *n, int sq, int kind)
{
    int flipper = n->side < 0 ? kind / BX_TYPES : n->side;
    n->hash ^= bn_z_cell[sq][BX_DOWN] ^ bn_z_cell[sq][bx_up(kind)] ^
               bn_z_pool[kind][n->pool[kind]] ^ bn_z_pool[kind][n->pool[kind] - 1] ^
               bn_z_side[n->side + 1] ^ bn_z_side[(flipper ^ 1) + 1];
    n->cell[sq] = (uint8_t)bx_up(kind);
    n->up[kind / BX_TYPES] |= 1u << sq;
    n->pool[kind]--;
    n->n_down--;
    n->side = (int8_t)(flipper ^ 1);
    n->plies = 0;
}

static inline bool has_pieces(const node *n, int colour)
{
    for (int t = 0; t < BX_TYPES; t++)
        if (n->alive[colour * BX_TYPES + t])
            return true;
    return false;
}

/* ---- Evaluation (eval.c) ---- */

/* The evaluation's weights (eval.c says what each does): constant in the
 * game, a variable where eval.c is built with BEAST_TUNE (for
 * tools/beast_tune.c, which fits them). */
typedef struct {
    int base[BX_TYPES]; /* by type, dragon .. cat */
    int prey, dominated, mobility_div, dragon_danger, hunt_div, hunt_ahead, ahead;
} bn_eval_weights;
#ifdef BEAST_TUNE
extern bn_eval_weights bn_weights;
#endif

/* Before a search: the tables, and whether the hunters' pull counts
 * (level 3). */
void bn_eval_start(bool hunting);
/* The values of every kind for the pieces alive. The array may be reused
 * by the next call: read it before searching deeper. */
const int *bn_piece_values(const node *n);
/* The static value for the side to move. */
int bn_evaluate(const node *n);

/* ---- Level 1 (greedy.c) ---- */

/* The original's greedy choice; *rule gets the step that chose, named by
 * bn_greedy_rules (capture, flee, chase, flip, fallback). */
int bn_greedy(const node *n, qp_rng *rng, int *rule);
extern const char *const bn_greedy_rules[];

/* ---- Levels 2 and 3 (search.c) ---- */

/* Knobs for the tests and the benchmark (0 = the level's default). */
typedef struct {
    long long nodes; /* level 3 work budget */
    int star; /* 1 plain expectimax, 2 Star1, 3 Star1 + Star2 (the default) */
    int flips; /* flips allowed inside the tree beyond the root (-1: none) */
    int depth; /* level 3: search exactly this deep (no budget) */
} beast_ai_tuning;
extern beast_ai_tuning beast_tuning;

typedef struct {
    int action;
    int score;
    int last_depth; /* the deepest iteration that scored it */
} root_move;

typedef struct {
    root_move moves[MAX_LIST];
    int count;
    int isolated[BX_CELLS]; /* the cells the representative flip stands for */
    int n_isolated;
    int depth; /* deepest completed iteration */
    int best; /* index into moves */
    bool tables; /* valued by the endgame tables (ending.c), not searched */
} root_result;

/* The root of the last search, and its work (nodes searched). */
extern root_result bn_result;
extern qp_work bn_work;

/* Searches root (the view's node) at level 2 or 3 and returns the action
 * chosen; exact: every root action gets its own value (for analysis). */
int bn_search(const node *root, const beast_state *view, const qp_ai_opts *o, bool exact,
              qp_rng *rng);

/* ---- The root of a position the endgame tables hold (ending.c) ---- */

/* Values every action of r (root_list's) by the tables and sets r->best;
 * seen: bn_history's hashes; draw: a draw's value for the side to move.
 * False where the tables do not hold the root. */
bool bn_table_root(const node *n, const uint64_t *seen, int n_seen, int draw, root_result *r);
/* The outcome of action a at n for its mover by the tables (1, 0, -1;
 * a third occurrence draws) and *plies: to the end of the game along the
 * tables' line, the action included (-1 for a draw). n: a root the
 * tables hold. */
int bn_table_outcome(const node *n, int a, const uint64_t *seen, int n_seen, int *plies);

#endif
