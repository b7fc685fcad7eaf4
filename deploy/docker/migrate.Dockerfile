# syntax=docker/dockerfile:1
# The one-off migration image (compose `migrate`, the k8s Job): every service's committed migrations,
# applied with `prisma migrate deploy`, then content's guides/blogs/FAQ synchronised. Build from the root:
#   docker build -f deploy/docker/migrate.Dockerfile -t probedge/migrate .
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
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY tsconfig.base.json ./
COPY proto proto
COPY services services
# Only content is compiled: its dist/sync.js loads the editorial files; the others need just their migrations.
RUN npm run build -w proto -w services/kit \
 && (cd services/content && DATABASE_URL=postgresql://localhost:5432/generate \
      node /app/node_modules/prisma/build/index.js generate) \
 && npm run build -w services/content
COPY deploy/docker/collect-runtime.sh /usr/local/bin/collect-runtime
COPY deploy/docker/copy-closure.cjs /usr/local/lib/copy-closure.cjs
# The Prisma CLI is a development dependency of the services (their images do not carry it); this
# image takes it, with what it needs, from the full install.
RUN sh /usr/local/bin/collect-runtime /out services/content services/news services/insights services/billing \
      services/markets \
 && node /usr/local/lib/copy-closure.cjs /prisma-cli prisma

FROM manifests AS deps
COPY deploy/docker/gather-deps.sh /usr/local/bin/gather-deps
RUN npm ci --omit=dev --omit=optional --ignore-scripts --no-audit --no-fund \
      --workspace services/content --workspace services/news \
      --workspace services/insights --workspace services/billing --workspace services/markets \
 && npm cache clean --force \
 && sh /usr/local/bin/gather-deps /deps services/content services/news services/insights services/billing \
      services/markets

FROM ${DEBIAN_IMAGE} AS runtime
COPY --from=manifests /usr/local/bin/node /usr/local/bin/node
# The node images' unprivileged user: uid and gid 1000, named node (-l: no lastlog entry).
RUN groupadd -g 1000 node && useradd -l -u 1000 -g 1000 -M -d /app -s /usr/sbin/nologin node
ENV NODE_ENV=production \
    JITI_FS_CACHE=false
WORKDIR /app
COPY --from=deps /deps/ ./
COPY --from=build /prisma-cli/ ./
COPY --from=build /out/ ./
COPY deploy/docker/migrate.cjs /app/migrate.cjs
USER 1000:1000
# A one-off job has nothing to probe while it runs; it reports by its exit code.
HEALTHCHECK NONE
CMD ["node", "/app/migrate.cjs"]
