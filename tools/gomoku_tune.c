/* gomoku_tune.c — learns gomoku's evaluation and move order
 * (src/games/gomoku/eval_table.c) from games of level 3 against itself
 * and a stronger engine's (make gomoku-data makes both, make gomoku-eval
 * fits them; docs/engines.md). The games are lines of gomoku_games.h's
 * format.
 *
 *   gomoku_tune play GAMES NODES SEED     self-play games to stdout
 *   gomoku_tune openings COUNT SEED       random openings, in the format of
 *                                         bench/gomocup/openings.txt
 *   gomoku_tune rank FILE NODES POSITIONS how often the search's move is the
 *                                         move order's first, in its first 3, 8
 *   gomoku_tune [--mix L] fit GAMES_FILE OUT.c [TEACHER_FILE POLICY_WEIGHT VALUE_WEIGHT]
 *                                         fits both tables, writes OUT.c
 *   gomoku_tune [--mix L] dump GAMES_FILE OUT.bin [TEACHER_FILE]
 *                                         the samples for tools/gomoku_nnue.py
 *
 * Features. What a stone of one colour on an empty point would make in
 * its four lines (board.h's patterns), taken as a multiset ("pattern
 * set": the direction does not matter), 1365 of them.
 *
 * The evaluation sums, over the empty points, a weight of each colour's
 * pattern set there, one weight for the side to move and another for the
 * side that waits, plus a weight of the threat mask (board.h's
 * gb_threat_mask: which threats each side has). Fitted by logistic
 * regression on the games' results
 * (as in Texel tuning): every position the search would evaluate (nobody
 * has a five to play or to stop, the side to move no straight four) is a
 * sample, labelled 1, 0 or 1/2 by how the game ended for the side to move.
 * Written in units of 1/400 of a logit.
 *
 * The move order scores a point by the mover's pattern set there, the
 * opponent's, and the pair of patterns (mover's, opponent's) along each
 * direction. Fitted as a softmax over the points near the stones, the
 * move played as the target, in positions where the search orders them
 * all (nobody has a five, a straight four or an open three to answer).
 * Written in units of 1/100 of a logit.
 *
 * A teacher's games (a stronger engine against itself, in the same format:
 * tools/gomocup_games.cjs turns bench/gomocup.cjs records into it) can be
 * added: each of their move choices counts POLICY_WEIGHT times and each of
 * their positions VALUE_WEIGHT times as much as one of the self-play games.
 *
 * One game in ten is held out: `fit` prints the held-out loss and how
 * often the played move comes first (or among the first 12) beside the
 * same figures for the tables now in the tree, for the self-play games and
 * the teacher's apart.
 *
 * Where the games carry their scores, a position's label mixes the
 * score's chance (a logistic of it, its scale fitted per source) with the
 * result: L of the first (--mix, 0.75 by default).
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/gomoku/ai.h"
#include "games/gomoku/board.h"
#include "gomoku_games.h"
#include "rng.h"

#define PT GB_PT_COUNT
#define SETS GB_PATTERN_SETS
#define THREATS (2 * SETS) /* the threat masks' weights follow the sets' */
#define FEATURES (THREATS + GB_THREAT_MASKS)
#define EPOCHS 30
#define BATCH 256
#define EVAL_UNITS 400 /* the evaluation's units in a logit */
#define POLICY_UNITS 100

/* ---- Samples: a position's features as (index, count) pairs. */

typedef struct {
    unsigned short index;
    unsigned char count;
} feature;

typedef struct {
    float label; /* for the side to move: the result, or mixed (blend_labels) */
    float result; /* how the game ended for the side to move: 1, 1/2, 0 */
    float current; /* the evaluation now in the tree */
    float weight;
    int eval; /* the playing engine's search score, for the side to move */
    bool has_eval;
    bool held_out, teacher;
    int first, n; /* its features in the pool */
    int game, ply; /* where it was: the game's index in read_games' order, moves played */
} sample;

static feature *pool;
static size_t pool_n, pool_cap;
static sample *samples;
static size_t samples_n, samples_cap;

static int games_read; /* games read so far, all files together */

static void *grow(void *p, size_t *cap, size_t need, size_t size)
{
    if (need <= *cap)
        return p;
    *cap = need * 2;
    p = realloc(p, *cap * size);
    if (!p) {
        fprintf(stderr, "gomoku_tune: out of memory\n");
        exit(1);
    }
    return p;
}

static void add_sample(const gb_board *b, float label, const int *eval, float weight, bool teacher,
                       bool held_out)
{
    int counts[FEATURES] = {0}, me = b->side;
    for (int i = 0; i < b->n_on; i++) {
        int p = b->on[i];
        if (b->cell[p] != GOMOKU_EMPTY)
            continue;
        for (int c = 0; c < 2; c++)
            counts[(c == me ? 0 : SETS) + gb_pattern_set(b->pat[p][c])]++;
    }
    samples = grow(samples, &samples_cap, samples_n + 1, sizeof *samples);
    sample *s = &samples[samples_n++];
    s->label = s->result = label;
    s->eval = eval ? *eval : 0;
    s->has_eval = eval != NULL;
    s->current =
        (float)(b->learned[me][0] + b->learned[!me][1] + gb_threat[gb_threat_mask(b->count, me)]);
    s->weight = weight;
    s->held_out = held_out;
    s->teacher = teacher;
    s->first = (int)pool_n;
    s->game = games_read;
    s->ply = b->nstones;
    counts[THREATS + gb_threat_mask(b->count, me)] = 1;
    for (int f = 0; f < FEATURES; f++)
        if (counts[f]) {
            pool = grow(pool, &pool_cap, pool_n + 1, sizeof *pool);
            pool[pool_n++] = (feature){(unsigned short)f, (unsigned char)counts[f]};
        }
    s->n = (int)pool_n - s->first;
}

/* ---- Move choice: for each position where the search orders all the
 * points near the stones (nobody has a five, a straight four or an open
 * three to answer), the candidates' pattern sets and which was played. */

typedef struct {
    unsigned short mine, theirs; /* pattern sets of the point */
    unsigned char pairs[4]; /* per direction: mover's pattern * GB_PT_COUNT + opponent's */
    int current; /* the move order now in the tree (think.h's order_score) */
} candidate;

typedef struct {
    float weight;
    bool held_out, teacher;
    int first, n, played; /* candidates in cands; played: index among them */
} choice;

static candidate *cands;
static size_t cands_n, cands_cap;
static choice *choices;
static size_t choices_n, choices_cap;

static void add_choice(const gb_board *b, int played, float weight, bool teacher, bool held_out)
{
    int me = b->side, op = !me, first = (int)cands_n, at = -1;
    for (int i = 0; i < b->n_on; i++) {
        int p = b->on[i];
        if (b->cell[p] != GOMOKU_EMPTY || !b->near[p])
            continue;
        if (p == played)
            at = (int)cands_n - first;
        cands = grow(cands, &cands_cap, cands_n + 1, sizeof *cands);
        candidate *c = &cands[cands_n++];
        c->mine = (unsigned short)gb_pattern_set(b->pat[p][me]);
        c->theirs = (unsigned short)gb_pattern_set(b->pat[p][op]);
        for (int d = 0; d < 4; d++)
            c->pairs[d] = (unsigned char)(b->pat[p][me][d] * PT + b->pat[p][op][d]);
        c->current = gb_policy[0][b->set[me][p]] + gb_policy[1][b->set[op][p]];
        for (int d = 0; d < 4; d++)
            c->current += gb_pair_policy[c->pairs[d]];
    }
    if (at < 0) { /* played far from the stones: not a sample */
        cands_n = (size_t)first;
        return;
    }
    choices = grow(choices, &choices_cap, choices_n + 1, sizeof *choices);
    choices[choices_n++] = (choice){weight, held_out, teacher, first, (int)cands_n - first, at};
}

/* The games of `path` (a teacher's or self-play), their positions
 * weighted value_weight and their move choices policy_weight. */
static void read_games(const char *path, bool teacher, float policy_weight, float value_weight)
{
    FILE *f = open_or_exit(path, "r");
    static gb_board b;
    static game_line g;
    gomoku_state s;
    qp_error err;
    int games = 0;
    while (read_game_line(f, &g)) {
        gomoku_setup(&s, SIZE, SIZE, GOMOKU_FREE, &err);
        gb_load(&b, &s);
        bool held_out = games++ % HOLD_OUT == 0;
        games_read++;
        for (int i = 0; i < g.n; i++) {
            int scored = i - g.open;
            if (i >= g.open && quiet(&b)) {
                int winner = g.result == 'B' ? 0 : g.result == 'W' ? 1 : -1;
                float label = winner < 0 ? 0.5F : winner == b.side ? 1.0F : 0.0F;
                add_sample(&b, label, scored < g.n_scores ? &g.scores[scored] : NULL, value_weight,
                           teacher, held_out);
            }
            if (i >= g.open && open_choice(&b))
                add_choice(&b, gb_at(g.moves[i] % SIZE, g.moves[i] / SIZE), policy_weight, teacher,
                           held_out);
            gb_make(&b, gb_at(g.moves[i] % SIZE, g.moves[i] / SIZE));
        }
    }
    fclose(f);
    fprintf(stderr, "%s: %d games; in all %zu positions, %zu features, %zu choices\n", path, games,
            samples_n, pool_n, choices_n);
}

/* ---- Mixed labels: where the games carry the playing engine's scores,
 * a sample's label is mix * sigmoid(score / S) + (1 - mix) * result, S
 * fitted for each source (teacher or self-play) so that its scores
 * predict the results best (the engines count in other units). */

static double label_mix = 0.75;

#define DECIDED_SCORE 20000 /* a found win or loss, in either engine's units */

static double sigmoid(double z) { return 1 / (1 + exp(-z)); }

static double cross_entropy(double y, double p)
{
    const double eps = 1e-9;
    return -(y * log(p + eps) + (1 - y) * log(1 - p + eps));
}

static double score_chance(int score, double scale)
{
    return score >= DECIDED_SCORE ? 1 : score <= -DECIDED_SCORE ? 0 : sigmoid(score / scale);
}

static double score_scale(bool teacher)
{
    double best = 0, best_loss = 0;
    for (double scale = 10; scale <= 5000; scale *= 1.05) {
        double loss = 0;
        for (size_t i = 0; i < samples_n; i++)
            if (samples[i].has_eval && samples[i].teacher == teacher)
                loss += cross_entropy(samples[i].result, score_chance(samples[i].eval, scale));
        if (best == 0 || loss < best_loss) {
            best = scale;
            best_loss = loss;
        }
    }
    return best;
}

static void blend_labels(double mix)
{
    for (int t = 0; t < 2 && mix > 0; t++) {
        size_t n = 0;
        for (size_t i = 0; i < samples_n; i++)
            n += samples[i].has_eval && samples[i].teacher == t;
        if (n == 0)
            continue;
        double scale = score_scale(t);
        for (size_t i = 0; i < samples_n; i++)
            if (samples[i].has_eval && samples[i].teacher == t)
                samples[i].label = (float)(mix * score_chance(samples[i].eval, scale) +
                                           (1 - mix) * samples[i].result);
        fprintf(stderr,
                "%s: %zu positions scored, %.0f units a logit; labels %.2f score + %.2f result\n",
                t ? "teacher" : "self-play", n, scale, mix, 1 - mix);
    }
}

/* ---- The fit. */

/* The evaluation in the tree's best logistic scale, z = a * current + b0, by
 * Newton's method (the loss is convex in a and b0). */
static void fit_current(double *a, double *b0)
{
    *a = 0;
    *b0 = 0;
    for (int it = 0; it < 50; it++) {
        double ga = 0, gb = 0, haa = 0, hab = 0, hbb = 0;
        for (size_t i = 0; i < samples_n; i++) {
            if (samples[i].held_out)
                continue;
            double x = samples[i].current, p = sigmoid(*a * x + *b0), e = p - samples[i].label,
                   w = p * (1 - p);
            ga += e * x;
            gb += e;
            haa += w * x * x;
            hab += w * x;
            hbb += w;
        }
        double det = haa * hbb - hab * hab;
        if (det <= 0)
            break;
        *a -= (hbb * ga - hab * gb) / det;
        *b0 -= (haa * gb - hab * ga) / det;
    }
}

#define BIAS FEATURES /* weights[BIAS]: the bias */
static double weights[FEATURES + 1];

/* The training samples' indices (the held-out ones left out) in a new
 * random order. */
static void shuffle(size_t *order, size_t n, qp_rng *rng)
{
    for (size_t i = n - 1; i > 0; i--) {
        size_t j = qp_rng_below(rng, (uint32_t)(i + 1)), x = order[i];
        order[i] = order[j];
        order[j] = x;
    }
}

/* One Adam step (the t-th) on n parameters w from the summed gradient of
 * a batch, with L2 decay. */
typedef struct {
    double *w, *grad, *m, *v;
    int n;
    double lr, l2;
} adam;

static void adam_step(const adam *a, long t, size_t batch)
{
    const double b1 = 0.9, b2 = 0.999;
    for (int f = 0; f < a->n; f++) {
        double g = a->grad[f] / (double)batch + a->l2 * a->w[f];
        a->m[f] = b1 * a->m[f] + (1 - b1) * g;
        a->v[f] = b2 * a->v[f] + (1 - b2) * g * g;
        double mh = a->m[f] / (1 - pow(b1, (double)t)), vh = a->v[f] / (1 - pow(b2, (double)t));
        a->w[f] -= a->lr * mh / (sqrt(vh) + 1e-8);
    }
}

static double logit(const sample *s)
{
    double z = weights[BIAS];
    for (int k = 0; k < s->n; k++)
        z += weights[pool[s->first + k].index] * pool[s->first + k].count;
    return z;
}

/* The held-out loss of the learned evaluation and of the tree's, on the
 * teacher's positions or on the self-play ones. */
static void losses(double a, double b0, bool teacher, double *learned, double *current)
{
    double sum = 0, sum_current = 0;
    int n = 0;
    for (size_t i = 0; i < samples_n; i++) {
        if (!samples[i].held_out || samples[i].teacher != teacher)
            continue;
        sum += cross_entropy(samples[i].label, sigmoid(logit(&samples[i])));
        sum_current += cross_entropy(samples[i].label, sigmoid(a * samples[i].current + b0));
        n++;
    }
    *learned = sum / n;
    *current = sum_current / n;
}

/* EPOCHS passes of Adam over mini-batches of the items (samples or
 * choices) not held out; add_gradient adds one item's gradient to
 * opt->grad. */
static void train(size_t count, bool (*held_out)(size_t), void (*add_gradient)(size_t),
                  const adam *opt, uint64_t seed)
{
    size_t *order = malloc(count * sizeof *order), n = 0;
    qp_rng rng;
    qp_rng_seed(&rng, seed);
    for (size_t i = 0; i < count; i++)
        if (!held_out(i))
            order[n++] = i;
    long t = 0;
    for (int epoch = 0; epoch < EPOCHS; epoch++) {
        shuffle(order, n, &rng);
        for (size_t start = 0; start < n; start += BATCH) {
            size_t end = start + BATCH < n ? start + BATCH : n;
            memset(opt->grad, 0, (size_t)opt->n * sizeof *opt->grad);
            for (size_t i = start; i < end; i++)
                add_gradient(order[i]);
            adam_step(opt, ++t, end - start);
        }
    }
    free(order);
}

static double weight_grad[FEATURES + 1];

static bool sample_held_out(size_t i) { return samples[i].held_out; }

static void add_sample_gradient(size_t i)
{
    const sample *s = &samples[i];
    double e = (sigmoid(logit(s)) - s->label) * s->weight;
    for (int k = 0; k < s->n; k++)
        weight_grad[pool[s->first + k].index] += e * pool[s->first + k].count;
    weight_grad[BIAS] += e;
}

static void fit_weights(void)
{
    static double m[FEATURES + 1], v[FEATURES + 1];
    const adam opt = {weights, weight_grad, m, v, FEATURES + 1, 0.002, 1e-6};
    train(samples_n, sample_held_out, add_sample_gradient, &opt, 1);
}

/* The move order's parameters: the point's set for the mover, then for
 * the opponent, then a direction's patterns (the mover's, the opponent's). */
#define THEIRS SETS
#define PAIRS (2 * SETS)
#define POLICY_PARAMS (2 * SETS + PT * PT)
static double policy[POLICY_PARAMS];

static double policy_score(const candidate *c)
{
    double z = policy[c->mine] + policy[THEIRS + c->theirs];
    for (int d = 0; d < 4; d++)
        z += policy[PAIRS + c->pairs[d]];
    return z;
}

/* The played move's rank among the candidates (0: first), by the learned
 * scores or by those of the tables in the tree; ties count against it. */
static int rank_of(const choice *ch, bool learned)
{
    const candidate *c = &cands[ch->first];
    double mine = learned ? policy_score(&c[ch->played]) : c[ch->played].current;
    int rank = 0;
    for (int k = 0; k < ch->n; k++)
        rank += k != ch->played && (learned ? policy_score(&c[k]) : c[k].current) >= mine;
    return rank;
}

/* How often the played move comes first, and among the first 12, in the
 * held-out positions of the teacher's games or of the self-play ones
 * (percent). */
static void rank_figures(bool learned, bool teacher, double *first, double *first12)
{
    int n = 0, top1 = 0, top12 = 0;
    for (size_t i = 0; i < choices_n; i++) {
        if (!choices[i].held_out || choices[i].teacher != teacher)
            continue;
        int r = rank_of(&choices[i], learned);
        n++;
        top1 += r == 0;
        top12 += r < 12;
    }
    *first = 100.0 * top1 / n;
    *first12 = 100.0 * top12 / n;
}

static double policy_grad[POLICY_PARAMS];

static bool choice_held_out(size_t i) { return choices[i].held_out; }

/* Softmax over a position's candidates, the played one as target. */
static void add_choice_gradient(size_t i)
{
    static double z[GOMOKU_CELLS];
    const choice *ch = &choices[i];
    const candidate *c = &cands[ch->first];
    double top = -1e300, sum = 0;
    for (int k = 0; k < ch->n; k++) {
        z[k] = policy_score(&c[k]);
        top = z[k] > top ? z[k] : top;
    }
    for (int k = 0; k < ch->n; k++)
        sum += z[k] = exp(z[k] - top);
    for (int k = 0; k < ch->n; k++) {
        double e = (z[k] / sum - (k == ch->played)) * ch->weight;
        policy_grad[c[k].mine] += e;
        policy_grad[THEIRS + c[k].theirs] += e;
        for (int d = 0; d < 4; d++)
            policy_grad[PAIRS + c[k].pairs[d]] += e;
    }
}

static void fit_policy(void)
{
    static double m[POLICY_PARAMS], v[POLICY_PARAMS];
    const adam opt = {policy, policy_grad, m, v, POLICY_PARAMS, 0.005, 0};
    train(choices_n, choice_held_out, add_choice_gradient, &opt, 2);
}

/* n numbers in braces, w scaled to `units`, twelve a line, then `end`. */
static void write_row(FILE *f, const double *w, int n, double units, const char *end)
{
    fprintf(f, "    {");
    for (int k = 0; k < n; k++)
        fprintf(f, "%s%ld", k % 12 ? ", " : k ? ",\n     " : "", lround(w[k] * units));
    fprintf(f, "}%s\n", end);
}

/* Held-out figures of one kind of game, for the new tables and the ones
 * in the tree. */
typedef struct {
    double loss, first, first12;
    double tree_loss, tree_first, tree_first12;
} figures;

static figures measure(double a, double b0, bool teacher)
{
    figures f;
    losses(a, b0, teacher, &f.loss, &f.tree_loss);
    rank_figures(true, teacher, &f.first, &f.first12);
    rank_figures(false, teacher, &f.tree_first, &f.tree_first12);
    fprintf(
        stderr,
        "held-out %s games: loss %.4f (the tree's %.4f); the played move first %.1f %% (%.1f %%), "
        "among the first 12 %.1f %% (%.1f %%)\n",
        teacher ? "teacher's" : "self-play", f.loss, f.tree_loss, f.first, f.tree_first, f.first12,
        f.tree_first12);
    return f;
}

static void write_figures(FILE *f, const char *what, const figures *x)
{
    fprintf(f,
            " * %s: held-out loss of the evaluation %.4f (the table it replaced:\n"
            " * %.4f); the played move first %.1f %% of the time (%.1f %%), among the\n"
            " * first 12 %.1f %% (%.1f %%).\n",
            what, x->loss, x->tree_loss, x->first, x->tree_first, x->first12, x->tree_first12);
}

static void write_table(const char *path, const figures *self, const figures *teacher)
{
    FILE *f = open_or_exit(path, "w");
    fprintf(f, "/* eval_table.c — generated by tools/gomoku_tune.c (make gomoku-eval): do not\n"
               " * edit. board.h says what the numbers mean.\n");
    write_figures(f, "Self-play games", self);
    if (teacher)
        write_figures(f, "The teacher's games", teacher);
    fprintf(f, " */\n#include \"board.h\"\n\n"
               "const short gb_learned[2][GB_PATTERN_SETS] = {\n");
    write_row(f, weights, SETS, EVAL_UNITS, ",");
    write_row(f, weights + SETS, SETS, EVAL_UNITS, "");
    fprintf(f, "};\n\nconst short gb_threat[GB_THREAT_MASKS] =\n");
    write_row(f, weights + THREATS, GB_THREAT_MASKS, EVAL_UNITS, ";");
    fprintf(f, "\nconst short gb_policy[2][GB_PATTERN_SETS] = {\n");
    write_row(f, policy, SETS, POLICY_UNITS, ",");
    write_row(f, policy + THEIRS, SETS, POLICY_UNITS, "");
    fprintf(f, "};\n\nconst short gb_pair_policy[GB_PT_COUNT * GB_PT_COUNT] =\n");
    write_row(f, policy + PAIRS, PT * PT, POLICY_UNITS, ";");
    fclose(f);
}

static void fit(const char *games, const char *out, const char *teacher, float policy_weight,
                float value_weight)
{
    read_games(games, false, 1, 1);
    if (teacher)
        read_games(teacher, true, policy_weight, value_weight);
    blend_labels(label_mix);
    double a, b0;
    fit_current(&a, &b0);
    fprintf(stderr, "evaluation in the tree: scale %.6f, bias %.4f\n", a, b0);
    weights[BIAS] = b0;
    fit_weights();
    fit_policy();
    figures self = measure(a, b0, false), taught;
    if (teacher)
        taught = measure(a, b0, true);
    write_table(out, &self, teacher ? &taught : NULL);
}

/* ---- The samples for tools/gomoku_nnue.py (make gomoku-nnue): int32s, per
 * sample label x 1000, the table's evaluation, teacher, held out, game
 * (1-based, in the order read), ply, n, then n pairs (feature, count);
 * features as add_sample numbers them. */
static void dump_samples(const char *out)
{
    FILE *f = open_or_exit(out, "wb");
    for (size_t i = 0; i < samples_n; i++) {
        const sample *s = &samples[i];
        int32_t head[7] = {(int32_t)lroundf(s->label * 1000),
                           (int32_t)s->current,
                           s->teacher,
                           s->held_out,
                           s->game,
                           s->ply,
                           s->n};
        fwrite(head, sizeof head, 1, f);
        for (int k = 0; k < s->n; k++) {
            int32_t pair[2] = {pool[s->first + k].index, pool[s->first + k].count};
            fwrite(pair, sizeof pair, 1, f);
        }
    }
    if (fclose(f)) {
        perror(out);
        exit(1);
    }
    fprintf(stderr, "%s: %zu samples\n", out, samples_n);
}

int main(int argc, char **argv)
{
    if (argc > 2 && !strcmp(argv[1], "--mix")) { /* the share of the scores in the labels */
        label_mix = strtod(argv[2], NULL);
        argc -= 2;
        argv += 2;
    }
    if (argc == 5 && !strcmp(argv[1], "play")) {
        int games = atoi(argv[2]);
        long long nodes = atoll(argv[3]);
        uint64_t seed = strtoull(argv[4], NULL, 10);
        for (int g = 0; g < games; g++)
            play_game(nodes, seed + (uint64_t)g);
        return 0;
    }
    if (argc == 5 && !strcmp(argv[1], "rank")) {
        rank_search_moves(argv[2], atoll(argv[3]), atoi(argv[4]));
        return 0;
    }
    if (argc == 4 && !strcmp(argv[1], "openings")) {
        print_openings(atoi(argv[2]), strtoull(argv[3], NULL, 10));
        return 0;
    }
    if ((argc == 4 || argc == 5) && !strcmp(argv[1], "dump")) {
        read_games(argv[2], false, 1, 1);
        if (argc == 5)
            read_games(argv[4], true, 1, 1);
        blend_labels(label_mix);
        dump_samples(argv[3]);
        return 0;
    }
    if (argc == 4 && !strcmp(argv[1], "fit")) {
        fit(argv[2], argv[3], NULL, 0, 0);
        return 0;
    }
    if (argc == 7 && !strcmp(argv[1], "fit")) {
        fit(argv[2], argv[3], argv[4], strtof(argv[5], NULL), strtof(argv[6], NULL));
        return 0;
    }
    fprintf(stderr,
            "usage: gomoku_tune play GAMES NODES SEED > FILE\n"
            "       gomoku_tune [--mix L] dump|fit ... (L: the scores' share in the labels)\n"
            "       gomoku_tune openings COUNT SEED > FILE\n"
            "       gomoku_tune rank FILE NODES POSITIONS\n"
            "       gomoku_tune dump FILE OUT.bin [TEACHER_FILE]\n"
            "       gomoku_tune fit FILE OUT.c [TEACHER_FILE POLICY_WEIGHT VALUE_WEIGHT]\n");
    return 2;
}
