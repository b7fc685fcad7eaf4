import path from 'node:path';
import { readRepoFile, repoFileExists } from './files';
import { contextSources, instructions, type Instruction, type Stage } from './dockerfile';

/** Workspace folders in the order npm runs them (the root package.json), with their package manifests. */
interface Workspace {
  dir: string;
  name: string;
  main?: string;
  workspaceDeps: string[];
}

function workspaces(): Workspace[] {
  const root = JSON.parse(readRepoFile('package.json')) as { workspaces: string[] };
  const manifests = root.workspaces.map((dir) => ({
    dir,
    manifest: JSON.parse(readRepoFile(`${dir}/package.json`)) as {
      name: string;
      main?: string;
      dependencies?: Record<string, string>;
    },
  }));
  const byName = new Map(manifests.map(({ dir, manifest }) => [manifest.name, dir]));
  return manifests.map(({ dir, manifest }) => ({
    dir,
    name: manifest.name,
    main: manifest.main,
    workspaceDeps: Object.keys(manifest.dependencies ?? {})
      .map((dep) => byName.get(dep))
      .filter((dep): dep is string => dep !== undefined),
  }));
}

/** What the web build (web/package.json `build`) reads from outside web/, found in its scripts and Vite config. */
export interface WebBuildInputs {
  /** Repository paths that must be in the image before the build. */
  copied: string[];
  /** Workspaces whose compiled output the build loads, with the workspaces they load in turn. */
  built: string[];
}

export function webBuildInputs(): WebBuildInputs {
  const all = workspaces();
  const byName = new Map(all.map((ws) => [ws.name, ws]));
  const byDir = new Map(all.map((ws) => [ws.dir, ws]));
  const copied = new Set<string>(['web']);
  const built = new Set<string>();

  const needsBuild = (dir: string) => {
    if (built.has(dir)) return;
    const ws = byDir.get(dir);
    if (!ws) throw new Error(`${dir} is not a workspace`);
    built.add(dir);
    copied.add(dir);
    const tsconfig = `${dir}/tsconfig.build.json`;
    if (repoFileExists(tsconfig)) {
      const extended = /"extends":\s*"([^"]+)"/.exec(readRepoFile(tsconfig))?.[1];
      if (extended) copied.add(path.posix.normalize(path.posix.join(dir, extended)));
    }
    ws.workspaceDeps.forEach(needsBuild);
  };

  // Plain-Node build scripts: `require('@probedge/x')` loads the package's compiled `main`, and
  // `path.join(web, '..', 'a', 'b')` reads a repository path (a `dist` in it means a compiled workspace).
  const script = readRepoFile('web/package.json');
  const scripts = [...script.matchAll(/node (scripts\/[\w.-]+\.m?js)/g)].map((m) => `web/${m[1]}`);
  expectSome(scripts, 'node scripts in the web build');
  for (const file of scripts) {
    const source = readRepoFile(file);
    for (const match of source.matchAll(/(?:require|import)\(\s*'(@probedge\/[\w-]+)'\s*\)/g)) {
      const ws = byName.get(match[1]);
      if (!ws) throw new Error(`${file}: ${match[1]} is not a workspace`);
      if (ws.main?.startsWith('dist/')) needsBuild(ws.dir);
      else copied.add(ws.dir);
    }
    for (const match of source.matchAll(
      /path\.join\(\s*web\s*,\s*'\.\.'\s*,((?:\s*'[^']+'\s*,?)+)\)/g,
    )) {
      const segments = [...match[1].matchAll(/'([^']+)'/g)].map((m) => m[1]);
      const dist = segments.indexOf('dist');
      if (dist > 0) needsBuild(segments.slice(0, dist).join('/'));
      else copied.add(segments.join('/'));
    }
  }
  // The Vite config reads sibling sources directly (`../proto/src/...`).
  const vite = readRepoFile('web/vite.config.ts');
  for (const match of vite.matchAll(/'\.\.\/([\w-]+)\/src\//g)) copied.add(match[1]);

  const order = all.map((ws) => ws.dir);
  return {
    copied: [...copied].sort(),
    built: [...built].sort((a, b) => order.indexOf(a) - order.indexOf(b)),
  };
}

function expectSome<T>(items: T[], what: string) {
  if (items.length === 0) throw new Error(`found no ${what}`);
}

/** Workspaces named by `-w x` / `--workspace x` in one `npm run build` command. */
function buildTargets(command: string): string[] {
  if (!/\bnpm run build\b/.test(command)) return [];
  return [...command.matchAll(/(?:-w|--workspace)[ =]"?([\w/.-]+)"?/g)].map((m) => m[1]);
}

/**
 * Replays the stage that runs `npm run build -w web` (after the stages it starts FROM) and lists every input
 * of the web build that is not copied, compiled or generated before that step, in the order it would be needed.
 */
export function webBuildProblems(stages: Stage[], inputs = webBuildInputs()): string[] {
  const problems: string[] = [];
  const buildStage = stages.find((stage) =>
    instructions(stage, 'RUN').some((run) => buildTargets(run.args).includes('web')),
  );
  if (!buildStage) return ['no stage runs `npm run build -w web`'];
  const chain: Stage[] = [];
  for (let stage: Stage | undefined = buildStage; stage;) {
    chain.unshift(stage);
    const parent: string = stage.image;
    stage = stages.find((candidate) => candidate.name === parent);
  }
  const steps: Instruction[] = chain.flatMap((stage) => stage.instructions);

  const all = workspaces();
  const order = all.map((ws) => ws.dir);
  const deps = new Map(all.map((ws) => [ws.dir, ws.workspaceDeps]));
  const copied: string[] = [];
  const built = new Set<string>();
  const generated = new Set<string>();
  let workdir = '/';
  const isCopied = (target: string) =>
    copied.some((source) => target === source || target.startsWith(`${source}/`));

  for (const step of steps) {
    if (step.keyword === 'WORKDIR') workdir = path.posix.resolve(workdir, step.args);
    if (step.keyword === 'COPY') {
      const sources = contextSources(step);
      const dest = step.args.split(/\s+/).pop() ?? '';
      for (const source of sources) {
        const target = dest.endsWith('/')
          ? path.posix.join(path.posix.resolve(workdir, dest), path.posix.basename(source))
          : path.posix.resolve(workdir, dest);
        // Only copies that keep the repository layout under the working directory count.
        if (target === path.posix.join(workdir, source.replace(/\/$/, '')))
          copied.push(source.replace(/\/$/, ''));
      }
    }
    if (step.keyword !== 'RUN') continue;
    // Events of one RUN in their textual order: `(cd dir && … prisma generate)` and `npm run build -w …`.
    const events: { at: number; generate?: string; build?: string[] }[] = [];
    for (const match of step.args.matchAll(
      /\(\s*cd\s+"?([\w/.-]+)"?\s*&&[^)]*\bprisma\b[^)]*\bgenerate\b[^)]*\)/g,
    ))
      events.push({ at: match.index, generate: match[1] });
    for (const match of step.args.matchAll(/\bnpm run build\b[^&;]*/g))
      events.push({ at: match.index, build: buildTargets(match[0]) });
    events.sort((a, b) => a.at - b.at);
    for (const event of events) {
      if (event.generate) {
        if (!isCopied(`${event.generate}/prisma`))
          problems.push(`prisma generate in ${event.generate} before it is copied`);
        generated.add(event.generate);
      }
      const targets = (event.build ?? []).sort((a, b) => order.indexOf(a) - order.indexOf(b));
      for (const target of targets) {
        if (target === 'web') {
          for (const input of inputs.copied)
            if (!isCopied(input)) problems.push(`${input} is not copied before the web build`);
          for (const input of inputs.built)
            if (!built.has(input)) problems.push(`${input} is not compiled before the web build`);
          continue;
        }
        if (!isCopied(target)) problems.push(`${target} is compiled before it is copied`);
        for (const dep of deps.get(target) ?? [])
          if (!built.has(dep)) problems.push(`${target} is compiled before ${dep}`);
        if (repoFileExists(`${target}/prisma.config.ts`) && !generated.has(target))
          problems.push(`${target} is compiled before prisma generate`);
        built.add(target);
      }
    }
    if (buildTargets(step.args).includes('web')) break;
  }
  return problems;
}
