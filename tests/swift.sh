#!/usr/bin/env bash
# Swift checks without a Swift compiler (none can be installed on Linux CI here):
#   1. generates the Swift bindings of ply-ffi into build/swift (never reused);
#   2. checks the generated C header with gcc -fsyntax-only;
#   3. syntax-checks every .swift file in the repository, generated and hand-written (ios/),
#      with tools/swift-check (tree-sitter-swift): ERROR/MISSING nodes fail the run;
#   4. checks that the hand-written Swift under ios/ calls only API names the generated
#      bindings declare (tests/swift-api-check.sh; heuristic documented in tools/swift-check).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
OUT=$root/build/swift
target_dir=${CARGO_TARGET_DIR:-$root/target}

rm -rf "$OUT"
bash bindings/generate.sh swift "$OUT"
header=$(find "$OUT" -name '*.h' | head -n 1)
bindings=$(find "$OUT" -name '*.swift' | head -n 1)
[ -n "$header" ] && [ -n "$bindings" ] || { echo "swift.sh: no header or Swift file generated" >&2; exit 1; }

echo "swift.sh: gcc -fsyntax-only $header" >&2
gcc -fsyntax-only -D_Nonnull= -D_Nullable= -include stdint.h -include stdbool.h -x c "$header"

cargo build -q -p swift-check
checker=$target_dir/debug/swift-check

echo "swift.sh: syntax of the generated Swift" >&2
"$checker" syntax --generated "$OUT"/*.swift

mapfile -t handwritten < <(git ls-files -co --exclude-standard -- '*.swift' | grep -v '^build/' || true)
if [ "${#handwritten[@]}" -gt 0 ]; then
    echo "swift.sh: syntax of ${#handwritten[@]} hand-written Swift file(s)" >&2
    "$checker" syntax "${handwritten[@]}"
fi

bash tests/swift-api-check.sh "$bindings"
echo "swift: 1 passed, 0 failed"
