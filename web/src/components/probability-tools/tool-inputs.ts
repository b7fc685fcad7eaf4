import type { ToolDefinition, ToolInput } from './tool-definitions';

/** What the reader typed, by input name: kept as text, so "1." can become "1.5". */
export type RawInputs = Record<string, string>;

const plain = new Intl.NumberFormat('en-US', { useGrouping: false, maximumFractionDigits: 10 });

export function defaultInputs(tool: ToolDefinition): RawInputs {
  return Object.fromEntries(tool.inputs.map((input) => [input.name, plain.format(input.default)]));
}

/** The figure an input's text stands for, in the input's own unit, or what is wrong with it. */
export function readInput(input: ToolInput, text: string): { value: number } | { problem: string } {
  const trimmed = text.trim().replace(/,/g, '');
  if (trimmed === '') return { problem: `Enter ${input.label.toLowerCase()}` };
  const value = Number(trimmed);
  if (!Number.isFinite(value)) return { problem: `${input.label} must be a number` };
  if (input.integer && !Number.isInteger(value)) {
    return { problem: `${input.label} must be a whole number` };
  }
  const unit = input.unit === '%' ? ' %' : '';
  const low = input.minIncluded ? value < input.min : value <= input.min;
  if (low) {
    return {
      problem: `${input.label} must be ${input.minIncluded ? 'at least' : 'more than'} ${plain.format(input.min)}${unit}`,
    };
  }
  if (value > input.max) {
    return { problem: `${input.label} must be at most ${plain.format(input.max)}${unit}` };
  }
  return { value };
}

export interface ReadInputs {
  /** Each usable input in the model's unit (a percentage as a share). */
  values: Record<string, number>;
  /** What is wrong with each input that is not usable. */
  problems: Record<string, string>;
}

export function readInputs(tool: ToolDefinition, raw: RawInputs): ReadInputs {
  const values: Record<string, number> = {};
  const problems: Record<string, string> = {};
  for (const input of tool.inputs) {
    const read = readInput(input, raw[input.name] ?? '');
    if ('problem' in read) problems[input.name] = read.problem;
    else values[input.name] = read.value * (input.scale ?? 1);
  }
  return { values, problems };
}

/**
 * The inputs an address carries (the page's query), each one it cannot use replaced by its
 * starting figure (`start`, else the default); `rejected` says whether that happened, so the page
 * can say so. A tool inside an article reads its own keys, `prefix` before each name.
 */
export function inputsFromAddress(
  tool: ToolDefinition,
  params: URLSearchParams,
  { start = defaultInputs(tool), prefix = '' }: { start?: RawInputs; prefix?: string } = {},
): { raw: RawInputs; rejected: boolean } {
  const raw = { ...start };
  let rejected = false;
  for (const input of tool.inputs) {
    const given = params.get(`${prefix}${input.name}`);
    if (given === null) continue;
    if ('value' in readInput(input, given)) raw[input.name] = given.trim();
    else rejected = true;
  }
  return { raw, rejected };
}

/**
 * The starting figures an article gives its embedded tool (`name: value` lines), over the
 * defaults; a line that names no input of the tool or holds an unusable figure is a problem.
 */
export function startingInputs(
  tool: ToolDefinition,
  lines: Record<string, string>,
): { raw: RawInputs; problems: string[] } {
  const raw = defaultInputs(tool);
  const problems: string[] = [];
  for (const [name, text] of Object.entries(lines)) {
    const input = tool.inputs.find((candidate) => candidate.name === name);
    if (!input) {
      problems.push(`${tool.slug} has no input named ${name}`);
      continue;
    }
    const read = readInput(input, text);
    if ('problem' in read) problems.push(`${tool.slug}: ${read.problem}`);
    else raw[name] = text.trim();
  }
  return { raw, problems };
}
