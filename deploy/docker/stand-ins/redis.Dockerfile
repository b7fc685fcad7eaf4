# Stand-in for the official redis image: redis-server and redis-cli, data in /data. Like the official
# entrypoint, protected mode is turned off when the server is started without a configuration file
# (the container network is what keeps it private).
ARG BASE
FROM ${BASE}
RUN apt-get update -qq \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends redis-server >/dev/null \
 && apt-get clean && rm -rf /var/lib/apt/lists/* \
 && mkdir -p /data && chown redis:redis /data
COPY redis.entrypoint.sh /usr/local/bin/docker-entrypoint.sh
WORKDIR /data
USER redis
EXPOSE 6379
ENTRYPOINT ["sh", "/usr/local/bin/docker-entrypoint.sh"]
CMD ["redis-server"]
