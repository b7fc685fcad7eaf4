import { PageShell } from '../../../components/ui/page-shell';
import { PAGE_HEADS } from '../../../content/page-heads';
import { NotAdviceNote } from '../../../components/ui/not-advice-note';
import { PageIntro } from '../../../components/ui/page-intro';
import { DailyOpinionCard } from './daily-opinion-card';
import { Footnote } from './news.styles';
import { NewsListGrid } from './news-list-grid';

const SUBTITLE = 'Expert opinions and market commentary';

export function OpinionPage() {
  return (
    <PageShell head={PAGE_HEADS.opinion}>
      <PageIntro title={PAGE_HEADS.opinion.title} lead={SUBTITLE} />

      <DailyOpinionCard />

      <NewsListGrid feed="opinion" />

      <Footnote>
        Actionable trade setups are available on the platform. These opinions are not financial
        advice; always do your own research before trading.
      </Footnote>
      <NotAdviceNote />
    </PageShell>
  );
}
