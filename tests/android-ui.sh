#!/usr/bin/env bash
# The Android app's Compose UI on the JVM (issue #45):
#   1. installs what is missing: Debian's maven, JNA, JUnit 5, and the fonts and libraries skiko
#      links; Compose Multiplatform desktop 1.6.11 (= Compose 1.6.7 / Material3 1.2.1, the
#      versions android/ pins) into ~/.m2 with tests/android-ui/pom.xml; the Kotlin compiler of
#      the Android build (android/gradle/libs.versions.toml) from npm into ~/.cache/ply;
#   2. regenerates the Kotlin bindings (never reused, so stale bindings cannot pass);
#   3. compiles every file of android/app/src/main/kotlin/dev/ply/app/ui and android/shell/src/main
#      with the Compose compiler plugin, against R generated from res/values/strings.xml;
#   4. compiles the harness and runs the UI tests (tests/android-ui/test) with JUnit 5, or with
#      --shots DIR draws every screen from the real core to PNGs and a contact sheet, or with
#      --bench measures the board screen's render cost and recompositions, with the stability
#      configuration and without it (the UI compiled a second time).
#   bash tests/android-ui.sh [--compile-only | --shots DIR | --bench]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

mode=tests
shots=
case "${1:-}" in
    --compile-only) mode=compile ;;
    --shots) mode=shots; shots=${2:?usage: $0 --shots DIR}; mkdir -p "$shots"; shots=$(cd "$shots" && pwd) ;;
    --bench) mode=bench ;;
    "") ;;
    *) echo "usage: $0 [--compile-only | --shots DIR | --bench]" >&2; exit 2 ;;
esac

# The Android build's compiler and Compose compiler plugin (one version in libs.versions.toml).
KOTLIN_VERSION=$(sed -n 's/^kotlin = "\(.*\)"/\1/p' android/gradle/libs.versions.toml)
J=/usr/share/java
KOTLINC_HOME=${PLY_KOTLINC_HOME:-$HOME/.cache/ply/kotlinc-$KOTLIN_VERSION}
BUILD=$root/build/android-ui
HERE=$root/tests/android-ui
target_dir=${CARGO_TARGET_DIR:-$root/target}
log() { printf 'android-ui: %s\n' "$*" >&2; }

need=()
command -v mvn >/dev/null || need+=(maven)
[ -f "$J/jna.jar" ] || need+=(libjna-java)
[ -f "$J/junit-platform-console-standalone.jar" ] || need+=(junit5)
[ -f /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] || need+=(fonts-dejavu-core)
for lib in libGL.so.1 libX11.so.6 libfontconfig.so.1; do
    ldconfig -p | grep -q "$lib" || need+=("$(case $lib in libGL*) echo libgl1;; libX11*) echo libx11-6;; *) echo libfontconfig1;; esac)")
done
if [ ${#need[@]} -gt 0 ]; then
    log "installing from Debian: ${need[*]}"
    apt-get -o DPkg::Lock::Timeout=600 update -qq && DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y -qq "${need[@]}" >/dev/null
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
mkdir -p "$BUILD/gen/dev/ply/app"

# Compose desktop's classpath; Maven's own cache (~/.m2) makes a warm run offline-fast. A POM
# Maven cannot find is a failure, not a warning: the classpath would silently lack a library.
log "resolving Compose Multiplatform desktop with Maven"
mvn -B -q -f "$HERE/pom.xml" dependency:build-classpath -Dmdep.outputFile="$BUILD/cp.txt" 2>&1 | tee "$BUILD/mvn.log" >&2
if grep -q 'The POM for .* is missing' "$BUILD/mvn.log"; then log "a POM is missing (see $BUILD/mvn.log)"; exit 1; fi
# The compiler's own standard library, not the older one the POMs name.
compose_cp=$(tr ':' '\n' < "$BUILD/cp.txt" | grep -v '/kotlin-stdlib' | paste -sd: -)

bash bindings/generate.sh kotlin "$BUILD/bindings"
python3 "$HERE/gen_r.py" android/app/src/main/res/values/strings.xml "$BUILD/gen/dev/ply/app/R.kt"

log "compiling the bindings"
"$KOTLINC" -cp "$J/jna.jar" "$BUILD/bindings" -d "$BUILD/bindings.jar" 2>&1 | grep -v '^warning' >&2 || true
[ -f "$BUILD/bindings.jar" ] || { log "the bindings did not compile"; exit 1; }

# Material3 1.2 and foundation 1.6 still mark some APIs the UI uses as experimental; the app opts
# in per use with @OptIn, as on the phone, so no module-wide opt-in is given here.
# The Android build's stability configuration too (app/build.gradle.kts names the same file).
compose_flags=(-Xplugin="$L/compose-compiler-plugin.jar" -jvm-target 17
    -P "plugin:androidx.compose.compiler.plugins.kotlin:stabilityConfigurationPath=$root/android/app/compose-stability.conf")
log "compiling the UI (android/app/src/main/kotlin/dev/ply/app/ui, android/shell/src/main/kotlin) with the Compose compiler $KOTLIN_VERSION"
ui_start=$(date +%s)
"$KOTLINC" "${compose_flags[@]}" -cp "$compose_cp:$J/jna.jar:$BUILD/bindings.jar" \
    android/app/src/main/kotlin/dev/ply/app/ui android/shell/src/main/kotlin "$BUILD/gen" -d "$BUILD/ui.jar"
log "the UI compiled in $(( $(date +%s) - ui_start )) s"
[ "$mode" = compile ] && { echo "android-ui: 1 passed, 0 failed (compile only)"; exit 0; }

log "compiling the harness"
"$KOTLINC" "${compose_flags[@]}" -cp "$compose_cp:$J/jna.jar:$BUILD/bindings.jar:$BUILD/ui.jar" \
    "$HERE/harness" -d "$BUILD/harness.jar"
run_cp="$compose_cp:$J/jna.jar:$BUILD/bindings.jar:$BUILD/ui.jar:$BUILD/harness.jar:$L/kotlin-stdlib.jar"
jvm=(java -Djava.awt.headless=true -Djna.library.path="$target_dir/debug" -Dply.res="$root/android/app/src/main/res"
    -Djava.io.tmpdir="$BUILD/tmp")
mkdir -p "$BUILD/tmp"

if [ "$mode" = bench ]; then
    log "compiling the UI again without the stability configuration"
    "$KOTLINC" -Xplugin="$L/compose-compiler-plugin.jar" -jvm-target 17 -cp "$compose_cp:$J/jna.jar:$BUILD/bindings.jar" \
        android/app/src/main/kotlin/dev/ply/app/ui android/shell/src/main/kotlin "$BUILD/gen" -d "$BUILD/ui-unstable.jar"
    "${jvm[@]}" -cp "$run_cp" dev.ply.uitest.RenderCostKt "with compose-stability.conf"
    unstable_cp="$compose_cp:$J/jna.jar:$BUILD/bindings.jar:$BUILD/ui-unstable.jar:$BUILD/harness.jar:$L/kotlin-stdlib.jar"
    "${jvm[@]}" -cp "$unstable_cp" dev.ply.uitest.RenderCostKt "without it"
    exit 0
fi

if [ "$mode" = shots ]; then
    log "drawing every screen into $shots"
    "${jvm[@]}" -cp "$run_cp" dev.ply.uitest.ShotsKt "$shots" "${@:3}"
    exit 0
fi

log "compiling the UI tests"
"$KOTLINC" "${compose_flags[@]}" -cp "$compose_cp:$J/jna.jar:$BUILD/bindings.jar:$BUILD/ui.jar:$BUILD/harness.jar:$J/junit-jupiter-api.jar:$J/apiguardian-api.jar" \
    "$HERE/test" -d "$BUILD/tests.jar" 2>&1 | grep -v '^warning' >&2 || true
[ -f "$BUILD/tests.jar" ] || { log "the UI tests did not compile"; exit 1; }
log "running the UI tests (JUnit 5)"
set +e
"${jvm[@]}" -jar "$J/junit-platform-console-standalone.jar" -cp "$run_cp:$BUILD/tests.jar" \
    --scan-classpath "$BUILD/tests.jar" --details=tree --disable-banner > "$BUILD/junit.log" 2>&1
rc=$?
set -e
cat "$BUILD/junit.log" >&2
passed=$(sed -n 's/.* \([0-9]*\) tests successful.*/\1/p' "$BUILD/junit.log" | tail -1)
failed=$(sed -n 's/.* \([0-9]*\) tests failed.*/\1/p' "$BUILD/junit.log" | tail -1)
echo "android-ui: ${passed:-0} passed, ${failed:-0} failed"
[ "$rc" -eq 0 ] && [ "${failed:-1}" -eq 0 ] && [ "${passed:-0}" -gt 0 ]
