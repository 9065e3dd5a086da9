#!/usr/bin/env bash
# The Swift of the iOS app, compiled and tested with a real Swift compiler (Debian trixie's
# swiftlang 6.0.3 in a root of its own, tests/swift/make-root.sh), against the Rust core built for
# Linux:
#   1. generates the Swift bindings of ply-ffi into build/swift (never reused), running
#      bindings/generate.sh as a Mac does: `bash --posix`, under the script's `set -u`, with no
#      --release (tests/build-checks.py reads the script for what bash 3.2 alone rejects); the
#      generated C header passes gcc -fsyntax-only;
#   2. writes the module map and the package's Swift (unconditional import) with the scripts
#      ios/build-xcframework.sh uses, into ios/PlyKit (git-ignored), the same files a Mac builds;
#   3. makes or reuses the Swift root (cached outside the checkout, ~/.cache/ply/swift-root),
#      bind-mounts /proc and the checkout into it (unmounted on every exit), and runs there
#      `swift build` and `swift test` of ios/PlyKit: the generated bindings, PlyKit (the app
#      model included) and their XCTest tests, the journeys against the real core and a real
#      ply-server on loopback (built here; the tests start and stop it, `PLY_SERVER_BIN`);
#   4. syntax-checks the SwiftUI files, which no compiler here can build (they import SwiftUI,
#      UIKit, BackgroundTasks, Network, Security), with tools/swift-check (tree-sitter-swift),
#      and checks that they call the generated API only by names the bindings declare.
# Closing line: XCTest's own summary, then `swift: N passed, M failed`.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
OUT=$root/build/swift
target_dir=${CARGO_TARGET_DIR:-$root/target}
SWIFT_ROOT=${PLY_SWIFT_ROOT:-$HOME/.cache/ply/swift-root}
kit=$root/ios/PlyKit
t0=$(date +%s)

rm -rf "$OUT"
bash --posix bindings/generate.sh swift "$OUT"
# One Swift file, header and module map per crate with FFI items: ply-core's game kinds and
# transport, ply-app's types and ply-ffi's exports (bindings/README.md).
mapfile -t generated < <(ls "$OUT"/*.swift 2>/dev/null)
mapfile -t headers < <(ls "$OUT"/*.h 2>/dev/null)
[ "${#generated[@]}" = 3 ] && [ "${#headers[@]}" = 3 ] || {
    echo "swift.sh: expected the Swift and header of ply-core, ply-app and ply-ffi, got: $(ls "$OUT")" >&2; exit 1; }
lib=$target_dir/debug/libply_ffi.so
[ -f "$lib" ] || { echo "swift.sh: $lib was not built" >&2; exit 1; }

for header in "${headers[@]}"; do
    echo "swift.sh: gcc -fsyntax-only $header" >&2
    # Included, not compiled as the main file (whose `#pragma once` gcc warns about).
    gcc -fsyntax-only -D_Nonnull= -D_Nullable= -include stdint.h -include stdbool.h -include "$header" -x c /dev/null
done
# Every header in one translation unit, as the module map puts them: their shared definitions
# are declared once (UniFFI's UNIFFI_SHARED_H guard).
gcc -fsyntax-only -D_Nonnull= -D_Nullable= -include stdint.h -include stdbool.h \
    $(printf -- '-include %s ' "${headers[@]}") -x c /dev/null

# The module map the XCFramework ships: one module for every header, without UniFFI's
# `use "_Builtin_*"` lines (Xcode 26).
echo "swift.sh: ios/write-module-map.sh" >&2
bash ios/write-module-map.sh "$OUT/module.modulemap" "$OUT"/*.modulemap
for header in "${headers[@]}"; do
    grep -q "header \"${header##*/}\"" "$OUT/module.modulemap" || {
        echo "swift.sh: the written module map lost the header ${header##*/}" >&2; exit 1; }
done
if grep -q '_Builtin_' "$OUT/module.modulemap"; then
    echo "swift.sh: the written module map kept a _Builtin_ module" >&2
    exit 1
fi
if bash ios/write-module-map.sh "$OUT/refused.modulemap" /dev/null 2>/dev/null; then
    echo "swift.sh: write-module-map.sh accepted a file that declares no module" >&2
    exit 1
fi
if bash ios/import-ffi-module.sh "${headers[0]}" "$OUT/refused.swift" 2>/dev/null; then
    echo "swift.sh: import-ffi-module.sh accepted a file without the guard" >&2
    exit 1
fi

# The package's generated sources, where build-xcframework.sh puts them on a Mac (git-ignored).
# Each replaces the package's copy only when it differs, so that an unchanged core leaves SwiftPM
# nothing to rebuild (the generated Swift alone takes about 25 s to compile here).
update() { # update SRC DEST: copy SRC to DEST unless DEST holds the same bytes
    cmp -s "$1" "$2" || cp "$1" "$2"
}
mkdir -p "$kit/Sources/PlyFFI" "$kit/Sources/PlyCoreLinux" "$OUT/imported"
keep=" module.modulemap "
for f in "${generated[@]}"; do
    bash ios/import-ffi-module.sh "$f" "$OUT/imported/${f##*/}"
    update "$OUT/imported/${f##*/}" "$kit/Sources/PlyFFI/${f##*/}"
    keep="$keep${f##*/} "
done
for header in "${headers[@]}"; do
    update "$header" "$kit/Sources/PlyCoreLinux/${header##*/}"
    keep="$keep${header##*/} "
done
update "$OUT/module.modulemap" "$kit/Sources/PlyCoreLinux/module.modulemap"
for f in "$kit"/Sources/PlyFFI/*.swift "$kit"/Sources/PlyCoreLinux/*.h "$kit"/Sources/PlyCoreLinux/*.modulemap; do
    case "$keep" in *" ${f##*/} "*) ;; *) rm -f "$f" ;; esac
done
# The generated API in one file, for the name check of the SwiftUI files below.
bindings=$OUT/bindings-api.swift
cat "${generated[@]}" > "$bindings"

# The collector the sync journeys upload to.
cargo build -q -p ply-server
server_bin=$target_dir/debug/ply-server
[ -x "$server_bin" ] || { echo "swift.sh: $server_bin was not built" >&2; exit 1; }

t_root=$(date +%s)
bash tests/swift/make-root.sh "$SWIFT_ROOT"
echo "swift.sh: Swift root ready in $(( $(date +%s) - t_root )) s ($SWIFT_ROOT)" >&2

# The checkout (and a target directory outside it) at the same paths inside the root, so that
# SwiftPM's build cache (under build/swift-spm, kept between runs) stays valid. One run at a time
# uses the root (flock); every mount is undone on exit, failure included.
mounts=()
cleanup() {
    local i
    for (( i=${#mounts[@]}-1; i>=0; i-- )); do
        umount "${mounts[$i]}" 2>/dev/null || umount -l "${mounts[$i]}" 2>/dev/null || true
    done
    mounts=()
}
trap cleanup EXIT
trap 'exit 130' INT TERM
exec 9>"$SWIFT_ROOT.lock"
flock 9
bind() { # bind SRC: mount SRC at the same path inside the root
    mkdir -p "$SWIFT_ROOT$1"
    if ! mountpoint -q "$SWIFT_ROOT$1"; then
        mount --bind "$1" "$SWIFT_ROOT$1"
        mounts+=("$SWIFT_ROOT$1")
    fi
}
bind /proc
bind "$root"
case "$target_dir/" in "$root"/*) ;; *) bind "$target_dir" ;; esac
mkdir -p "$SWIFT_ROOT/tmp/home"
in_root() {
    chroot "$SWIFT_ROOT" env -i HOME=/tmp/home PATH=/usr/bin:/bin LANG=C.UTF-8 \
        PLY_SERVER_BIN="$server_bin" "$@"
}
# libswiftObservation.so needs swift::threading::fatal, which only the static libswiftCore.a
# defines (a packaging bug of trixie's swiftlang 6.0.3): every binary that links Observation (the
# test bundle) is linked with it left unresolved; it is reached only on a fatal error.
spm=(--package-path "$kit" --scratch-path "$root/build/swift-spm"
     -Xlinker -L"$target_dir/debug" -Xlinker -rpath -Xlinker "$target_dir/debug"
     -Xlinker --unresolved-symbols=ignore-in-shared-libs)
t_build=$(date +%s)
echo "swift.sh: swift build (PlyFFI, PlyKit, tests)" >&2
in_root swift build --build-tests "${spm[@]}"
echo "swift.sh: built in $(( $(date +%s) - t_build )) s" >&2

# The compiler sees what tree-sitter and the name check could not: #46's certain error (the old
# render's five reads on `ViewModel?`, today `now.screen` and four more) fails to type-check against the generated bindings with
# the five "must be unwrapped" errors, and the same file with the optional unwrapped passes.
modules=$root/build/swift-spm/debug/Modules
[ -d "$modules" ] || modules=$(ls -d "$root"/build/swift-spm/*/debug/Modules | head -n 1)
typecheck=(swiftc -typecheck -swift-version 6 -I "$modules" -I "$kit/Sources/PlyCoreLinux"
           "$root/tests/swift/old-render.swift")
echo "swift.sh: swiftc -typecheck tests/swift/old-render.swift (the old render, then the fixed one)" >&2
if in_root "${typecheck[@]}" -D OLD >"$OUT/old-render.log" 2>&1; then
    echo "swift.sh: the old render's \`now.screen\` on ViewModel? compiled: the compiler check is broken" >&2
    exit 1
fi
unwrap=$(grep -c "^[^ ].*error: value of optional type 'ViewModel?' must be unwrapped to refer to member" "$OUT/old-render.log" || true)
grep -E "^[^ ].*error:" "$OUT/old-render.log" | sed "s|$root/||; s|^|  |" >&2 || true
if [ "$unwrap" != 5 ]; then
    echo "swift.sh: expected 5 'must be unwrapped' errors from the old render, got $unwrap:" >&2
    cat "$OUT/old-render.log" >&2
    exit 1
fi
in_root "${typecheck[@]}"
echo "swift.sh: the old render fails with the 5 errors #46 predicted; unwrapped, it compiles" >&2
set +e
# PLY_SWIFT_TEST_FILTER: run only the tests it matches (`swift test --filter`), to debug one.
filter=()
[ -z "${PLY_SWIFT_TEST_FILTER:-}" ] || filter=(--filter "$PLY_SWIFT_TEST_FILTER")
in_root swift test --disable-swift-testing "${spm[@]}" ${filter[@]+"${filter[@]}"} 2>&1 | tee "$OUT/xctest.log"
status=${PIPESTATUS[0]}
set -e
cleanup
trap - EXIT

# The SwiftUI files no compiler here builds: their syntax, and the generated API names they use.
cargo build -q -p swift-check
checker=$target_dir/debug/swift-check
mapfile -t uncompiled < <(git ls-files -co --exclude-standard -- 'ios/Ply/*.swift' | sort -u)
if [ "${#uncompiled[@]}" -gt 0 ]; then
    echo "swift.sh: syntax and API names of ${#uncompiled[@]} SwiftUI file(s)" >&2
    "$checker" syntax "${uncompiled[@]}"
    "$checker" api "$bindings" "${uncompiled[@]}"
fi

# XCTest's own summary ("Executed N tests, with M failures ..." counts failed assertions), and the
# count of test cases passed and failed.
summary=$(grep -E '^[[:space:]]*Executed [0-9]+ tests?, with [0-9]+ failures?' "$OUT/xctest.log" | tail -n 1 || true)
passed=$(grep -c -E "^Test Case '.*' passed" "$OUT/xctest.log" || true)
failed=$(grep -c -E "^Test Case '.*' failed" "$OUT/xctest.log" || true)
echo "swift.sh: $(( $(date +%s) - t0 )) s in all" >&2
if [ "$passed" = 0 ] && [ "$failed" = 0 ]; then
    echo "swift.sh: swift test ran no test (exit $status)" >&2
    failed=1
elif [ "$status" != 0 ] && [ "$failed" = 0 ]; then
    echo "swift.sh: swift test exited $status with no failed test case (a crash or a build error)" >&2
    failed=1
fi
[ -z "$summary" ] || echo "$summary"
echo "swift: $passed passed, $failed failed"
[ "$status" = 0 ] && [ "$failed" = 0 ]
