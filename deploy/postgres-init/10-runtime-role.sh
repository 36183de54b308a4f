#!/bin/sh
# The login the portal serves as (ADR 082): it owns nothing; the portal's migrations, run as the
# owner (POSTGRES_USER), give it its grants. Runs once, when the data directory is created.
set -eu
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname "$POSTGRES_DB" \
  -v password="$APP_DB_PASSWORD" <<'SQL'
CREATE ROLE ccap_app LOGIN PASSWORD :'password';
SQL
