// A live tool inside a guide or blog, where the article's ```tool directive stands.
import { useId, useMemo } from 'react';
import { Link } from 'react-router-dom';
import { toolPage, type ToolDirective } from '@probedge/proto';
import { Notice } from '../ui/page.styles';
import { toolOf, type ToolDefinition } from './tool-definitions';
import { startingInputs, type RawInputs } from './tool-inputs';
import { EmbedFrame } from './tool-page.styles';
import { ToolWorkbench, useToolState } from './tool-workbench';

function Embedded({ tool, start }: { tool: ToolDefinition; start: RawInputs }) {
  const id = useId();
  // The article's address carries this tool's figures under its own keys (`kelly.odds`).
  const state = useToolState(tool, { start, prefix: `${tool.slug}.` });
  return (
    <EmbedFrame aria-labelledby={id}>
      <h3 id={id}>Try it: {tool.title}</h3>
      <p>{tool.summary}</p>
      {state.rejected && (
        <Notice role="status">
          Some figures in the address could not be used; the article’s own are shown instead.
        </Notice>
      )}
      <ToolWorkbench tool={tool} state={state} headingLevel={4} />
      <p>
        <Link to={`${toolPage(tool.slug)}?${new URLSearchParams(state.raw).toString()}`}>
          Open this calculator on its own page
        </Link>
      </p>
    </EmbedFrame>
  );
}

/** The tool a directive names, starting from the article's figures (the defaults for any it gets wrong). */
export function EmbeddedTool({ directive }: { directive: ToolDirective }) {
  const tool = toolOf(directive.slug);
  const start = useMemo(
    () => (tool ? startingInputs(tool, directive.inputs).raw : undefined),
    [tool, directive.inputs],
  );
  if (!tool || !start) return null;
  return <Embedded tool={tool} start={start} />;
}
