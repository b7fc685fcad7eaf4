import { readRepoFile, repoFileExists, sourceOfEntry } from './support/files';
import { loadCompose } from './support/compose';
import {
  contextSources,
  execForm,
  instructions,
  parseDockerfile,
  parseDockerfileText,
  type Stage,
} from './support/dockerfile';
import { webBuildInputs, webBuildProblems } from './support/web-build';
import { parseConfig, PROCESSES } from './support/processes';
import { serviceEnv } from './support/compose';

const compose = loadCompose();
const DOCKERFILES = [
  'deploy/docker/service.Dockerfile',
  'deploy/docker/migrate.Dockerfile',
  'deploy/docker/web.Dockerfile',
];
const NODE_DOCKERFILES = ['deploy/docker/service.Dockerfile', 'deploy/docker/migrate.Dockerfile'];

const finalStage = (stages: Stage[]) => stages[stages.length - 1];

/** .dockerignore patterns as regular expressions over context paths (negations are ignored). */
function ignored(): RegExp[] {
  return readRepoFile('.dockerignore')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#') && !line.startsWith('!'))
    .map((pattern) => {
      const body = pattern
        .replace(/[.+^${}()|[\]\\]/g, '\\$&')
        .replace(/\*\*\//g, '%ANY%')
        .replace(/\*/g, '[^/]*')
        .replace(/%ANY%/g, '(?:.*/)?');
      return new RegExp(`^${body}(?:/.*)?$`);
    });
}

describe.each(DOCKERFILES)('%s', (dockerfile) => {
  const stages = parseDockerfile(dockerfile);
  const last = finalStage(stages);

  it('builds in several stages and installs from the lockfile with npm ci', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    const runs = stages.flatMap((stage) => instructions(stage, 'RUN')).map((run) => run.args);
    expect(runs.some((run) => /\bnpm ci\b/.test(run))).toBe(true);
    expect(runs.some((run) => /\bnpm install\b/.test(run))).toBe(false);
  });

  it('runs the final stage as a numeric non-root user', () => {
    const users = instructions(last, 'USER');
    expect(users).toHaveLength(1);
    const [user] = users[0].args.split(':');
    expect(user).toMatch(/^\d+$/);
    expect(Number(user)).toBeGreaterThan(0);
  });

  it('copies only files that exist and that .dockerignore keeps in the context', () => {
    const patterns = ignored();
    for (const stage of stages) {
      for (const copy of [...instructions(stage, 'COPY'), ...instructions(stage, 'ADD')]) {
        for (const source of contextSources(copy)) {
          if (source.includes('$')) continue;
          const path = source.replace(/\/$/, '');
          expect({ source, exists: repoFileExists(path) }).toEqual({ source, exists: true });
          expect({ source, ignored: patterns.some((pattern) => pattern.test(path)) }).toEqual({
            source,
            ignored: false,
          });
        }
      }
    }
  });
});

describe.each(NODE_DOCKERFILES)('%s', (dockerfile) => {
  const stages = parseDockerfile(dockerfile);
  const last = finalStage(stages);

  it('ships only production dependencies in the final stage', () => {
    const copies = instructions(last, 'COPY').filter((copy) => /node_modules/.test(copy.args));
    expect(copies).toHaveLength(1);
    const from = /--from=(\S+)/.exec(copies[0].args)?.[1];
    const source = stages.find((stage) => stage.name === from);
    expect(source).toBeDefined();
    const installs = instructions(source as Stage, 'RUN')
      .map((run) => run.args)
      .filter((run) => /npm ci/.test(run));
    expect(installs).toHaveLength(1);
    expect(installs[0]).toContain('--omit=dev');
    expect(installs[0]).toContain('--workspace');
  });
});

describe('the service image (deploy/docker/service.Dockerfile)', () => {
  const stages = parseDockerfile('deploy/docker/service.Dockerfile');
  const last = finalStage(stages);
  const built = Object.entries(compose.services).filter(
    ([, service]) => service.build?.dockerfile === 'deploy/docker/service.Dockerfile',
  );

  it('checks liveness from inside the container', () => {
    const healthcheck = instructions(last, 'HEALTHCHECK');
    expect(healthcheck).toHaveLength(1);
    expect(execForm(healthcheck[0].args)).toEqual(['node', '/app/healthcheck.js']);
    expect(readRepoFile('deploy/docker/healthcheck.js')).toContain('/healthz');
  });

  it('runs Node with the V8 flags of the local stack', () => {
    const declared = /NODE_RUNTIME_FLAGS = \[([^\]]*)\]/.exec(
      readRepoFile('deploy/local/stack.mjs'),
    );
    const flags = [...(declared?.[1] ?? '').matchAll(/'([^']+)'/g)].map((match) => match[1]);
    expect(flags.length).toBeGreaterThan(0);
    const env = instructions(last, 'ENV')
      .map((instruction) => instruction.args)
      .join(' ');
    expect(/NODE_OPTIONS=(\S+)/.exec(env)?.[1]).toBe(flags.join(' '));
  });

  it("starts each package's API by default, from the package folder", () => {
    expect(execForm(instructions(last, 'CMD')[0].args)).toEqual(['node', 'dist/main.js']);
    const workdirs = instructions(last, 'WORKDIR').map((workdir) => workdir.args);
    expect(workdirs[workdirs.length - 1]).toBe('/app/${PACKAGE}');
    for (const [name, service] of built) {
      const pkg = String(service.build?.args?.PACKAGE);
      expect({ name, main: repoFileExists(sourceOfEntry(pkg, 'dist/main.js')) }).toEqual({
        name,
        main: true,
      });
    }
  });

  it('is built once per package, with the health ports of the processes it runs', () => {
    for (const [name, service] of built) {
      const pkg = String(service.build?.args?.PACKAGE);
      const processes = PROCESSES.filter((proc) => proc.packageDir === pkg);
      expect({ name, known: processes.length > 0 }).toEqual({ name, known: true });
      const ports = processes.map((proc) => {
        const result = parseConfig(proc.shape, serviceEnv(compose.services[proc.name], {}));
        if (!result.ok) throw new Error(result.problems.join('; '));
        return String(result.config[proc.portKey]);
      });
      expect({
        name,
        ports: String(service.build?.args?.HEALTHCHECK_PORTS).split(',').sort(),
      }).toEqual({
        name,
        ports: ports.sort(),
      });
      for (const proc of processes) {
        expect(compose.services[proc.name].image).toBe(service.image);
      }
    }
    expect(new Set(built.map(([, service]) => service.image)).size).toBe(
      new Set(PROCESSES.map((proc) => proc.packageDir)).size,
    );
  });
});

describe('the migration image (deploy/docker/migrate.Dockerfile)', () => {
  const last = finalStage(parseDockerfile('deploy/docker/migrate.Dockerfile'));

  it('runs the migration script it copies, and declares that a one-off job has no health to check', () => {
    expect(execForm(instructions(last, 'CMD')[0].args)).toEqual(['node', '/app/migrate.cjs']);
    expect(instructions(last, 'COPY').map((copy) => copy.args)).toContain(
      'deploy/docker/migrate.cjs /app/migrate.cjs',
    );
    expect(instructions(last, 'HEALTHCHECK').map((healthcheck) => healthcheck.args)).toEqual([
      'NONE',
    ]);
  });

  it('migrates with the same command as the local stack', () => {
    const script = readRepoFile('deploy/docker/migrate.cjs');
    expect(script).toContain("'node_modules', 'prisma', 'build', 'index.js'");
    expect(script).toContain("[prisma, 'migrate', 'deploy']");
    expect(script).toContain("['dist/sync.js']");
    expect(repoFileExists(sourceOfEntry('services/content', 'dist/sync.js'))).toBe(true);
  });
});

describe('the web image (deploy/docker/web.Dockerfile and nginx.conf)', () => {
  const last = finalStage(parseDockerfile('deploy/docker/web.Dockerfile'));
  const nginx = readRepoFile('deploy/docker/nginx.conf');

  it('serves the Vite build with its own nginx configuration', () => {
    const copies = instructions(last, 'COPY').map((copy) => copy.args);
    expect(copies).toContain('deploy/docker/nginx.conf /etc/nginx/nginx.conf');
    expect(copies).toContain('--from=build /app/web/dist /usr/share/nginx/html');
    expect(execForm(instructions(last, 'HEALTHCHECK')[0].args)).toEqual([
      'wget',
      '-q',
      '-O',
      '/dev/null',
      'http://127.0.0.1:8080/healthz',
    ]);
  });

  it('listens on the port that compose and the Deployment use', () => {
    expect(nginx).toMatch(/listen 8080;/);
    expect(compose.services.web.ports).toEqual(['${WEB_PORT:-8080}:8080']);
  });

  it('falls back to the bare app shell for client routes, after prerendered pages', () => {
    // index.html is the prerendered home page; other routes must not hydrate over it.
    expect(nginx).toMatch(/try_files \$uri \$uri\.html \$uri\/index\.html \/shell\.html;/);
  });

  it('compresses text and caches hashed assets for good but never the page shell', () => {
    expect(nginx).toMatch(/gzip on;/);
    expect(nginx).toMatch(/gzip_types[^;]*application\/javascript[^;]*;/);
    expect(nginx).toMatch(
      /location \/assets\/ \{[^}]*Cache-Control "public, max-age=31536000, immutable"/,
    );
    expect(nginx).toMatch(/location \/ \{[^}]*Cache-Control "no-cache"/);
  });

  it('writes only under /tmp and answers its own health checks', () => {
    for (const path of nginx.matchAll(/(?:pid|_temp_path)\s+(\S+);/g))
      expect(path[1]).toMatch(/^\/tmp\//);
    expect(nginx).toMatch(/location = \/healthz/);
  });

  it('passes the API, sitemap and robots to the gateway on the port the gateway listens on', () => {
    const gateway = PROCESSES.find((proc) => proc.name === 'gateway');
    const result = parseConfig(gateway?.shape ?? {}, serviceEnv(compose.services.gateway, {}));
    if (!result.ok) throw new Error(result.problems.join('; '));
    expect(nginx).toContain(`server gateway:${result.config.PORT};`);
    for (const location of [
      'location /api/',
      'location = /sitemap.xml',
      'location = /robots.txt',
    ]) {
      expect(nginx).toMatch(
        new RegExp(`${location.replace(/[/.]/g, '\\$&')} \\{[^}]*proxy_pass http://gateway;`),
      );
    }
  });
});

describe('.dockerignore', () => {
  it('keeps dependencies, build output, secrets and history out of the build context', () => {
    const patterns = ignored();
    for (const path of [
      'node_modules',
      'services/news/node_modules',
      'gateway/dist',
      '.env',
      '.git',
      'services/news/src/generated',
    ]) {
      expect({ path, ignored: patterns.some((pattern) => pattern.test(path)) }).toEqual({
        path,
        ignored: true,
      });
    }
    for (const path of [
      'package-lock.json',
      'services/content/content/guides',
      'services/news/sources.json',
      'deploy/docker/nginx.conf',
    ]) {
      expect({ path, ignored: patterns.some((pattern) => pattern.test(path)) }).toEqual({
        path,
        ignored: false,
      });
    }
  });
});

describe('the web build stage (deploy/docker/web.Dockerfile)', () => {
  const text = readRepoFile('deploy/docker/web.Dockerfile');
  const inputs = webBuildInputs();
  /** The Dockerfile with every line matching `pattern` removed (continuations kept intact). */
  const without = (pattern: RegExp) =>
    parseDockerfileText(
      text
        .split('\n')
        .filter((line) => !pattern.test(line))
        .join('\n'),
      'web.Dockerfile (edited)',
    );

  it('knows what the build reads outside web/: proto, kit and content compiled, the Markdown copied', () => {
    expect(inputs.built).toEqual(['proto', 'services/kit', 'services/content']);
    expect(inputs.copied).toEqual(
      expect.arrayContaining(['proto', 'services/content/content', 'tsconfig.base.json', 'web']),
    );
  });

  it('copies, generates and compiles every one of those inputs before `npm run build -w web`', () => {
    expect(webBuildProblems(parseDockerfile('deploy/docker/web.Dockerfile'), inputs)).toEqual([]);
  });

  it('fails a Dockerfile that builds the web without content, its client or the compiled packages', () => {
    expect(webBuildProblems(without(/^COPY services\/content services\/content$/), inputs)).toEqual(
      expect.arrayContaining([
        'prisma generate in services/content before it is copied',
        'services/content is compiled before it is copied',
        'services/content/content is not copied before the web build',
      ]),
    );
    expect(webBuildProblems(without(/prisma\/build\/index\.js generate/), inputs)).toEqual(
      expect.arrayContaining(['services/content is compiled before prisma generate']),
    );
    // The stage as it stood before the inputs were added: proto and web copied, nothing compiled first.
    const bare = without(/^(COPY services\/|RUN npm run build -w proto| && |\s+node \/app)/);
    expect(webBuildProblems(bare, inputs)).toEqual(
      expect.arrayContaining([
        'services/content/content is not copied before the web build',
        'proto is not compiled before the web build',
        'services/kit is not compiled before the web build',
        'services/content is not compiled before the web build',
      ]),
    );
  });
});
