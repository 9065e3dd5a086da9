# Sourced by run-all.sh: starts a throw-away PostgreSQL on loopback and exports PLY_TEST_POSTGRES_URL.
# (being written)
true
