// The tools' two screens, /tools and /tools/:tool, in one chunk: the app's route table (in the
// landing JavaScript) then names one file for both. The tools themselves are shared with the
// articles that embed them (components/probability-tools).
import { Link, useParams } from 'react-router-dom';
import { TOOLS_PAGE, toolPage } from '@probedge/proto';
import { NotFoundPage } from '../../../components/layout/not-found-page';
import { PageShell } from '../../../components/ui/page-shell';
import { PAGE_HEADS } from '../../../content/page-heads';
import { NotAdviceNote } from '../../../components/ui/not-advice-note';
import { Panel } from '../../../components/ui/section.styles';
import { CardGrid, Notice } from '../../../components/ui/page.styles';
import { PageIntro } from '../../../components/ui/page-intro';
import {
  TOOLS,
  toolOf,
  type ToolDefinition,
} from '../../../components/probability-tools/tool-definitions';
import { ToolWorkbench, useToolState } from '../../../components/probability-tools/tool-workbench';
import { ToolCard } from './tool-pages.styles';

/**
 * One tool: labelled inputs whose figures update as the reader types, kept in the address so a
 * result can be shared. The prerendered page shows the worked example of the defaults; the
 * address's figures take over once the page runs (an address it cannot read falls back to the
 * defaults, and says so).
 */
function ToolScreen({ tool }: { tool: ToolDefinition }) {
  const state = useToolState(tool);
  const path = toolPage(tool.slug);
  return (
    <PageShell
      head={{
        title: tool.title,
        description: tool.summary,
        keywords: [tool.title.toLowerCase(), 'trading calculator', 'probability'],
        path,
        kind: 'page',
      }}
    >
      <PageIntro title={tool.title} lead={tool.summary}>
        <p>
          <Link to={TOOLS_PAGE}>All tools</Link>
        </p>
      </PageIntro>
      {state.rejected && (
        <Notice role="status">
          Some figures in the address could not be used; their defaults are shown instead.
        </Notice>
      )}
      <ToolWorkbench tool={tool} state={state} />
      <Panel aria-labelledby="tool-meaning">
        <h2 id="tool-meaning">What this means</h2>
        <p>{tool.meaning}</p>
      </Panel>
      <NotAdviceNote>
        Figures are education about probabilities, not a recommendation to trade.
      </NotAdviceNote>
    </PageShell>
  );
}

export function ToolPage() {
  const tool = toolOf(useParams().tool);
  if (!tool) return <NotFoundPage />;
  // Each tool starts from its own figures.
  return <ToolScreen key={tool.slug} tool={tool} />;
}

export function ToolsPage() {
  return (
    <PageShell head={PAGE_HEADS.tools}>
      <PageIntro title={PAGE_HEADS.tools.title} lead={PAGE_HEADS.tools.description} />
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
    </PageShell>
  );
}
