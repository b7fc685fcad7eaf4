// The tools' two screens, /tools and /tools/:tool, in one chunk: the app's route table (in the
// landing JavaScript) then names one file for both.
import { useId, useMemo, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { TOOLS_PAGE, toolPage } from '@probedge/proto';
import { NotFoundPage } from '../../../components/layout/not-found-page';
import { PageMeta } from '../../../components/seo/page-meta';
import { collectionPage, webPage } from '../../../components/seo/structured-data';
import { NotAdviceNote } from '../../../components/ui/not-advice-note';
import { Panel } from '../../../components/ui/section.styles';
import {
  CardGrid,
  Notice,
  PageContainer,
  PageHeader,
  PageLead,
  PageTitle,
} from '../../../components/ui/page.styles';
import { useHydrated } from '../../../lib/use-hydrated';
import { TOOLS, toolOf, type ToolDefinition, type ToolInput } from '../tool-definitions';
import { defaultInputs, inputsFromAddress, readInputs, type RawInputs } from '../tool-inputs';
import { GrowthChart } from './growth-chart';
import {
  Field,
  FieldProblem,
  Fields,
  Figures,
  ToolCard,
  ToolLayout,
  ToolNote,
} from './tool-page.styles';

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

/**
 * One tool: labelled inputs whose figures update as the reader types, kept in the address so a
 * result can be shared. The prerendered page shows the worked example of the defaults; the
 * address's figures take over once the page runs (an address it cannot read falls back to the
 * defaults, and says so).
 */
function ToolScreen({ tool }: { tool: ToolDefinition }) {
  const hydrated = useHydrated();
  const [params, setParams] = useSearchParams();
  const fromAddress = useMemo(() => inputsFromAddress(tool, params), [tool, params]);
  // Null while the reader has typed nothing: the page then shows what the address says.
  const [typed, setTyped] = useState<RawInputs | null>(null);
  const raw = typed ?? (hydrated ? fromAddress.raw : defaultInputs(tool));
  const { values, problems } = readInputs(tool, raw);
  const outcome = Object.keys(problems).length === 0 ? tool.compute(values) : undefined;
  const shownProblems = outcome && !outcome.ok ? { ...problems, ...outcome.problems } : problems;
  const result = outcome?.ok ? outcome.value : undefined;

  const change = (name: string, value: string) => {
    const next = { ...raw, [name]: value };
    setTyped(next);
    setParams(next, { replace: true, preventScrollReset: true });
  };

  const path = toolPage(tool.slug);
  return (
    <PageContainer>
      <PageMeta
        title={tool.title}
        description={tool.summary}
        keywords={[tool.title.toLowerCase(), 'trading calculator', 'probability']}
        path={path}
        structuredData={[webPage({ name: tool.title, description: tool.summary, path })]}
      />
      <PageHeader>
        <PageTitle>{tool.title}</PageTitle>
        <PageLead>{tool.summary}</PageLead>
        <p>
          <Link to={TOOLS_PAGE}>All tools</Link>
        </p>
      </PageHeader>
      {hydrated && typed === null && fromAddress.rejected && (
        <Notice role="status">
          Some figures in the address could not be used; their defaults are shown instead.
        </Notice>
      )}
      <ToolLayout>
        <Panel aria-labelledby="tool-inputs">
          <h2 id="tool-inputs">Your numbers</h2>
          <Fields onSubmit={(event) => event.preventDefault()} noValidate>
            {tool.inputs.map((input) => (
              <InputField
                key={input.name}
                input={input}
                value={raw[input.name] ?? ''}
                problem={shownProblems[input.name]}
                disabled={!hydrated}
                onChange={(value) => change(input.name, value)}
              />
            ))}
          </Fields>
        </Panel>
        <Panel aria-labelledby="tool-results" aria-live="polite">
          <h2 id="tool-results">Result</h2>
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
              {result.curve && <GrowthChart {...result.curve} />}
            </>
          ) : (
            <p>Correct the figures marked on the left to see the result.</p>
          )}
        </Panel>
      </ToolLayout>
      <Panel aria-labelledby="tool-meaning">
        <h2 id="tool-meaning">What this means</h2>
        <p>{tool.meaning}</p>
      </Panel>
      <NotAdviceNote>
        Figures are education about probabilities, not a recommendation to trade.
      </NotAdviceNote>
    </PageContainer>
  );
}

export function ToolPage() {
  const tool = toolOf(useParams().tool);
  if (!tool) return <NotFoundPage />;
  // Each tool starts from its own figures.
  return <ToolScreen key={tool.slug} tool={tool} />;
}

const TOOLS_TITLE = 'Probability tools';
const TOOLS_DESCRIPTION =
  'Calculators for the probabilities our guides teach: position size, expected value, Kelly, risk of ruin, target before stop and diversification, on your own numbers.';

export function ToolsPage() {
  return (
    <PageContainer>
      <PageMeta
        title={TOOLS_TITLE}
        description={TOOLS_DESCRIPTION}
        keywords={['trading calculators', 'position size', 'kelly criterion', 'risk of ruin']}
        path={TOOLS_PAGE}
        structuredData={[
          collectionPage({ name: TOOLS_TITLE, description: TOOLS_DESCRIPTION, path: TOOLS_PAGE }),
        ]}
      />
      <PageHeader>
        <PageTitle>{TOOLS_TITLE}</PageTitle>
        <PageLead>{TOOLS_DESCRIPTION}</PageLead>
      </PageHeader>
      <CardGrid>
        {TOOLS.map((tool) => (
          <ToolCard key={tool.slug}>
            <h2>
              <Link to={toolPage(tool.slug)}>{tool.title}</Link>
            </h2>
            <p>{tool.summary}</p>
          </ToolCard>
        ))}
      </CardGrid>
    </PageContainer>
  );
}
