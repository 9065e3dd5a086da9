#!/usr/bin/env bash
# Swift checks without a Swift compiler (none can be installed on Linux CI here):
#   1. generates the Swift bindings of ply-ffi into build/swift (never reused), running
#      bindings/generate.sh as Gradle does on a Mac: `bash --posix`, under the script's `set -u`,
#      with no --release, so its cargo flag list is empty (tests/build-checks.py reads the script
#      for what bash 3.2 alone rejects);
#   2. checks the generated C header with gcc -fsyntax-only;
#   3. writes the XCFramework's module map and the package's Swift (unconditional import) as
#      ios/build-xcframework.sh does, and checks them;
#   4. syntax-checks every .swift file in the repository, generated and hand-written (ios/),
#      with tools/swift-check (tree-sitter-swift): ERROR/MISSING nodes fail the run;
#   5. checks that the hand-written Swift under ios/ calls only API names the generated
#      bindings declare (tests/swift-api-check.sh; heuristic documented in tools/swift-check).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
OUT=$root/build/swift
target_dir=${CARGO_TARGET_DIR:-$root/target}

rm -rf "$OUT"
bash --posix bindings/generate.sh swift "$OUT"
header=$(find "$OUT" -name '*.h' | head -n 1)
bindings=$(find "$OUT" -name '*.swift' | head -n 1)
[ -n "$header" ] && [ -n "$bindings" ] || { echo "swift.sh: no header or Swift file generated" >&2; exit 1; }

echo "swift.sh: gcc -fsyntax-only $header" >&2
gcc -fsyntax-only -D_Nonnull= -D_Nullable= -include stdint.h -include stdbool.h -x c "$header"

# The module map the XCFramework ships: UniFFI's without its `use "_Builtin_*"` lines (Xcode 26).
modulemap=$(find "$OUT" -name '*.modulemap' | head -n 1)
echo "swift.sh: ios/write-module-map.sh $modulemap" >&2
bash ios/write-module-map.sh "$modulemap" "$OUT/module.modulemap"
if ! grep -q 'header "ply_ffiFFI.h"' "$OUT/module.modulemap" || grep -q '_Builtin_' "$OUT/module.modulemap"; then
    echo "swift.sh: the written module map lost its header or kept a _Builtin_ module" >&2
    exit 1
fi
if bash ios/write-module-map.sh /dev/null "$OUT/refused.modulemap" 2>/dev/null; then
    echo "swift.sh: write-module-map.sh accepted a file that declares no module" >&2
    exit 1
fi

# The Swift the package compiles: the generated file with its import made unconditional.
echo "swift.sh: ios/import-ffi-module.sh $bindings" >&2
mkdir -p "$OUT/package"
bash ios/import-ffi-module.sh "$bindings" "$OUT/package/PlyCore.swift"
if bash ios/import-ffi-module.sh "$header" "$OUT/refused.swift" 2>/dev/null; then
    echo "swift.sh: import-ffi-module.sh accepted a file without the guard" >&2
    exit 1
fi

cargo build -q -p swift-check
checker=$target_dir/debug/swift-check

echo "swift.sh: syntax of the generated Swift" >&2
"$checker" syntax --generated "$OUT"/*.swift "$OUT/package/PlyCore.swift"

mapfile -t handwritten < <(git ls-files -co --exclude-standard -- '*.swift' | grep -v '^build/' || true)
if [ "${#handwritten[@]}" -gt 0 ]; then
    echo "swift.sh: syntax of ${#handwritten[@]} hand-written Swift file(s)" >&2
    "$checker" syntax "${handwritten[@]}"
fi

bash tests/swift-api-check.sh "$bindings"
echo "swift: 1 passed, 0 failed"
