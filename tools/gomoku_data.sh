#!/usr/bin/env bash
# Gomoku's training data (make gomoku-data): positions with a search score
# and the game's result, for tools/gomoku_tune.c (the pattern tables, the
# move order) and tools/gomoku_nnue.py (the evaluation network).
#
#   - the teacher's games: Rapfi against itself (its `selfplay` command, a
#     build with its command modules, given as QIPAN_RAPFI_SELFPLAY; with a
#     config.toml and a model beside it, its trained classical evaluation),
#     at about TEACHER_NODES nodes a move from balanced openings it makes,
#     every position scored by its search;
#   - our own: level 3 against itself (gomoku_tune play) at SELFPLAY_NODES
#     nodes a move from random openings, every position scored by our search.
#
# Both run in JOBS chunks at once (one core each), and the files go to
# OUT (build/gomoku-data): teacher.txt and selfplay.txt, game lines with
# scores (tools/gomoku_tune.c says the format). Prints the time each took
# and the positions it made. The engines' choices depend on the nodes only,
# but Rapfi seeds its openings from the clock: a rerun makes other games
# of the same kind.
set -euo pipefail
cd "$(dirname "$0")/.."

OUT=${OUT:-build/gomoku-data}
JOBS=${JOBS:-2}
TEACHER_GAMES=${TEACHER_GAMES:-18000}
TEACHER_NODES=${TEACHER_NODES:-8000}
SELFPLAY_GAMES=${SELFPLAY_GAMES:-8000}
SELFPLAY_NODES=${SELFPLAY_NODES:-10000}

if [ -z "${QIPAN_RAPFI_SELFPLAY:-}" ]; then
    echo "gomoku_data.sh: set QIPAN_RAPFI_SELFPLAY to a Rapfi built with its command modules" >&2
    echo "(docs/engines.md, gomoku: cmake without -DNO_COMMAND_MODULES), or TEACHER_GAMES=0" >&2
    [ "$TEACHER_GAMES" = 0 ] || exit 2
fi
mkdir -p "$OUT/parts"
make -s build/gomoku_tune

positions() { awk -F/ '{n += split($2, s, " ")} END {print n + 0}' "$@"; }

teacher_chunk() {
    "$QIPAN_RAPFI_SELFPLAY" selfplay -o "$OUT/parts/teacher-$1.raw" --output-type txt -n "$2" \
        --mean-nodes "$TEACHER_NODES" --var-nodes $((TEACHER_NODES / 4)) --min-nodes $((TEACHER_NODES * 3 / 8)) \
        -t 1 --hashsize 16 -q --max-move 8 --balance-window 80 \
        --balance1-node $((TEACHER_NODES * 5)) --balance1-fast-check-ratio 0.25 \
        --balance2-node $((TEACHER_NODES * 10)) >/dev/null
    node tools/gomoku_rapfi_games.cjs "$OUT/parts/teacher-$1.raw" >"$OUT/parts/teacher-$1.txt"
}

selfplay_chunk() {
    build/gomoku_tune play "$2" "$SELFPLAY_NODES" $((7000000 + $1 * 1000000)) >"$OUT/parts/selfplay-$1.txt"
}

# run KIND TOTAL: TOTAL games in JOBS chunks at once, then one file.
run() {
    local kind=$1 total=$2 start=$SECONDS
    [ "$total" -gt 0 ] || return 0
    for ((j = 0; j < JOBS; j++)); do
        local n=$(((total + JOBS - 1 - j) / JOBS))
        [ "$n" -gt 0 ] && "${kind}_chunk" "$j" "$n" &
    done
    wait
    cat "$OUT"/parts/"$kind"-*.txt >"$OUT/$kind.txt"
    echo "$kind: $(wc -l <"$OUT/$kind.txt") games, $(positions "$OUT/$kind.txt") positions" \
        "in $((SECONDS - start)) s on $JOBS cores"
}

run teacher "$TEACHER_GAMES"
run selfplay "$SELFPLAY_GAMES"
