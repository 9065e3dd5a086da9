#!/usr/bin/env bash
# Kotlin tests on the JVM against the real Rust library:
#   1. installs what is missing (Debian: JNA and the JUnit 5 console launcher; the Kotlin compiler
#      from the npm package kotlin-compiler, cached in ~/.cache/ply/kotlinc-$KOTLIN_VERSION);
#   2. builds ply-ffi and regenerates the Kotlin bindings into build/kotlin (never reused, so stale
#      bindings cannot pass);
#   3. compiles the bindings with -Werror, then the tests in bindings/kotlin-tests together with
#      the Android shell's plain-Kotlin module (android/shell/src/main/kotlin) and its tests
#      (android/shell/src/test/kotlin), whose helpers the bindings' tests share;
#   4. runs every test with the JUnit console launcher; fails if any test fails or none ran;
#   5. fails if a test left a directory behind: the JVM's temporary directory is a fresh one of
#      this run's, so other runs on the machine cannot disturb the check.
# PLY_KOTLIN_PROFILE=release runs against an optimised library (for the benchmark figures).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

KOTLIN_VERSION=2.4.20
J=/usr/share/java
KOTLINC_HOME=${PLY_KOTLINC_HOME:-$HOME/.cache/ply/kotlinc-$KOTLIN_VERSION}
BUILD=$root/build/kotlin-tests
target_dir=${CARGO_TARGET_DIR:-$root/target}

log() { printf 'kotlin.sh: %s\n' "$*" >&2; }

if [ ! -f "$J/jna.jar" ] || [ ! -f "$J/junit-platform-console-standalone.jar" ]; then
    log "installing JNA and JUnit 5 from Debian"
    apt-get -o DPkg::Lock::Timeout=600 update -qq && apt-get -o DPkg::Lock::Timeout=600 install -y -qq libjna-java junit5 >/dev/null
fi

if [ ! -x "$KOTLINC_HOME/package/bin/kotlinc" ]; then
    log "installing kotlinc $KOTLIN_VERSION from the npm package kotlin-compiler into $KOTLINC_HOME"
    tmp=$(mktemp -d)
    (cd "$tmp" && npm pack --silent "kotlin-compiler@$KOTLIN_VERSION" >/dev/null)
    mkdir -p "$KOTLINC_HOME"
    tar xzf "$tmp/kotlin-compiler-$KOTLIN_VERSION.tgz" -C "$KOTLINC_HOME"
    rm -rf "$tmp"
    chmod +x "$KOTLINC_HOME"/package/bin/* 2>/dev/null || true
fi
KOTLINC="$KOTLINC_HOME/package/bin/kotlinc"
L="$KOTLINC_HOME/package/lib"

rm -rf "$BUILD"
mkdir -p "$BUILD"
profile=${PLY_KOTLIN_PROFILE:-debug}
if [ "$profile" = release ]; then
    bash bindings/generate.sh kotlin "$BUILD/generated" --release
else
    bash bindings/generate.sh kotlin "$BUILD/generated"
fi

log "compiling the generated bindings (-Werror)"
"$KOTLINC" -Werror -cp "$J/jna.jar" "$BUILD/generated" -d "$BUILD/bindings.jar"

test_cp="$J/jna.jar:$BUILD/bindings.jar:$L/kotlin-test.jar:$L/kotlin-test-junit5.jar:$J/junit-jupiter-api.jar:$J/apiguardian-api.jar:$J/opentest4j.jar"
# The Android app's plain-Kotlin shell module is tested the same way, and the bindings' tests
# share its test helpers (`dev.ply.shell.TempDirs`).
sources=(bindings/kotlin-tests android/shell/src/main/kotlin android/shell/src/test/kotlin)

log "compiling the tests: ${sources[*]}"
"$KOTLINC" -cp "$test_cp" "${sources[@]}" -d "$BUILD/tests.jar"

log "running JUnit"
status=0
tests_tmp="$BUILD/tmp"
mkdir -p "$tests_tmp"
java -Djna.library.path="$target_dir/$profile" -Djava.io.tmpdir="$tests_tmp" -jar "$J/junit-platform-console-standalone.jar" \
    -cp "$BUILD/bindings.jar:$BUILD/tests.jar:$J/jna.jar:$L/kotlin-stdlib.jar:$L/kotlin-test.jar:$L/kotlin-test-junit5.jar" \
    --scan-classpath "$BUILD/tests.jar" --details=tree --disable-banner --disable-ansi-colors \
    --fail-if-no-tests --reports-dir "$BUILD/reports" | tee "$BUILD/junit.log" || status=$?
passed=$(sed -n 's/.*\[ *\([0-9]*\) tests successful.*/\1/p' "$BUILD/junit.log")
failed=$(sed -n 's/.*\[ *\([0-9]*\) tests failed.*/\1/p' "$BUILD/junit.log")
echo "kotlin: ${passed:-0} passed, ${failed:-0} failed"
[ "${passed:-0}" -gt 0 ] || { log "no Kotlin test ran"; exit 1; }
left=$(find "$tests_tmp" -mindepth 1 -maxdepth 1 -name 'ply-*' | wc -l)
if [ "$left" -gt 0 ]; then
    log "the tests left $left temporary directories in $tests_tmp:"
    find "$tests_tmp" -mindepth 1 -maxdepth 1 -name 'ply-*' | head >&2
    exit 1
fi
exit "$status"
