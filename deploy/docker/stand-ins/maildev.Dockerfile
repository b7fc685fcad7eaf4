# Stand-in for maildev/maildev: the same npm package on the Node stand-in, listening on 1025 (SMTP)
# and 1080 (inbox), with wget for the compose health check.
ARG BASE
FROM ${BASE}
ARG VERSION
USER root
RUN apt-get update -qq \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends wget >/dev/null \
 && apt-get clean && rm -rf /var/lib/apt/lists/* \
 && npm install -g --no-audit --no-fund "maildev@${VERSION}" >/dev/null
USER 1000:1000
ENV MAILDEV_SMTP_PORT=1025 MAILDEV_WEB_PORT=1080
EXPOSE 1025 1080
ENTRYPOINT ["maildev"]
