#!/bin/sh
# The lab's scaling from one process to two and Ray's cost against --jobs on this machine: the same study with
# --jobs 1, --jobs 2 and on a one-node Ray cluster of 2 CPUs, each timed, and their JSON compared.
# Usage: sh bench/lab_scaling.sh [HANDS]   (from the repository root, with the lab extra installed)
set -e
HANDS=${1:-24000}
B=.venv/bin/bumtable
OUT=$(mktemp -d)
for j in 1 2; do
  /usr/bin/time -f "jobs=$j: %e s" $B lab exchange bum-game --hands "$HANDS" --seed 1 --jobs $j --json >"$OUT/j$j.json"
done
export RAY_USAGE_STATS_ENABLED=0 RAY_AUTH_MODE=disabled
.venv/bin/ray start --head --port=6391 --node-ip-address=127.0.0.1 --num-cpus=2 --include-dashboard=false >/dev/null 2>&1
/usr/bin/time -f "ray (one node, 2 CPUs): %e s" $B lab exchange bum-game --hands "$HANDS" --seed 1 --ray 127.0.0.1:6391 --json >"$OUT/ray.json"
.venv/bin/ray stop --force >/dev/null 2>&1
cmp "$OUT/j1.json" "$OUT/j2.json" && cmp "$OUT/j1.json" "$OUT/ray.json" && echo "the same figures"
rm -r "$OUT"
