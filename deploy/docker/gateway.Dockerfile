# syntax=docker/dockerfile:1
# The gateway image: the one public entry. It serves /api (proxied to the services), the sitemap and
# robots, and the prerendered web build (brotli and gzip copies, immutable hashed assets, 404 for
# unknown pages), exactly as `make up` does. Build from the repository root:
#   docker build -f deploy/docker/gateway.Dockerfile --build-arg PUBLIC_URL=https://probedge.example -t probedge/gateway .
# Node 24, the supported LTS line (Node 20 left support on 2026-04-30).
ARG NODE_IMAGE=node:24-bookworm-slim
# The runtime layers: plain Debian slim plus the node binary of NODE_IMAGE, without npm, corepack or
# yarn (about 20 MB that a running service never uses).
ARG DEBIAN_IMAGE=debian:bookworm-slim

FROM ${NODE_IMAGE} AS manifests
WORKDIR /app
COPY package.json package-lock.json ./
COPY proto/package.json proto/
COPY services/kit/package.json services/kit/
COPY services/content/package.json services/content/
COPY services/news/package.json services/news/
COPY services/insights/package.json services/insights/
COPY services/billing/package.json services/billing/
COPY services/markets/package.json services/markets/
COPY gateway/package.json gateway/
COPY web/package.json web/

FROM manifests AS build
# The same layer as in service.Dockerfile and migrate.Dockerfile, so one install serves every image.
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY tsconfig.base.json ./
COPY proto proto
COPY services/kit services/kit
COPY services/content services/content
COPY gateway gateway
# The prerender step (web/scripts/prerender.mjs) runs in plain Node: it requires the compiled proto
# package and content's compiled file reader, and reads the Markdown under services/content/content.
# prisma generate never connects; it only needs DATABASE_URL to resolve the datasource.
RUN npm run build -w proto -w services/kit \
 && (cd services/content && DATABASE_URL=postgresql://localhost:5432/generate \
      node /app/node_modules/prisma/build/index.js generate) \
 && npm run build -w services/content -w gateway
COPY web web
# The build bakes these into the pages (web/vite.config.ts); unset ones keep their defaults.
ARG PUBLIC_URL=http://localhost:8080
ARG BRAND_NAME
ARG BRAND_SUBTITLE
ARG SUPPORT_EMAIL
ARG SCANNER_URL
ARG PRO_APP_URL
ARG PRICE_VALID_UNTIL
RUN PUBLIC_URL="${PUBLIC_URL}" BRAND_NAME="${BRAND_NAME}" BRAND_SUBTITLE="${BRAND_SUBTITLE}" \
    SUPPORT_EMAIL="${SUPPORT_EMAIL}" SCANNER_URL="${SCANNER_URL}" PRO_APP_URL="${PRO_APP_URL}" \
    PRICE_VALID_UNTIL="${PRICE_VALID_UNTIL}" \
    npm run build -w web
COPY deploy/docker/collect-runtime.sh /usr/local/bin/collect-runtime
# The build manifest is for the prerender step only; it is not served.
RUN sh /usr/local/bin/collect-runtime /out gateway \
 && mkdir -p /out/web && cp -R web/dist /out/web/dist && rm -rf /out/web/dist/.vite

FROM manifests AS deps
COPY deploy/docker/gather-deps.sh /usr/local/bin/gather-deps
COPY deploy/docker/prune-deps.sh /usr/local/bin/prune-deps
RUN npm ci --omit=dev --omit=optional --ignore-scripts --no-audit --no-fund --workspace gateway \
 && npm cache clean --force \
 && sh /usr/local/bin/gather-deps /deps gateway \
 && sh /usr/local/bin/prune-deps /deps

FROM ${DEBIAN_IMAGE} AS runtime
COPY --from=manifests /usr/local/bin/node /usr/local/bin/node
# The node images' unprivileged user: uid and gid 1000, named node (-l: no lastlog entry).
RUN groupadd -g 1000 node && useradd -l -u 1000 -g 1000 -M -d /app -s /usr/sbin/nologin node
# The V8 flags of deploy/local/stack.mjs (NODE_RUNTIME_FLAGS): a smaller idle footprint.
ENV NODE_ENV=production \
    NODE_OPTIONS=--max-semi-space-size=8 \
    HOST=0.0.0.0 \
    PORT=8080 \
    HEALTHCHECK_PORTS=8080 \
    WEB_DIST_DIR=/app/web/dist
WORKDIR /app
COPY --from=deps /deps/ ./
COPY --from=build /out/ ./
COPY deploy/docker/healthcheck.js /app/healthcheck.js
WORKDIR /app/gateway
USER 1000:1000
EXPOSE 8080
HEALTHCHECK --interval=15s --timeout=5s --start-period=20s --retries=3 CMD ["node", "/app/healthcheck.js"]
# GATEWAY_RUNTIME_FLAGS of deploy/local/stack.mjs: V8 refuses it in NODE_OPTIONS, so it is an argument.
CMD ["node", "--no-allocation-site-pretenuring", "dist/main.js"]
