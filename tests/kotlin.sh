#!/usr/bin/env bash
# Kotlin tests on the JVM (being written).
set -euo pipefail
