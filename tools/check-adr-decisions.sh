#!/usr/bin/env bash
# An ADR's Decision is a record: from ADR 0060 on, each one's "## Decision" section must read as it did in the commit
# that added the file. A changed decision is a new ADR that names the one it supersedes; the old one may gain only a
# "Superseded by" line outside its Decision (README of docs/decisions, issue 35).
set -euo pipefail
cd "$(dirname "$0")/.."

decision() { awk '/^## Decision/ { inside = 1; next } /^## / { inside = 0 } inside'; }

status=0
for file in docs/decisions/*.md; do
  number=$(basename "$file" | cut -c1-4)
  [[ $number =~ ^[0-9]{4}$ ]] || continue
  ((10#$number > 59)) || continue
  added=$(git log --diff-filter=A --format=%H -- "$file" | tail -1)
  if [[ -z $added ]]; then
    echo "$file: not committed yet, so there is no Decision to compare with" >&2
    status=1
    continue
  fi
  if ! diff <(git show "$added:$file" | decision) <(decision <"$file") >/dev/null; then
    echo "$file: its Decision changed since ${added:0:7} added it; write a new ADR that supersedes it instead:" >&2
    diff <(git show "$added:$file" | decision) <(decision <"$file") >&2 || true
    status=1
  fi
done
exit $status
