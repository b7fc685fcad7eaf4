import { readRepoFile } from './support/files';
import { stackFlags } from './support/processes';
import {
  composeVariables,
  dependencies,
  findCycle,
  healthcheckUrl,
  loadCompose,
  serviceEnv,
} from './support/compose';

const compose = loadCompose();
const names = Object.keys(compose.services);
const ONE_OFF = ['migrate'];

describe('docker-compose.yml', () => {
  it('parses, with the services the platform needs', () => {
    expect(names.sort()).toEqual(
      [
        'postgres',
        'redis',
        'migrate',
        'content',
        'content-worker',
        'news-api',
        'news-worker',
        'insights-api',
        'insights-worker',
        'billing',
        'markets-api',
        'gateway',
        'mail',
      ].sort(),
    );
  });

  it('keeps to what every Compose parses: no top-level name (the project name comes from .env)', () => {
    expect(Object.keys(compose)).not.toContain('name');
    expect(readRepoFile('.env.example')).toMatch(/^COMPOSE_PROJECT_NAME=probedge$/m);
  });

  it('depends only on services it defines, waiting for them to be healthy or to have finished', () => {
    for (const [name, service] of Object.entries(compose.services)) {
      for (const [target, condition] of Object.entries(dependencies(service))) {
        expect({ name, target, defined: names.includes(target) }).toEqual({
          name,
          target,
          defined: true,
        });
        if (ONE_OFF.includes(target)) {
          expect({ name, target, condition }).toEqual({
            name,
            target,
            condition: 'service_completed_successfully',
          });
        } else {
          expect({ name, target, condition }).toEqual({
            name,
            target,
            condition: 'service_healthy',
          });
          expect({
            target,
            healthcheck: compose.services[target].healthcheck !== undefined,
          }).toEqual({
            target,
            healthcheck: true,
          });
        }
      }
    }
  });

  it('has a healthcheck on every long-running service and runs the one-off step once', () => {
    for (const name of names.filter((candidate) => !ONE_OFF.includes(candidate))) {
      expect({ name, healthcheck: compose.services[name].healthcheck !== undefined }).toEqual({
        name,
        healthcheck: true,
      });
    }
    expect(compose.services.migrate.restart).toBe('no');
  });

  it('has no dependency cycle', () => {
    const graph = Object.fromEntries(
      Object.entries(compose.services).map(([name, service]) => [
        name,
        Object.keys(dependencies(service)),
      ]),
    );
    expect(findCycle(graph)).toBeUndefined();
  });

  it('finds a dependency cycle when there is one', () => {
    expect(findCycle({ a: ['b'], b: ['c'], c: ['a'], d: [] })).toEqual(['a', 'b', 'c', 'a']);
  });

  it('migrates before any process that uses a database starts, and starts Redis users after Redis', () => {
    for (const [name, service] of Object.entries(compose.services)) {
      const env = serviceEnv(service, {});
      const waits = dependencies(service);
      if (env.DATABASE_URL)
        expect({ name, migrate: waits.migrate }).toEqual({
          name,
          migrate: 'service_completed_successfully',
        });
      if (env.REDIS_URL)
        expect({ name, redis: waits.redis }).toEqual({ name, redis: 'service_healthy' });
    }
    expect(dependencies(compose.services.migrate).postgres).toBe('service_healthy');
  });

  it('creates every database that a service or the migration step names', () => {
    const init = readRepoFile('deploy/docker/postgres-init.sql');
    const created = [...init.matchAll(/CREATE DATABASE (\w+)/g)].map((match) => match[1]).sort();
    const named = new Set<string>();
    for (const service of Object.values(compose.services)) {
      for (const value of Object.values(serviceEnv(service, {}))) {
        if (value.startsWith('postgresql://')) named.add(new URL(value).pathname.slice(1));
      }
    }
    expect(created).toEqual([...named].sort());
    expect(
      readRepoFile('k8s/overlays/dev/postgres-init.sql').match(/CREATE DATABASE \w+/g),
    ).toEqual(init.match(/CREATE DATABASE \w+/g));
  });

  it('runs Redis with the append-only file and without eviction', () => {
    const command = (compose.services.redis as { command?: string[] }).command?.join(' ');
    expect(command).toContain('--appendonly yes');
    expect(command).toContain('--maxmemory-policy noeviction');
  });

  it('runs the platform containers read-only, without privilege escalation or capabilities', () => {
    for (const name of names.filter((candidate) => !['postgres', 'redis'].includes(candidate))) {
      const service = compose.services[name];
      expect({
        name,
        readOnly: service.read_only,
        capDrop: service.cap_drop,
        securityOpt: service.security_opt,
      }).toEqual({
        name,
        readOnly: true,
        capDrop: ['ALL'],
        securityOpt: ['no-new-privileges:true'],
      });
    }
  });

  it('publishes only the gateway, and the queue dashboard and mail inbox on the loopback interface', () => {
    const published = names.filter((name) => (compose.services[name].ports ?? []).length > 0);
    expect(published.sort()).toEqual(['gateway', 'insights-worker', 'mail']);
    expect(compose.services.gateway.ports).toEqual(['${WEB_PORT:-8080}:8080']);
    expect(compose.services['insights-worker'].ports).toEqual([
      '127.0.0.1:${QUEUE_DASHBOARD_PORT:-4103}:4103',
    ]);
    expect(compose.services.mail.ports).toEqual(['127.0.0.1:${MAIL_INBOX_PORT:-1080}:1080']);
  });

  it('runs the content worker from the content image, healthy when its own port answers /readyz', () => {
    const worker = compose.services['content-worker'];
    const api = compose.services.content;
    expect(worker.image).toBe(api.image);
    expect(worker.command).toEqual([
      'node',
      ...stackFlags('SERVICE_RUNTIME_FLAGS'),
      'dist/worker.js',
    ]);
    expect(api.command).toEqual(['node', ...stackFlags('SERVICE_RUNTIME_FLAGS'), 'dist/main.js']);
    const env = serviceEnv(worker, {});
    expect(env.CONTENT_WORKER_PORT).toBe('4101');
    expect(healthcheckUrl(worker)?.toString()).toBe('http://127.0.0.1:4101/readyz');
    // One image runs both: its own HEALTHCHECK tries the API's port and the worker's.
    expect(String(api.build?.args?.HEALTHCHECK_PORTS).split(',').sort()).toEqual(['4001', '4101']);
    expect(dependencies(worker)).toEqual({
      migrate: 'service_completed_successfully',
      redis: 'service_healthy',
    });
    // The same database, Redis, mail server and links as the content API.
    const apiEnv = serviceEnv(api, {});
    for (const key of ['DATABASE_URL', 'REDIS_URL', 'SMTP_URL', 'MAIL_FROM', 'PUBLIC_URL']) {
      expect({ key, value: env[key] }).toEqual({ key, value: apiEnv[key] });
    }
    expect(env.SMTP_URL).toBe('smtp://mail:1025');
    expect(env.MARKET_TIMEZONE).toBe(
      serviceEnv(compose.services['insights-worker'], {}).MARKET_TIMEZONE,
    );
    // The preview token is the API's alone, and never published.
    expect(Object.keys(apiEnv)).toContain('CONTENT_ADMIN_TOKEN');
    expect(Object.keys(env)).not.toContain('CONTENT_ADMIN_TOKEN');
    expect(worker.ports ?? []).toEqual([]);
  });

  it('documents every variable it reads from .env in docs/deployment.md', () => {
    const doc = readRepoFile('docs/deployment.md');
    const undocumented = composeVariables().filter((name) => !doc.includes(`\`${name}\``));
    expect(undocumented).toEqual([]);
  });
});
