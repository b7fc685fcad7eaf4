import { ScriptButton } from '../../../components/ui/script-button';
import { SkeletonBlock } from '../../../components/ui/skeleton.styles';
import { pageReload } from '../../../lib/page-reload';
import { relativeTime } from '../../../lib/relative-time';
import { useGenerateAnalysis } from '../api/generate-analysis';
import { useDailyAnalysis } from '../../../lib/daily-analysis';
import {
  InsightActions,
  InsightHeader,
  InsightLoading,
  InsightMessage,
  InsightMeta,
  InsightPanel,
  InsightTitle,
} from './daily-insight.styles';
import { InsightText } from './insight-text';

const TITLE = 'Daily Market Analysis';

function GenerateAnalysisButton() {
  const { trigger, data: outcome, isMutating } = useGenerateAnalysis();
  // A generated analysis reloads the page: the button stays busy until it goes.
  const busy = isMutating || outcome?.kind === 'generated';
  const message = !busy && outcome ? outcome.message : null;

  async function onGenerate() {
    const result = await trigger();
    if (result.kind === 'generated') {
      pageReload.reload();
      return;
    }
    if (result.kind === 'failed') console.error('Generate analysis failed', result.error);
  }

  return (
    <InsightActions>
      <ScriptButton
        type="button"
        onClick={() => void onGenerate()}
        disabled={busy}
        aria-busy={busy}
      >
        {busy ? 'Generating...' : 'Generate AI Analysis'}
      </ScriptButton>
      <InsightMessage role="status">{message}</InsightMessage>
    </InsightActions>
  );
}

/** Spec states: loading, present, absent (after a 404); refetched every minute. */
export function DailyAnalysisPanel() {
  const { analysis, error, isLoading } = useDailyAnalysis();

  return (
    <InsightPanel aria-labelledby="daily-analysis-title" aria-busy={isLoading}>
      <InsightHeader>
        <InsightTitle id="daily-analysis-title">{TITLE}</InsightTitle>
        {analysis && (
          <InsightMeta>
            Created{' '}
            <time dateTime={analysis.createdAt} title={new Date(analysis.createdAt).toUTCString()}>
              {relativeTime(analysis.createdAt)}
            </time>
          </InsightMeta>
        )}
      </InsightHeader>
      {analysis ? (
        <InsightText content={analysis.content} />
      ) : analysis === null ? (
        <>
          <InsightMessage>No AI analysis available right now</InsightMessage>
          <GenerateAnalysisButton />
        </>
      ) : error ? (
        <InsightMessage>
          The daily analysis could not be loaded right now. This panel checks again every minute.
        </InsightMessage>
      ) : (
        <InsightLoading role="status" aria-label="Loading daily analysis">
          <SkeletonBlock $width="90%" />
          <SkeletonBlock $width="75%" />
          <SkeletonBlock $width="60%" />
        </InsightLoading>
      )}
    </InsightPanel>
  );
}
