# Stand-in for the official postgres image, as far as the compose file uses it: POSTGRES_USER and
# POSTGRES_PASSWORD, data in /var/lib/postgresql/data, first-start scripts in
# /docker-entrypoint-initdb.d, and pg_isready.
ARG BASE
FROM ${BASE}
RUN apt-get update -qq \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends postgresql-15 >/dev/null \
 && apt-get clean && rm -rf /var/lib/apt/lists/* \
 && mkdir -p /var/lib/postgresql/data /var/run/postgresql /docker-entrypoint-initdb.d \
 && chown -R postgres:postgres /var/lib/postgresql /var/run/postgresql
ENV PATH=/usr/lib/postgresql/15/bin:$PATH PGDATA=/var/lib/postgresql/data
COPY postgres.entrypoint.sh /usr/local/bin/docker-entrypoint.sh
ENTRYPOINT ["sh", "/usr/local/bin/docker-entrypoint.sh"]
EXPOSE 5432
CMD ["postgres"]
