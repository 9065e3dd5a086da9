#!/usr/bin/env bash
# Swift syntax and API-name checks (being written).
set -euo pipefail
