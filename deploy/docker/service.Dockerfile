# syntax=docker/dockerfile:1
# One image per Node package: PACKAGE=services/content|services/news|services/insights|services/billing|
# services/markets. An API and its worker share their package's image; only the command differs
# (dist/main.js, dist/worker.js). A package with a database has a prisma.config.ts: the build runs
# `prisma generate` for it and collect-runtime copies its prisma folder; one without skips both.
# Build from the repository root:
#   docker build -f deploy/docker/service.Dockerfile --build-arg PACKAGE=services/news \
#     --build-arg HEALTHCHECK_PORTS=4002,4102 -t probedge/news .
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
# Install scripts stay off: Prisma 6.19 runs its WebAssembly engine and needs no downloaded binary.
# PACKAGE is declared after this install, so the layer is the same (and cached) for every image.
RUN npm ci --ignore-scripts --no-audit --no-fund
ARG PACKAGE
RUN test -n "${PACKAGE}" && test -f "${PACKAGE}/package.json"
COPY tsconfig.base.json ./
COPY proto proto
COPY services/kit services/kit
COPY ${PACKAGE} ${PACKAGE}
# prisma generate never connects; it only needs DATABASE_URL to resolve the datasource (as `make generate`).
# Only packages with a prisma.config.ts have a client to generate.
RUN npm run build -w proto -w services/kit \
 && if [ -f "${PACKAGE}/prisma.config.ts" ]; then \
      (cd "${PACKAGE}" && DATABASE_URL=postgresql://localhost:5432/generate \
        node /app/node_modules/prisma/build/index.js generate); \
    fi \
 && npm run build -w "${PACKAGE}"
COPY deploy/docker/collect-runtime.sh /usr/local/bin/collect-runtime
RUN sh /usr/local/bin/collect-runtime /out "${PACKAGE}"

FROM manifests AS deps
ARG PACKAGE
# Only this workspace's production dependencies (and those of the workspace packages it links).
# npm nests a package under the workspace when the root holds another version of it, so every
# node_modules folder is gathered into /deps with its place in the tree.
COPY deploy/docker/gather-deps.sh /usr/local/bin/gather-deps
COPY deploy/docker/prune-deps.sh /usr/local/bin/prune-deps
RUN npm ci --omit=dev --omit=optional --ignore-scripts --no-audit --no-fund --workspace "${PACKAGE}" \
 && npm cache clean --force \
 && sh /usr/local/bin/gather-deps /deps "${PACKAGE}" \
 && sh /usr/local/bin/prune-deps /deps

FROM ${DEBIAN_IMAGE} AS runtime
COPY --from=manifests /usr/local/bin/node /usr/local/bin/node
# The node images' unprivileged user: uid and gid 1000, named node (-l: no lastlog entry).
RUN groupadd -g 1000 node && useradd -l -u 1000 -g 1000 -M -d /app -s /usr/sbin/nologin node
ARG PACKAGE
ARG HEALTHCHECK_PORTS
# The V8 flags of deploy/local/stack.mjs (NODE_RUNTIME_FLAGS) and the allocator setting of its
# SERVICE_RUNTIME_ENV: a smaller idle footprint.
ENV NODE_ENV=production \
    NODE_OPTIONS=--max-semi-space-size=8 \
    MALLOC_TRIM_THRESHOLD_=131072 \
    HOST=0.0.0.0 \
    HEALTHCHECK_PORTS=${HEALTHCHECK_PORTS} \
    JITI_FS_CACHE=false
WORKDIR /app
COPY --from=deps /deps/ ./
COPY --from=build /out/ ./
COPY deploy/docker/healthcheck.js /app/healthcheck.js
WORKDIR /app/${PACKAGE}
# uid 1000 is the image's `node` user; numeric so Kubernetes can verify runAsNonRoot. Files stay root-owned.
USER 1000:1000
HEALTHCHECK --interval=15s --timeout=5s --start-period=20s --retries=3 CMD ["node", "/app/healthcheck.js"]
# SERVICE_RUNTIME_FLAGS of deploy/local/stack.mjs: V8 refuses it in NODE_OPTIONS, so it is an argument.
CMD ["node", "--memory-saver-mode", "dist/main.js"]
