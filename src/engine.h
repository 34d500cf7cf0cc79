/* engine.h — the text-level engine that the CLI and the wasm exports share.
 *
 * Every function takes user text, checks it (length, alphabet, syntax,
 * legality) before the game sees it, and either writes its answer to
 * `out` and returns true, or fills `err` with one line and returns false.
 * Nothing is half-applied: a batch of actions is all or nothing.
 */
#ifndef QP_ENGINE_H
#define QP_ENGINE_H

#include "game.h"

bool qp_engine_game(const char *id, const qp_game **game, qp_error *err);
bool qp_parse_seed(const char *text, uint64_t *seed, qp_error *err);
bool qp_parse_level(const qp_game *g, const char *text, int *level, qp_error *err);
bool qp_parse_time(const char *text, int *ms, qp_error *err);

/* Reads and validates a POS into st (QP_STATE_MAX bytes). */
bool qp_engine_load(const qp_game *g, const char *pos, void *st, qp_error *err);
void qp_format_status(const qp_game *g, qp_status s, qp_buf *out);

bool qp_engine_new(const qp_game *g, const char *params, uint64_t seed, qp_buf *out, qp_error *err);
/* Space-separated (the CLI's contract); _lines: one action a line, for
 * callers that split the list (minesweeper's actions hold a space). */
bool qp_engine_legal(const qp_game *g, const char *pos, qp_buf *out, qp_error *err);
bool qp_engine_legal_lines(const qp_game *g, const char *pos, qp_buf *out, qp_error *err);
bool qp_engine_apply(const qp_game *g, const char *pos, const char *const *actions, int n,
                     qp_buf *out, qp_error *err);
bool qp_engine_status(const qp_game *g, const char *pos, qp_buf *out, qp_error *err);
bool qp_engine_show(const qp_game *g, const char *pos, qp_buf *out, qp_error *err);
bool qp_engine_describe(const qp_game *g, const char *pos, qp_buf *out, qp_error *err);
/* Writes the action's text; info may be NULL. */
bool qp_engine_ai(const qp_game *g, const char *pos, const qp_ai_opts *opts, qp_buf *out,
                  qp_ai_info *info, qp_error *err);
bool qp_engine_analyze(const qp_game *g, const char *pos, const qp_ai_opts *opts, qp_buf *out,
                       qp_error *err);
/* A JSON object describing the game (id, title, players, sides, levels,
 * analyze, params, dealt: whether a new game deals from its seed). */
void qp_engine_info(const qp_game *g, qp_buf *out);

/* Reads a move as the game writes it in links, the move list and the
 * status line (gomoku "h8", minesweeper "o3,4": game.h's parse_move) or
 * as its engine action ("7,7", "o 3,4"); fails unless it is legal on st.
 * Every call that takes an action takes either. */
bool qp_read_move(const qp_game *g, const void *st, const char *text, int *action, qp_error *err);
/* Writes a legal action in the game's notation (format_move, else the
 * action text): the one way a move is written to a person. */
void qp_write_move(const qp_game *g, const void *st, int action, qp_buf *out);
/* Checked action step on a loaded state: read (an action or a move, as
 * qp_read_move), confirm legal, apply. */
bool qp_apply_text(const qp_game *g, void *st, const char *action, qp_error *err);
/* Whether a new game with these params deals from its seed (minesweeper's
 * mines, dark chess's pieces): only then does a link carry the seed. */
bool qp_game_deals(const qp_game *g, const char *params);
/* The move `action` (an action or a move) played on pos, in the game's
 * notation: what the move list adds, without replaying the game. */
bool qp_engine_move(const qp_game *g, const char *pos, const char *action, qp_buf *out,
                    qp_error *err);
/* Runs the game's AI on st and checks that its answer is legal. */
bool qp_ai_choose(const qp_game *g, const void *st, const qp_ai_opts *opts, int *action,
                  qp_ai_info *info, qp_error *err);

/* Links and records (record.c; docs/contract.md, "Links and records"). start is a
 * params text or "=POS"; seed_text (NULL or "" for none) is required
 * exactly when the game deals from it. actions are engine action texts,
 * checked by replaying them. Writes the link fragment (no '#') or, with
 * as_record, the record line. */
bool qp_engine_link(const qp_game *g, const char *start, const char *seed_text,
                    const char *const *actions, int n, bool as_record, qp_buf *out, qp_error *err);
/* Opens a link fragment, a whole address or a record, replaying every
 * move, and writes {"game","start","params","seed","actions","moves",
 * "positions" (n+1 POS, the start first),"link","record"} as JSON. */
bool qp_engine_open(const char *text, qp_buf *out, qp_error *err);

/* Connect four's exact score of a POS (see connect4_solve_checked): for
 * `qipan solve` and the wasm engine's "solve" call. */
bool qp_engine_solve(const char *pos, bool weak, bool no_book, int *score, long long *nodes,
                     qp_error *err);

#endif
