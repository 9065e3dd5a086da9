#!/usr/bin/env bash
# Runs every test of Ply: formatting, lints, the Rust suites (with a PostgreSQL server for the
# collector's tests), the Kotlin tests on the JVM against freshly generated bindings, the Android
# UI compiled with Compose on the JVM and its journeys, the Swift build and tests, and the app
# shells' resources. Installs what it needs (Debian packages, the Kotlin
# compiler) when missing.
set -euo pipefail
cd "$(dirname "$0")/.."

# Each step's start is stamped with the seconds since the run began, so a slow CI run shows
# where its time went.
step() { printf '\n== %s == (at %ds)\n' "$*" "$SECONDS"; }
trap 'printf "\n== finished after %ds ==\n" "$SECONDS"' EXIT

step "cargo fmt"
cargo fmt --all -- --check

step "cargo clippy"
cargo clippy --workspace --all-targets --all-features -- -D warnings
# `ply-cli` builds without the collector by default (`records` then says how to get it): lint
# that build too, which `--all-features` never compiles.
cargo clippy -p ply-cli --all-targets -- -D warnings

step "PostgreSQL for the collector tests"
# shellcheck source=tests/postgres.sh
source tests/postgres.sh

step "cargo test"
cargo test --workspace --all-features
cargo test -p ply-cli --bin ply

step "Kotlin on the JVM (bindings and the Android shell's platform adapters)"
bash tests/kotlin.sh

step "Android UI on the JVM (Compose compiled, journeys through the composables)"
bash tests/android-ui.sh

step "Swift checks (bindings and iOS shell)"
bash tests/swift.sh

step "App resources (Android references, translations, iOS icon)"
if ! command -v python3 >/dev/null; then
    apt-get -o DPkg::Lock::Timeout=600 update -qq && apt-get -o DPkg::Lock::Timeout=600 install -y -qq python3 >/dev/null
fi
python3 tests/app-resources.py

step "Workstation builds (bash 3.2 scripts, Gradle inputs, rust-version)"
python3 tests/build-checks.py
