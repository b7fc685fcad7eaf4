import { useState } from 'react';
import { ScriptButton } from '../../../components/ui/script-button';
import { appConfig } from '../../../lib/config';
import { formatDate } from '../../../lib/format-date';
import { useGenerateOpinion } from '../api/generate-opinion';
import { useDailyOpinion } from '../api/get-daily-opinion';
import {
  InsightActions,
  InsightHeader,
  InsightMeta,
  InsightPanel,
  InsightTitle,
} from './daily-insight.styles';
import { InsightText } from './insight-text';

// The spec elides the middle word ('Daily … Opinion'); it is the brand, as elsewhere in the spec.
export const DAILY_OPINION_TITLE = `Daily ${appConfig.brandName} Opinion`;

const UPDATED_TIME = new Intl.DateTimeFormat('en-US', {
  hour: 'numeric',
  minute: '2-digit',
  second: '2-digit',
});

/**
 * Hidden while loading and when there is no opinion (404 or any failure). 'New Opinion' asks the
 * server for the day's opinion (written now if the day has none yet; only an admin can rewrite
 * one) and shows its answer in place, with the time it arrived.
 */
export function DailyOpinionCard() {
  const { opinion, show } = useDailyOpinion();
  const { trigger, isMutating: busy } = useGenerateOpinion();
  // When the opinion shown arrived from 'New Opinion'.
  const [updatedAt, setUpdatedAt] = useState<Date | null>(null);

  if (!opinion) return null;

  async function onNewOpinion() {
    const outcome = await trigger();
    if (outcome.kind === 'generated') {
      await show(outcome.item);
      setUpdatedAt(new Date());
    } else {
      // The spec shows nothing for a failed or unfinished generation; it is only logged.
      console.error('Generate opinion did not finish:', outcome.message);
    }
  }

  return (
    <InsightPanel aria-labelledby="daily-opinion-title" $highlight>
      <InsightHeader>
        <InsightTitle id="daily-opinion-title">{DAILY_OPINION_TITLE}</InsightTitle>
        <InsightMeta>
          <time dateTime={opinion.analysisDate}>
            {formatDate(opinion.analysisDate) ?? opinion.analysisDate}
          </time>
        </InsightMeta>
      </InsightHeader>
      <InsightText content={opinion.content} />
      <InsightMeta>Source: {opinion.sourceArticleTitle}</InsightMeta>
      <InsightActions>
        <ScriptButton
          type="button"
          onClick={() => void onNewOpinion()}
          disabled={busy}
          aria-busy={busy}
        >
          New Opinion
        </ScriptButton>
        <InsightMeta role="status">
          {updatedAt && (
            <>
              Updated{' '}
              <time dateTime={updatedAt.toISOString()}>{UPDATED_TIME.format(updatedAt)}</time>
            </>
          )}
        </InsightMeta>
      </InsightActions>
    </InsightPanel>
  );
}
