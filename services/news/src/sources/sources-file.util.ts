import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { sourceDefinitionSchema, type SourceDefinition } from './source-definition';

const sourcesFileSchema = z.array(sourceDefinitionSchema).superRefine((sources, context) => {
  const seen = new Set<string>();
  for (const [index, source] of sources.entries()) {
    if (seen.has(source.id)) {
      context.addIssue({
        code: 'custom',
        path: [index, 'id'],
        message: `duplicate id "${source.id}"`,
      });
    }
    seen.add(source.id);
  }
});

export class SourcesFileError extends Error {
  constructor(file: string, problems: string[]) {
    super(
      `Invalid sources file ${file}:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`,
    );
    this.name = 'SourcesFileError';
  }
}

/** The JSON list of sources, validated; every problem is named with its position. */
export function parseSourcesFile(text: string, file: string): SourceDefinition[] {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new SourcesFileError(file, [`not valid JSON: ${(error as Error).message}`]);
  }
  const result = sourcesFileSchema.safeParse(json);
  if (!result.success) {
    throw new SourcesFileError(
      file,
      result.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`),
    );
  }
  return result.data;
}

export async function loadSourcesFile(file: string): Promise<SourceDefinition[]> {
  return parseSourcesFile(await readFile(file, 'utf8'), file);
}
