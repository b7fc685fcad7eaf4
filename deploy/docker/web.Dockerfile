# syntax=docker/dockerfile:1
# The web image: nginx serving the Vite build (SPA fallback, gzip, immutable hashed assets) and passing
# /api, /sitemap.xml and /robots.txt to the gateway. Build from the repository root:
#   docker build -f deploy/docker/web.Dockerfile --build-arg PUBLIC_URL=https://probedge.example -t probedge/web .
# Node 24, the supported LTS line (Node 20 left support on 2026-04-30).
ARG NODE_IMAGE=node:24-bookworm-slim
ARG NGINX_IMAGE=nginx:1.27-alpine

FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY proto/package.json proto/
COPY services/kit/package.json services/kit/
COPY services/content/package.json services/content/
COPY services/news/package.json services/news/
COPY services/insights/package.json services/insights/
COPY services/billing/package.json services/billing/
COPY gateway/package.json gateway/
COPY web/package.json web/
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY tsconfig.base.json ./
COPY proto proto
COPY services/kit services/kit
COPY services/content services/content
# The prerender step (web/scripts/prerender.mjs) runs in plain Node: it requires the compiled proto package and
# content's compiled file reader, and reads the Markdown under services/content/content. Same steps as the
# migration image; prisma generate never connects, it only needs DATABASE_URL to resolve the datasource.
RUN npm run build -w proto -w services/kit \
 && (cd services/content && DATABASE_URL=postgresql://localhost:5432/generate \
      node /app/node_modules/prisma/build/index.js generate) \
 && npm run build -w services/content
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

FROM ${NGINX_IMAGE} AS runtime
# The image's start-up scripts only tune conf.d/default.conf, which nginx.conf does not include.
ENV NGINX_ENTRYPOINT_QUIET_LOGS=1
COPY deploy/docker/nginx.conf /etc/nginx/nginx.conf
COPY --from=build /app/web/dist /usr/share/nginx/html
# uid 101 is the image's `nginx` user; every path nginx writes is under /tmp (see nginx.conf).
USER 101:101
EXPOSE 8080
HEALTHCHECK --interval=15s --timeout=5s --start-period=5s --retries=3 \
  CMD ["wget", "-q", "-O", "/dev/null", "http://127.0.0.1:8080/healthz"]
CMD ["nginx", "-g", "daemon off;"]
