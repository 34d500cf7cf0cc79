#!/usr/bin/env bash
# Runs each fuzz target: first the inputs that once failed it
# (tests/fuzz/regressions/<target>/, kept as regression tests), then
# SECONDS of fuzzing from the seed corpora. An input that runs longer than
# FUZZ_INPUT_SECONDS (libFuzzer's -timeout; 30, where the slowest seen was
# a 5 s connect four review under ASan on a loaded machine) is a finding
# too, a hang, rather than a run that stalls for libFuzzer's default 20
# minutes.
# A finding is copied into tests/fuzz/regressions/<target>/, to be
# committed with its fix so that every later run replays it.
# Prints the executions each reached; fails on any finding, or on a
# target that ran no input at all.
set -uo pipefail
seconds=${1:-60}
shift
input_seconds=${FUZZ_INPUT_SECONDS:-30}
fail=0
[ $# -gt 0 ] || { echo "fuzz: no target given"; exit 1; }
for t in "$@"; do
    bin=build/fuzz/fuzz_$t
    kept=tests/fuzz/regressions/$t
    shopt -s nullglob
    saved=("$kept"/*)
    shopt -u nullglob
    if [ ${#saved[@]} -gt 0 ] && ! "$bin" -timeout="$input_seconds" "${saved[@]}" \
        >build/fuzz/$t-regressions.log 2>&1; then
        echo "fuzz $t: a saved regression input fails again:"; tail -20 build/fuzz/$t-regressions.log
        fail=1
    fi
    rm -f build/fuzz/$t-crash-* build/fuzz/$t-leak-* build/fuzz/$t-timeout-* build/fuzz/$t-oom-*
    if "$bin" -max_total_time="$seconds" -timeout="$input_seconds" -print_final_stats=1 -max_len=4096 \
        -artifact_prefix=build/fuzz/$t- build/fuzz/corpus-$t >build/fuzz/$t.log 2>&1; then
        runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' build/fuzz/$t.log | grep -o '[0-9]*$')
        if [ "${runs:-0}" -gt 0 ]; then
            echo "fuzz $t: ${seconds} s, ${runs} executions, ${#saved[@]} saved inputs, no finding"
        else
            echo "fuzz $t: no input ran:"; tail -10 build/fuzz/$t.log
            fail=1
        fi
    else
        echo "fuzz $t: FINDING:"; tail -30 build/fuzz/$t.log
        mkdir -p "$kept"
        for found in build/fuzz/$t-crash-* build/fuzz/$t-leak-* build/fuzz/$t-timeout-* build/fuzz/$t-oom-*; do
            [ -f "$found" ] || continue
            cp "$found" "$kept/"
            echo "fuzz $t: the input is kept as $kept/$(basename "$found"): commit it with the fix"
        done
        fail=1
    fi
done
exit $fail
