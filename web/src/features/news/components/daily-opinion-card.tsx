import { useState } from 'react';
import { Button } from '../../../components/ui/button-link.styles';
import { appConfig } from '../../../lib/config';
import { formatDate } from '../../../lib/format-date';
import { pageReload } from '../../../lib/page-reload';
import { generateOpinion } from '../api/generate-opinion';
import { useDailyOpinion } from '../api/get-daily-opinion';
import {
  InsightActions,
  InsightContent,
  InsightHeader,
  InsightMeta,
  InsightPanel,
  InsightTitle,
} from './daily-insight.styles';

// The spec elides the middle word ('Daily … Opinion'); it is the brand, as elsewhere in the spec.
export const DAILY_OPINION_TITLE = `Daily ${appConfig.brandName} Opinion`;

/** Hidden while loading and when there is no opinion (404 or any failure). */
export function DailyOpinionCard() {
  const { opinion } = useDailyOpinion();
  const [busy, setBusy] = useState(false);

  if (!opinion) return null;

  async function onNewOpinion() {
    setBusy(true);
    const outcome = await generateOpinion();
    if (outcome.kind === 'generated') {
      pageReload.reload();
      return;
    }
    // The spec shows nothing for a failed or unfinished generation; it is only logged.
    console.error('Generate opinion did not finish:', outcome.message);
    setBusy(false);
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
      <InsightContent>{opinion.content}</InsightContent>
      <InsightMeta>Source: {opinion.sourceArticleTitle}</InsightMeta>
      <InsightActions>
        <Button type="button" onClick={() => void onNewOpinion()} disabled={busy} aria-busy={busy}>
          New Opinion
        </Button>
      </InsightActions>
    </InsightPanel>
  );
}
