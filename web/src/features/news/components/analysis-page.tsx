import { PageShell } from '../../../components/ui/page-shell';
import { PAGE_HEADS } from '../../../content/page-heads';
import { NotAdviceNote } from '../../../components/ui/not-advice-note';
import { PageIntro } from '../../../components/ui/page-intro';
import { DailyAnalysisPanel } from './daily-analysis-panel';
import { NewsListGrid } from './news-list-grid';

export function AnalysisPage() {
  return (
    <PageShell head={PAGE_HEADS.analysis} feeds={['dailyAnalysis']}>
      <PageIntro
        title="Market Analysis"
        lead="In-depth analysis of the stories and data moving the markets."
      />

      <DailyAnalysisPanel />

      {/* The spec shows nothing at all for an empty list, so no emptyMessage. */}
      <NewsListGrid feed="analysis" />
      <NotAdviceNote />
    </PageShell>
  );
}
