/* game.h — the one interface every Qipan game implements.
 *
 * A game is a table of functions (qp_game) over a state of fixed size that
 * the caller owns: game->state_size bytes of plain data, copied with
 * memcpy (search copies states instead of undoing moves; undo in the page
 * keeps old POS strings). Nothing in a game allocates memory.
 *
 * Text is the boundary. Params, POS strings and actions come from users
 * and are validated by the game's parse_* functions, which say what is
 * wrong in one line (qp_error) and leave nothing half-done. Everything
 * else trusts its input: apply() is only called with an action that
 * legal() listed.
 *
 * Actions are small non-negative integers; each game documents its
 * encoding at the top of its header. legal() lists them in ascending
 * order, without repeats, and lists none once the game is over.
 *
 * Players are numbered 0 and 1 (0 is the game's first letter in `sides`:
 * x, 1 (Black), b, r ...). One-player games (minesweeper) use player 0.
 *
 * Hidden information and chance. The state always holds the whole truth
 * (minesweeper's mines, the identities of face-down pieces): the engine
 * needs it to apply moves. observe() copies what one player may see into
 * a view, a state of the same type with the hidden parts erased. AIs
 * decide on the view only, so they cannot peek. From a view, an action
 * whose result is unknown (a flip, opening a cell) is a chance event:
 * chance_outcomes() lists what may come out, weighted by how many hidden
 * possibilities lead to each outcome, and apply_outcome() plays one of
 * them on the view. Games without hidden information leave both NULL.
 *
 * Randomness comes only from qp_rng (rng.h), seeded from the caller's
 * seed: the same seed gives the same deal and the same AI choices, in
 * the native build and in wasm.
 *
 * Layout: a game lives in src/games/<id>/ and includes only this header,
 * util.h, rng.h, search/ and its own folder; what two games share goes to
 * src/search/. Its files depend one way: <id>.h (the state and the rules'
 * functions) <- rules.c (the rules and their text, knowing nothing of the
 * AI) <- ai.c and the AI's own files (search, solver, book) <- game.c,
 * which fills the qp_game table from both. `make test` fails on a loop of
 * includes or calls between them. To add a seventh game: write that
 * folder, add a row to the table in registry.c, and the CLI, the wasm
 * engine and the conformance test pick it up (docs/adding-a-game.md).
 */
#ifndef QP_GAME_H
#define QP_GAME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "rng.h"
#include "util.h"

/* Fixed capacities: every game keeps inside them (checked by the tests). */
#define QP_STATE_MAX 65536 /* bytes of one game state */
#define QP_MAX_ACTIONS 8192 /* legal actions in one position */
#define QP_TEXT_MAX 65536 /* longest POS or params text we read */
#define QP_MAX_LEVELS 8

#define QP_NOBODY (-1)

typedef enum {
    QP_TURN, /* in play; player is the one to move (QP_NOBODY if not yet known) */
    QP_WIN, /* over; player won */
    QP_DRAW, /* over; nobody won */
    QP_LOSS, /* over; player lost (one-player games) */
} qp_phase;

typedef struct {
    qp_phase phase;
    int player;
    /* Why the game ended, as a short code the page translates
     * ("line", "full", "stuck", "repetition", "ply-limit", "hp",
     * "mine", "cleared", ...); "" while in play. */
    const char *reason;
} qp_status;

typedef struct {
    int level; /* 1..game->max_level */
    uint64_t seed; /* fixes every random choice */
    int time_ms; /* 0: the level's work budget (deterministic); else a clock */
} qp_ai_opts;

/* What the AI tells about its choice (hints, analysis, benchmarks). */
typedef struct {
    long long nodes; /* work done */
    bool has_score;
    int score; /* game-specific; documented in the game's header */
    char note[160]; /* English words for the score, e.g. "wins in 7 moves" */
} qp_ai_info;

typedef struct {
    int outcome; /* game-specific code, e.g. the piece type revealed */
    int weight; /* how many hidden possibilities give it */
} qp_chance;

/* A review's judgement of one move (the optional judge() below; review.c
 * and docs/contract.md, "Review"). Values are the mover's: a chance to win in
 * [0, 1], a draw counting one half. Where the game is solved they are
 * exact and the outcome is told too. */
typedef struct {
    double before; /* the mover's chance before the move, with best play */
    double after; /* the same after the move played */
    bool exact; /* both values proven (then the outcomes below hold) */
    int outcome_before, outcome_after; /* exact: 1 win, 0 draw, -1 loss */
    int dist_before, dist_after; /* exact: plies to the end with best play; -1 unknown */
    int best; /* the engine's action there (-1: none) */
    bool missed_win; /* a proven win was on the board and the move lost it */
    bool no_value; /* a move the review does not weigh (a minesweeper flag) */
    /* Game-specific JSON members, each with a leading ',' (a string of
     * extra_cap bytes that the review hands over, empty to start). */
    char *extra;
    size_t extra_cap;
} qp_judgement;

typedef struct qp_game {
    const char *id; /* "tictactoe": the name in the CLI, POS and the page */
    const char *title; /* English name */
    int players; /* 1 or 2 */
    const char *sides; /* one letter per player for status lines: "xo" */
    size_t state_size; /* <= QP_STATE_MAX */
    const char *default_params;
    const char *params_help; /* one line: what params look like */
    int max_level;
    int default_level;
    int max_plies; /* no game lasts longer (the conformance test checks) */

    /* Sets up a new game from params (NULL or "" means default_params);
     * seed fixes any deal. */
    bool (*init)(void *st, const char *params, uint64_t seed, qp_error *err);
    /* Reads a POS string; on failure *st is unspecified. */
    bool (*parse_pos)(void *st, const char *pos, qp_error *err);
    void (*format_pos)(const void *st, qp_buf *out);

    int (*legal)(const void *st, int *actions, int cap);
    /* Reads an action's text; fails (saying why) unless it is legal here. */
    bool (*parse_action)(const void *st, const char *text, int *action, qp_error *err);
    void (*format_action)(const void *st, int action, qp_buf *out);
    void (*apply)(void *st, int action);
    qp_status (*status)(const void *st);

    /* The board as text for a terminal. */
    void (*show)(const void *st, qp_buf *out);
    /* A JSON object the page draws from (the page knows no rules). */
    void (*describe)(const void *st, qp_buf *out);

    /* What `player` may see; NULL means everything (perfect information). */
    void (*observe)(const void *st, int player, void *view);
    int (*chance_outcomes)(const void *view, int action, qp_chance *out, int cap);
    void (*apply_outcome)(void *view, int action, int outcome);

    /* The AI's choice for the side to move. The game must decide from
     * observe()'s view alone. Fails only on a bad level or a finished game. */
    bool (*ai)(const void *st, const qp_ai_opts *opts, int *action, qp_ai_info *info,
               qp_error *err);
    /* Optional: a JSON object with the AI's view of every option (scores of
     * every column, mine probabilities...) for hints and analysis. */
    bool (*analyze)(const void *st, const qp_ai_opts *opts, qp_buf *out, qp_error *err);

    /* Optional: the move notation of links and records (record.c). A game
     * that leaves both NULL writes a move as its action text, which must
     * then hold no space, '.', '/' or '|'. format_move writes the legal
     * `action` as players read it (gomoku: h8); parse_move reads such a
     * text (and may take other forms too), failing unless it is legal here.
     * Its message need not repeat the text: the caller names the move. */
    void (*format_move)(const void *st, int action, qp_buf *out);
    bool (*parse_move)(const void *st, const char *text, int *action, qp_error *err);
    /* True when every move is one character and a move list is written
     * without separators (connect4: Pascal Pons' "4453"). */
    bool compact_moves;

    /* Optional: the review's judgement of the legal `action` played on st
     * (in play), at `level` (1..max_level: the work spent). It must judge
     * with what the mover could see (observe()'s view), fill every field
     * of *j and keep its work bounded: it runs once a move of a game. */
    bool (*judge)(const void *st, int action, int level, qp_judgement *j, qp_error *err);
} qp_game;

/* registry.c */
extern const qp_game *const qp_games[];
extern const int qp_game_count;
const qp_game *qp_find_game(const char *id);

/* State memory big enough and aligned for any game. */
typedef union {
    max_align_t align;
    unsigned char bytes[QP_STATE_MAX];
} qp_state_mem;

#endif
