// A tool's inputs and results, as its own page and a guide's embedded copy show them.
import { useId, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Panel } from '../ui/section.styles';
import { useHydrated } from '../../lib/use-hydrated';
import type { ToolDefinition, ToolInput, ToolResult } from './tool-definitions';
import { defaultInputs, inputsFromAddress, readInputs, type RawInputs } from './tool-inputs';
import { DrawdownSimulation } from './drawdown-simulation';
import { LineChart } from './line-chart';
import { Field, FieldProblem, Fields, Figures, ToolLayout, ToolNote } from './tool-page.styles';

function InputField({
  input,
  value,
  problem,
  disabled,
  onChange,
}: {
  input: ToolInput;
  value: string;
  problem: string | undefined;
  disabled: boolean;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <Field>
      <label htmlFor={id}>
        {input.label}
        {input.unit && ` (${input.unit})`}
      </label>
      <input
        id={id}
        name={input.name}
        type="text"
        inputMode={input.integer ? 'numeric' : 'decimal'}
        autoComplete="off"
        value={value}
        disabled={disabled}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-problem` : undefined}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
      {problem && (
        <FieldProblem id={`${id}-problem`} role="alert">
          {problem}
        </FieldProblem>
      )}
    </Field>
  );
}

export interface ToolState {
  raw: RawInputs;
  problems: Record<string, string>;
  result: ToolResult | undefined;
  /** Whether figures in the address had to be replaced (shown until the reader types). */
  rejected: boolean;
  hydrated: boolean;
  change(name: string, value: string): void;
}

/**
 * A tool's figures: the prerendered page shows those of `start` (the defaults, or an article's
 * own); once the page runs the address's figures take over, and what the reader types goes into
 * the address, each key with `prefix` before it (an article may hold more than one tool).
 */
export function useToolState(
  tool: ToolDefinition,
  { start, prefix = '' }: { start?: RawInputs; prefix?: string } = {},
): ToolState {
  const hydrated = useHydrated();
  const [params, setParams] = useSearchParams();
  const initial = useMemo(() => start ?? defaultInputs(tool), [start, tool]);
  const fromAddress = useMemo(
    () => inputsFromAddress(tool, params, { start: initial, prefix }),
    [tool, params, initial, prefix],
  );
  // Null while the reader has typed nothing: the page then shows what the address says.
  const [typed, setTyped] = useState<RawInputs | null>(null);
  const raw = typed ?? (hydrated ? fromAddress.raw : initial);
  const { values, problems } = readInputs(tool, raw);
  const outcome = Object.keys(problems).length === 0 ? tool.compute(values) : undefined;
  return {
    raw,
    problems: outcome && !outcome.ok ? { ...problems, ...outcome.problems } : problems,
    result: outcome?.ok ? outcome.value : undefined,
    rejected: hydrated && typed === null && fromAddress.rejected,
    hydrated,
    change: (name, value) => {
      const next = { ...raw, [name]: value };
      setTyped(next);
      setParams(
        (current) => {
          const merged = new URLSearchParams(current);
          for (const [key, text] of Object.entries(next)) merged.set(`${prefix}${key}`, text);
          return merged;
        },
        { replace: true, preventScrollReset: true },
      );
    },
  };
}

/** The two panels: the reader's numbers, and the result with its notes and chart. */
export function ToolWorkbench({
  tool,
  state,
  headingLevel = 2,
}: {
  tool: ToolDefinition;
  state: ToolState;
  headingLevel?: 2 | 3 | 4;
}) {
  const id = useId();
  const Heading = `h${headingLevel}` as const;
  const { raw, problems, result, hydrated, change } = state;
  return (
    <ToolLayout>
      <Panel aria-labelledby={`${id}-inputs`}>
        <Heading id={`${id}-inputs`}>Your numbers</Heading>
        <Fields onSubmit={(event) => event.preventDefault()} noValidate>
          {tool.inputs.map((input) => (
            <InputField
              key={input.name}
              input={input}
              value={raw[input.name] ?? ''}
              problem={problems[input.name]}
              disabled={!hydrated}
              onChange={(value) => change(input.name, value)}
            />
          ))}
        </Fields>
      </Panel>
      <Panel aria-labelledby={`${id}-results`} aria-live="polite">
        <Heading id={`${id}-results`}>Result</Heading>
        {result ? (
          <>
            <Figures>
              {result.rows.map((row) => (
                <div key={row.label}>
                  <dt>{row.label}</dt>
                  <dd>{row.value}</dd>
                </div>
              ))}
            </Figures>
            {result.notes.map((note) => (
              <ToolNote key={note}>{note}</ToolNote>
            ))}
            {result.chart && <LineChart chart={result.chart} />}
            {result.simulation && <DrawdownSimulation request={result.simulation} />}
          </>
        ) : (
          <p>Correct the figures marked beside them to see the result.</p>
        )}
      </Panel>
    </ToolLayout>
  );
}
