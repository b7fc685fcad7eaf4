import { readRepoFile } from './files';

export interface Instruction {
  keyword: string;
  args: string;
  stage: number;
}

export interface Stage {
  image: string;
  name?: string;
  instructions: Instruction[];
}

/** Instructions of a Dockerfile by stage, with continuation lines joined and comments dropped. */
export function parseDockerfile(relative: string): Stage[] {
  return parseDockerfileText(readRepoFile(relative), relative);
}

/** parseDockerfile over a Dockerfile's text (`name` only labels errors). */
export function parseDockerfileText(text: string, relative: string): Stage[] {
  const lines = text.split('\n');
  const logical: string[] = [];
  let current = '';
  for (const raw of lines) {
    if (/^\s*#/.test(raw) && current === '') continue;
    if (/^\s*#/.test(raw)) continue;
    const line = raw.replace(/\s+$/, '');
    if (line.endsWith('\\')) {
      current += `${line.slice(0, -1)} `;
      continue;
    }
    current += line;
    if (current.trim()) logical.push(current.trim());
    current = '';
  }
  const stages: Stage[] = [];
  for (const line of logical) {
    const [keyword, ...rest] = line.split(/\s+/);
    const args = rest.join(' ');
    const upper = keyword.toUpperCase();
    if (upper === 'FROM') {
      const match = /^(?:--platform=\S+\s+)?(\S+)(?:\s+AS\s+(\S+))?$/i.exec(args);
      stages.push({ image: match?.[1] ?? args, name: match?.[2], instructions: [] });
      continue;
    }
    if (upper === 'ARG' && stages.length === 0) continue;
    if (stages.length === 0) throw new Error(`${relative}: ${upper} before the first FROM`);
    stages[stages.length - 1].instructions.push({ keyword: upper, args, stage: stages.length - 1 });
  }
  return stages;
}

/** The JSON (exec) form of CMD/ENTRYPOINT/HEALTHCHECK CMD as an array. */
export function execForm(args: string): string[] | undefined {
  const start = args.indexOf('[');
  if (start < 0) return undefined;
  try {
    const parsed: unknown = JSON.parse(args.slice(start));
    return Array.isArray(parsed) ? parsed.map(String) : undefined;
  } catch {
    return undefined;
  }
}

export function instructions(stage: Stage, keyword: string): Instruction[] {
  return stage.instructions.filter((instruction) => instruction.keyword === keyword);
}

/** Source paths of a COPY/ADD taken from the build context (not --from another stage). */
export function contextSources(instruction: Instruction): string[] {
  const parts = instruction.args.split(/\s+/);
  if (parts.some((part) => part.startsWith('--from='))) return [];
  const paths = parts.filter((part) => !part.startsWith('--'));
  return paths.slice(0, -1);
}
