// The probability tools' names and their directive in articles. Apart from pages.ts so that
// code naming one page of the site does not carry the list of tools with it.

/** The probability calculators, each on its own page under /tools. */
export const TOOL_SLUGS = [
  'position-size',
  'expected-value',
  'kelly',
  'risk-of-ruin',
  'target-before-stop',
  'expected-move',
  'drawdown',
  'diversification',
] as const;
export type ToolSlug = (typeof TOOL_SLUGS)[number];

/**
 * A live tool inside a guide or blog: a fenced block whose info string is `tool <slug>` and whose
 * lines give its starting figures, one `name: value` a line:
 *
 *     ```tool kelly
 *     winProbability: 55
 *     odds: 1
 *     ```
 *
 * The site renders it as the tool itself; feeds link to the tool's page; search skips it.
 */
export interface ToolDirective {
  slug: ToolSlug;
  /** Starting figures by input name, as written (the site checks them against the tool). */
  inputs: Record<string, string>;
  /** Lines that are not `name: value`, for the content checks to report. */
  unreadable: string[];
}

const INFO = /^tool\s+(\S+)\s*$/;
const LINE = /^\s*([A-Za-z][\w-]*)\s*:\s*(.*?)\s*$/;

function isToolSlug(slug: string): slug is ToolSlug {
  return (TOOL_SLUGS as readonly string[]).includes(slug);
}

/** The directive a fenced block holds (its info string and content), or undefined when it holds none. */
export function toolDirective(info: string, content: string): ToolDirective | undefined {
  const slug = INFO.exec(info.trim())?.[1];
  if (!slug || !isToolSlug(slug)) return undefined;
  const inputs: Record<string, string> = {};
  const unreadable: string[] = [];
  for (const line of content.split('\n')) {
    if (line.trim() === '') continue;
    const match = LINE.exec(line);
    if (match) inputs[match[1]!] = match[2]!;
    else unreadable.push(line.trim());
  }
  return { slug, inputs, unreadable };
}
