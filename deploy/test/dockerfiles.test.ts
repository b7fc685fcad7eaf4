import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  readRepoFile,
  repoFileExists,
  repoPath,
  ROOT,
  servicesWithDatabase,
  sourceOfEntry,
  workspaces,
} from './support/files';
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
import { parseConfig, PROCESSES, stackFlags, stackServiceEnv } from './support/processes';
import { serviceEnv } from './support/compose';

const compose = loadCompose();
const DOCKERFILES = [
  'deploy/docker/service.Dockerfile',
  'deploy/docker/migrate.Dockerfile',
  'deploy/docker/gateway.Dockerfile',
];
const NODE_DOCKERFILES = DOCKERFILES;

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

  it("copies every workspace's package.json before npm ci, so the install matches the lockfile", () => {
    const manifests = stages.find((stage) => stage.name === 'manifests');
    expect(manifests).toBeDefined();
    const copied = instructions(manifests as Stage, 'COPY').flatMap(contextSources);
    expect(copied).toEqual(expect.arrayContaining(['package.json', 'package-lock.json']));
    const missing = workspaces().filter((dir) => !copied.includes(`${dir}/package.json`));
    expect(missing).toEqual([]);
  });

  it('ships only production dependencies in the final stage, nested ones included', () => {
    const copies = instructions(last, 'COPY').filter((copy) => /--from=deps/.test(copy.args));
    expect(copies.map((copy) => copy.args)).toEqual(['--from=deps /deps/ ./']);
    const deps = stages.find((stage) => stage.name === 'deps');
    expect(deps).toBeDefined();
    const runs = instructions(deps as Stage, 'RUN').map((run) => run.args);
    const installs = runs.filter((run) => /npm ci/.test(run));
    expect(installs).toHaveLength(1);
    expect(installs[0]).toContain('--omit=dev');
    expect(installs[0]).toContain('--workspace');
    // npm nests a dependency under a workspace when the root holds another version of it
    // (services/news/node_modules/entities): those folders must reach the image too.
    expect(installs[0]).toMatch(/gather-deps \/deps /);
    const gather = readRepoFile('deploy/docker/gather-deps.sh');
    expect(gather).toContain('cp -R "$package/node_modules" "$out/$package/node_modules"');
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
    const flags = stackFlags('NODE_RUNTIME_FLAGS');
    expect(flags.length).toBeGreaterThan(0);
    const env = instructions(last, 'ENV')
      .map((instruction) => instruction.args)
      .join(' ');
    expect(/NODE_OPTIONS=(\S+)/.exec(env)?.[1]).toBe(flags.join(' '));
  });

  it("sets the C library's allocator as the local stack does for the services", () => {
    const wanted = stackServiceEnv();
    expect(Object.keys(wanted).length).toBeGreaterThan(0);
    const env = instructions(last, 'ENV')
      .map((instruction) => instruction.args)
      .join(' ');
    for (const [name, value] of Object.entries(wanted)) {
      expect({ name, value: new RegExp(`${name}=(\\S+)`).exec(env)?.[1] }).toEqual({ name, value });
    }
  });

  it("starts each package's API by default, from the package folder", () => {
    expect(execForm(instructions(last, 'CMD')[0].args)).toEqual([
      'node',
      ...stackFlags('SERVICE_RUNTIME_FLAGS'),
      'dist/main.js',
    ]);
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
    // Every package but the gateway (which has its own image, with the web build) is built here.
    expect(new Set(built.map(([, service]) => String(service.build?.args?.PACKAGE)))).toEqual(
      new Set(PROCESSES.map((proc) => proc.packageDir).filter((dir) => dir !== 'gateway')),
    );
  });
});

/**
 * The package's own modules a TypeScript file loads, transitively, itself included (relative
 * specifiers only: `./x`, `../y`), as paths from the repository root.
 */
function localModules(entry: string, found = new Set<string>()): Set<string> {
  if (found.has(entry)) return found;
  found.add(entry);
  const text = readFileSync(repoPath(entry), 'utf8');
  for (const [, specifier] of text.matchAll(/(?:from|import|require\()\s*['"](\.[^'"]*)['"]/g)) {
    const base = path.posix.join(path.posix.dirname(entry), specifier);
    const file = [`${base}.ts`, `${base}/index.ts`, base].find(
      (candidate) => repoFileExists(candidate) && path.extname(candidate) === '.ts',
    );
    if (!file) throw new Error(`${entry} imports ${specifier}, which is no TypeScript file`);
    localModules(file, found);
  }
  return found;
}

describe('the migration image (deploy/docker/migrate.Dockerfile)', () => {
  const stages = parseDockerfile('deploy/docker/migrate.Dockerfile');
  const last = finalStage(stages);
  const runsOf = (name: string) =>
    instructions(stages.find((stage) => stage.name === name) as Stage, 'RUN').map(
      (run) => run.args,
    );

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

  it('collects and installs every service with a database (those migrate.cjs migrates)', () => {
    const collect = runsOf('build').find((run) => run.includes('collect-runtime /out'));
    const install = runsOf('deps').find((run) => /npm ci/.test(run));
    const packages = (text = '', after: RegExp) =>
      (after.exec(text)?.[1].match(/services\/[a-z]+/g) ?? []).sort();
    const expected = servicesWithDatabase()
      .map((service) => `services/${service}`)
      .sort();
    expect(packages(collect, /collect-runtime \/out ([^&]*)/)).toEqual(expected);
    expect(packages(install, /gather-deps \/deps ([^&]*)/)).toEqual(expected);
    expect(
      [...(install ?? '').matchAll(/--workspace (services\/[a-z]+)/g)]
        .map((match) => match[1])
        .sort(),
    ).toEqual(expected);
  });

  it("copies every module of its package that a service's prisma.config.ts loads (collect-runtime.sh)", () => {
    const out = mkdtempSync(path.join(tmpdir(), 'collect-runtime-'));
    try {
      const services = servicesWithDatabase();
      execFileSync(
        'sh',
        [
          repoPath('deploy/docker/collect-runtime.sh'),
          out,
          ...services.map((service) => `services/${service}`),
        ],
        { cwd: ROOT },
      );
      for (const service of services) {
        const needed = [...localModules(`services/${service}/prisma.config.ts`)];
        // The config schema at least; markets' also imports its providers' names and addresses.
        expect(needed).toContain(`services/${service}/src/config/env.ts`);
        const missing = needed.filter((file) => !existsSync(path.join(out, file)));
        expect({ service, missing }).toEqual({ service, missing: [] });
        expect(existsSync(path.join(out, 'services', service, 'prisma', 'migrations'))).toBe(true);
      }
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});

describe('the gateway image (deploy/docker/gateway.Dockerfile)', () => {
  const stages = parseDockerfile('deploy/docker/gateway.Dockerfile');
  const last = finalStage(stages);
  const env = instructions(last, 'ENV')
    .map((instruction) => instruction.args)
    .join(' ');
  const gateway = PROCESSES.find((proc) => proc.name === 'gateway');
  const config = () => {
    const { WEB_DIST_DIR: _unused, ...env } = serviceEnv(compose.services.gateway, {});
    const result = parseConfig(gateway?.shape ?? {}, env);
    if (!result.ok) throw new Error(result.problems.join('; '));
    return result.config;
  };

  it('serves the web build it makes, from where WEB_DIST_DIR points, without the build manifest', () => {
    expect(/WEB_DIST_DIR=(\S+)/.exec(env)?.[1]).toBe('/app/web/dist');
    const runs = instructions(
      stages.find((stage) => stage.name === 'build')!,
      'RUN',
    )
      .map((run) => run.args)
      .join('\n');
    expect(runs).toContain('cp -R web/dist /out/web/dist');
    expect(runs).toContain('rm -rf /out/web/dist/.vite');
    expect(instructions(last, 'COPY').map((copy) => copy.args)).toContain('--from=build /out/ ./');
  });

  it('runs the gateway with the V8 flags of the local stack, checking its own health', () => {
    expect(execForm(instructions(last, 'CMD')[0].args)).toEqual([
      'node',
      ...stackFlags('GATEWAY_RUNTIME_FLAGS'),
      'dist/main.js',
    ]);
    expect(
      instructions(last, 'WORKDIR')
        .map((workdir) => workdir.args)
        .at(-1),
    ).toBe('/app/gateway');
    expect(execForm(instructions(last, 'HEALTHCHECK')[0].args)).toEqual([
      'node',
      '/app/healthcheck.js',
    ]);
    expect(/NODE_OPTIONS=(\S+)/.exec(env)?.[1]).toBe(
      /NODE_OPTIONS=(\S+)/.exec(
        instructions(finalStage(parseDockerfile('deploy/docker/service.Dockerfile')), 'ENV')
          .map((instruction) => instruction.args)
          .join(' '),
      )?.[1],
    );
    expect(/HEALTHCHECK_PORTS=(\S+)/.exec(env)?.[1]).toBe(String(config().PORT));
  });

  it('is the one published entry of compose, on the port the gateway listens on', () => {
    expect(compose.services.gateway.build?.dockerfile).toBe('deploy/docker/gateway.Dockerfile');
    expect(compose.services.gateway.ports).toEqual([`\${WEB_PORT:-8080}:${config().PORT}`]);
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
      'deploy/docker/healthcheck.js',
    ]) {
      expect({ path, ignored: patterns.some((pattern) => pattern.test(path)) }).toEqual({
        path,
        ignored: false,
      });
    }
  });
});

describe('the web build stage (deploy/docker/gateway.Dockerfile)', () => {
  const text = readRepoFile('deploy/docker/gateway.Dockerfile');
  const inputs = webBuildInputs();
  /** The Dockerfile with every line matching `pattern` removed (continuations kept intact). */
  const without = (pattern: RegExp) =>
    parseDockerfileText(
      text
        .split('\n')
        .filter((line) => !pattern.test(line))
        .join('\n'),
      'gateway.Dockerfile (edited)',
    );

  it('knows what the build reads outside web/: proto, kit and content compiled, the Markdown copied', () => {
    expect(inputs.built).toEqual(['proto', 'services/kit', 'services/content']);
    expect(inputs.copied).toEqual(
      expect.arrayContaining(['proto', 'services/content/content', 'tsconfig.base.json', 'web']),
    );
  });

  it('copies, generates and compiles every one of those inputs before `npm run build -w web`', () => {
    expect(webBuildProblems(parseDockerfile('deploy/docker/gateway.Dockerfile'), inputs)).toEqual(
      [],
    );
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
