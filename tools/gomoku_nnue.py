#!/usr/bin/env python3
"""Gomoku's learned evaluation network (make gomoku-nnue): trains it on the
samples that `gomoku_tune dump` writes and rewrites
src/games/gomoku/nnue_weights.c with its weights in integers.

The network is small and NNUE-shaped, so that the search can keep its first
layer up to date stone by stone (board.c):
  - every empty point gives two features, the multiset of the four line
    patterns a stone of the side to move would make there, and the
    opponent's (1365 of each, the sets of eval_table.c);
  - the first layer is a sum of one H-vector a feature for each side:
    acc_me + acc_op (an accumulator that a stone changes for the ~40 points
    it sees);
  - then clipped ReLU, K hidden units, clipped ReLU, one output: a logit
    added to the pattern table's evaluation (current / 400), so that an
    untrained network (output weights zero) is today's evaluation.

Integers, as board.c computes them (the comments say the scales):
  embed   int16  x 16320    bias0 int32 x 16320 (the sum / 64: 0..255)
  w1      int16  x 4096     bias1 int32 x 255*4096 (/ 4096: 0..255)
  w2      int16  x 4096     bias2 int32 x 255*4096
The output in evaluation units is out * 400 / (255 * 4096). The first
layer's scale is fine because a feature counts up to ~200 times (the empty
points with no pattern), and its rounding error with it.

Usage: gomoku_nnue.py SAMPLES.bin OUT.c GAMES_FILE... [--labels FILE]
       [--teacher-share L] [--epochs N] [--seed S]
(GAMES_FILE: the files given to gomoku_tune dump, in the same order; the
check positions written into OUT.c are taken from them). The target is the
game's result, or with --labels (tools/gomoku_label.cjs: a stronger
engine's evaluations) L * sigmoid(eval / S) + (1 - L) * result, S fitted so
that the engine's evaluations predict the results best. CPU is enough (a
few minutes); a GPU is used when torch sees one.
"""
import argparse
import sys

import numpy as np
import torch
from torch import nn

SETS = 1365
H = 4  # accumulator width per side (--hidden; board.h's GB_NN_H)
K = 16  # hidden units (--k; board.h's GB_NN_K)
UNITS = 400  # evaluation units in a logit (tools/gomoku_tune.c EVAL_UNITS)
QA, QE, QW1, QW2 = 255, 16320, 4096, 4096
CHECKS = 16  # positions whose float output goes into OUT.c for the unit test
TOLERANCE = 16  # evaluation units the integer network may stray from the floats (the unit test's)


def read_samples(path):
    """The dump's samples: heads (label, current, teacher, held out, game,
    ply) and each side's (feature, count) lists, read in one pass."""
    raw = np.fromfile(path, dtype=np.int32)
    starts, i = [], 0
    while i < len(raw):  # the headers chain: each says its number of pairs
        starts.append(i)
        i += 7 + 2 * int(raw[i + 6])
    starts = np.array(starts, dtype=np.int64)
    heads = raw[starts[:, None] + np.arange(6)].astype(np.float64)
    heads[:, 0] /= 1000.0
    me_idx, me_cnt, op_idx, op_cnt = [], [], [], []
    for s in starts:
        n = int(raw[s + 6])
        pairs = raw[s + 7:s + 7 + 2 * n].reshape(n, 2)
        mine, theirs = pairs[:, 0] < SETS, (pairs[:, 0] >= SETS) & (pairs[:, 0] < 2 * SETS)
        me_idx.append(pairs[mine, 0])  # (the threat mask's feature, beyond, is the table's)
        me_cnt.append(pairs[mine, 1])
        op_idx.append(pairs[theirs, 0] - SETS)
        op_cnt.append(pairs[theirs, 1])
    return heads, (me_idx, me_cnt), (op_idx, op_cnt)


def read_labels(path):
    labels = {}
    with open(path) as f:
        for line in f:
            game, ply, value = map(int, line.split())
            labels[(game, ply)] = value
    return labels


def set_shape(hidden, k):
    global H, K
    H, K = hidden, k


def fit_scale(evals, results):
    """The S in sigmoid(eval / S) that best predicts the results."""
    best = None
    for s in np.geomspace(50, 2000, 60):
        p = np.clip(1 / (1 + np.exp(-evals / s)), 1e-6, 1 - 1e-6)
        loss = -np.mean(results * np.log(p) + (1 - results) * np.log(1 - p))
        if best is None or loss < best[1]:
            best = (s, loss)
    return best[0]


def blend_labels(heads, labels, share):
    """Mixes the engine's evaluations into the targets (column 0)."""
    rows = [i for i in range(len(heads)) if (int(heads[i, 4]), int(heads[i, 5])) in labels]
    evals = np.array([labels[(int(heads[i, 4]), int(heads[i, 5]))] for i in rows], dtype=np.float64)
    scale = fit_scale(evals, heads[rows, 0])
    p = 1 / (1 + np.exp(-np.clip(evals / scale, -30, 30)))
    heads[rows, 0] = share * p + (1 - share) * heads[rows, 0]
    print(f'{len(rows)} of {len(heads)} samples labelled; eval scale {scale:.0f} a logit', file=sys.stderr)
    return scale


def bag(lists, counts, rows):
    """EmbeddingBag inputs (flat indices, offsets, weights) for some rows."""
    idx = [lists[r] for r in rows]
    offsets = np.cumsum([0] + [len(x) for x in idx[:-1]])
    return (torch.from_numpy(np.concatenate(idx).astype(np.int64)),
            torch.from_numpy(offsets.astype(np.int64)),
            torch.from_numpy(np.concatenate([counts[r] for r in rows]).astype(np.float32)))


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.me = nn.EmbeddingBag(SETS, H, mode='sum')
        self.op = nn.EmbeddingBag(SETS, H, mode='sum')
        for e in (self.me, self.op):
            nn.init.normal_(e.weight, 0, 0.02)
        self.bias0 = nn.Parameter(torch.full((2 * H,), 0.5))
        self.l1 = nn.Linear(2 * H, K)
        self.l2 = nn.Linear(K, 1)
        nn.init.zeros_(self.l2.weight)
        nn.init.zeros_(self.l2.bias)

    def forward(self, me, op):
        a = torch.cat([self.me(*me[:2], per_sample_weights=me[2]),
                       self.op(*op[:2], per_sample_weights=op[2])], dim=1)
        h1 = torch.clamp(a + self.bias0, 0, 1)
        h2 = torch.clamp(self.l1(h1), 0, 1)
        return self.l2(h2).squeeze(1)

    def keep_in_range(self):
        """Weights that the integer types hold."""
        with torch.no_grad():
            self.l1.weight.clamp_(-32767 / QW1, 32767 / QW1)
            for e in (self.me, self.op):
                e.weight.clamp_(-32767 / QE, 32767 / QE)


def batches(rows, size, rng):
    rows = rows.copy()
    rng.shuffle(rows)
    for i in range(0, len(rows), size):
        yield rows[i:i + size]


def loss_of(net, heads, me, op, rows, device):
    """Mean cross-entropy of the rows with the network and with the table alone."""
    with torch.no_grad():
        total = table = 0.0
        for chunk in np.array_split(rows, max(1, len(rows) // 4096)):
            out, y, base = forward_rows(net, heads, me, op, chunk, device)
            total += nn.functional.binary_cross_entropy_with_logits(base + out, y, reduction='sum').item()
            table += nn.functional.binary_cross_entropy_with_logits(base, y, reduction='sum').item()
    return total / len(rows), table / len(rows)


def forward_rows(net, heads, me, op, rows, device):
    m = [t.to(device) for t in bag(me[0], me[1], rows)]
    o = [t.to(device) for t in bag(op[0], op[1], rows)]
    y = torch.from_numpy(heads[rows, 0].astype(np.float32)).to(device)
    base = torch.from_numpy((heads[rows, 1] / UNITS).astype(np.float32)).to(device)
    return net(m, o), y, base


def train(net, heads, me, op, epochs, seed, device):
    rng = np.random.default_rng(seed)
    train_rows = np.flatnonzero(heads[:, 3] == 0)
    held_rows = np.flatnonzero(heads[:, 3] != 0)
    opt = torch.optim.Adam(net.parameters(), lr=2e-3)
    sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, epochs)
    for epoch in range(epochs):
        net.train()
        for rows in batches(train_rows, 512, rng):
            out, y, base = forward_rows(net, heads, me, op, rows, device)
            loss = nn.functional.binary_cross_entropy_with_logits(base + out, y)
            opt.zero_grad()
            loss.backward()
            opt.step()
            net.keep_in_range()
        sched.step()
        held, table = loss_of(net, heads, me, op, held_rows, device)
        print(f'epoch {epoch + 1}: held-out loss {held:.4f} (the table alone {table:.4f})', file=sys.stderr)
    return loss_of(net, heads, me, op, held_rows, device)


def quantize(net):
    q = lambda t, s, lo, hi: np.clip(np.round(t.detach().cpu().numpy() * s), lo, hi).astype(np.int64)
    return {
        'embed': np.stack([q(net.me.weight, QE, -32767, 32767), q(net.op.weight, QE, -32767, 32767)]),  # [role][set][H]
        'bias0': q(net.bias0, QE, -2**31, 2**31 - 1),
        'w1': q(net.l1.weight, QW1, -32767, 32767),
        'bias1': q(net.l1.bias, QA * QW1, -2**31, 2**31 - 1),
        'w2': q(net.l2.weight[0], QW2, -32767, 32767),
        'bias2': int(q(net.l2.bias, QA * QW2, -2**31, 2**31 - 1)[0]),
    }


def quantized_units(w, me_counts, op_counts):
    """The evaluation units board.c computes (same integer steps)."""
    acc = np.concatenate([me_counts @ w['embed'][0], op_counts @ w['embed'][1]])
    h1 = np.clip((acc + w['bias0']) // (QE // QA), 0, QA)  # floor or C's truncation: same after the clip
    z = w['w1'] @ h1 + w['bias1']
    h2 = np.clip(z // QW1, 0, QA)
    out = int(w['w2'] @ h2) + w['bias2']
    return int(np.trunc(out * UNITS / (QA * QW2)))


def dense_counts(idx, cnt):
    v = np.zeros(SETS, dtype=np.int64)
    np.add.at(v, idx, cnt)
    return v


def read_games(paths):
    games = []
    for path in paths:
        with open(path) as f:
            for line in f:
                parts = line.split('/')[0].split()  # the moves, without the scores
                if parts:
                    games.append([int(x) for x in parts[2:]])
    return games


def rows_text(values, per_line=12):
    values = [str(int(v)) for v in values]
    return ',\n'.join('    ' + ', '.join(values[i:i + per_line]) for i in range(0, len(values), per_line))


def braced_rows(matrix):
    return ',\n'.join('    {' + ', '.join(str(int(v)) for v in row) + '}' for row in matrix)


def write_c(path, w, checks, figures):
    held, table, worst = figures
    with open(path, 'w') as f:
        f.write(f'''/* nnue_weights.c — generated by tools/gomoku_nnue.py (make gomoku-nnue): do
 * not edit. board.h says what the numbers mean.
 * Held-out loss with the network {held:.4f}, with the pattern table alone
 * {table:.4f}; the integer network against the trainer's floats on the
 * check positions: at most {worst:.1f} evaluation units apart.
 */
#include "board.h"

#if GB_NN_H != {H} || GB_NN_K != {K}
#error "board.h's GB_NN_H and GB_NN_K must be {H} and {K}, the shape these weights were trained in"
#endif

const int gb_nn_embed[GB_PATTERN_SETS][2 * GB_NN_H] = {{
''')
        rows = np.concatenate([w['embed'][0], w['embed'][1]], axis=1)  # a set's row: mover's H, waiter's H
        f.write(braced_rows(rows) + '\n};\n\n')
        f.write('const int gb_nn_bias0[2 * GB_NN_H] = {\n' + rows_text(w['bias0']) + '\n};\n\n')
        f.write('const short gb_nn_w1[GB_NN_K][2 * GB_NN_H] = {\n' + braced_rows(w['w1']) + '\n};\n\n')
        f.write('const int gb_nn_bias1[GB_NN_K] = {\n' + rows_text(w['bias1']) + '\n};\n\n')
        f.write('const short gb_nn_w2[GB_NN_K] = {\n' + rows_text(w['w2']) + '\n};\n\n')
        f.write(f'const int gb_nn_bias2 = {w["bias2"]};\n\n')
        f.write('/* Positions (moves as y * 15 + x, 15x15 free) with the trainer\'s float\n'
                ' * output in evaluation units, for tests/unit/test_gomoku_nnue.c. */\n')
        f.write(f'const gb_nn_check gb_nn_checks[GB_NN_CHECKS] = {{\n')
        for moves, units in checks:
            f.write(f'    {{{len(moves)}, {{{", ".join(map(str, moves))}}}, {units:.2f}F}},\n')
        f.write('};\n')



def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('samples')
    ap.add_argument('out')
    ap.add_argument('games', nargs='+')
    ap.add_argument('--labels')
    ap.add_argument('--teacher-share', type=float, default=0.75)
    ap.add_argument('--epochs', type=int, default=12)
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--hidden', type=int, default=H)
    ap.add_argument('--k', type=int, default=K)
    ap.add_argument('--threads', type=int, default=0, help='torch CPU threads (0: its default)')
    args = ap.parse_args()
    set_shape(args.hidden, args.k)
    if args.threads:
        torch.set_num_threads(args.threads)
    torch.manual_seed(args.seed)
    device = 'cuda' if torch.cuda.is_available() else 'cpu'
    heads, me, op = read_samples(args.samples)
    if args.labels:
        blend_labels(heads, read_labels(args.labels), args.teacher_share)
    print(f'{len(heads)} samples, {int((heads[:, 3] != 0).sum())} held out, on {device}', file=sys.stderr)
    net = Net().to(device)
    held, table = train(net, heads, me, op, args.epochs, args.seed, device)
    w = quantize(net)
    games = read_games(args.games)
    held_rows = np.flatnonzero(heads[:, 3] != 0)[:CHECKS]
    checks, worst = [], 0.0
    for r in held_rows:
        game, ply = int(heads[r, 4]), int(heads[r, 5])
        with torch.no_grad():
            out, _, _ = forward_rows(net, heads, me, op, np.array([r]), device)
        units = float(out.item()) * UNITS
        q = quantized_units(w, dense_counts(me[0][r], me[1][r]), dense_counts(op[0][r], op[1][r]))
        worst = max(worst, abs(q - units))
        checks.append((games[game - 1][:ply], units))
    print(f'held-out loss {held:.4f} (table {table:.4f}); integer vs float at most {worst:.2f} units',
          file=sys.stderr)
    if worst > TOLERANCE:
        sys.exit(f'the integer network strays {worst:.1f} units from the floats (over {TOLERANCE}): not written')
    write_c(args.out, w, checks, (held, table, worst))


if __name__ == '__main__':
    main()
