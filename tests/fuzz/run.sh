#!/usr/bin/env bash
# Runs each fuzz target: first its saved findings (tests/fuzz/regressions/,
# kept as regression tests), then SECONDS of fuzzing from the seed corpora.
# Prints the executions each reached; fails on any finding.
set -uo pipefail
seconds=${1:-60}
shift
fail=0
for t in "$@"; do
    bin=build/fuzz/fuzz_$t
    shopt -s nullglob
    saved=(tests/fuzz/regressions/$t/*)
    shopt -u nullglob
    if [ ${#saved[@]} -gt 0 ] && ! "$bin" "${saved[@]}" >build/fuzz/$t-regressions.log 2>&1; then
        echo "fuzz $t: a saved regression input fails again:"; tail -20 build/fuzz/$t-regressions.log
        fail=1
    fi
    if "$bin" -max_total_time="$seconds" -print_final_stats=1 -max_len=4096 \
        -artifact_prefix=build/fuzz/$t- build/fuzz/corpus-$t >build/fuzz/$t.log 2>&1; then
        runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' build/fuzz/$t.log | grep -o '[0-9]*$')
        echo "fuzz $t: ${seconds} s, ${runs:-?} executions, ${#saved[@]} saved inputs, no finding"
    else
        echo "fuzz $t: FINDING (input saved as build/fuzz/$t-*):"; tail -30 build/fuzz/$t.log
        fail=1
    fi
done
exit $fail
