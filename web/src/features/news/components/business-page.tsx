import { TitledSection } from '../../../components/ui/titled-section';
import { PageShell } from '../../../components/ui/page-shell';
import { PAGE_HEADS } from '../../../content/page-heads';
import { NotAdviceNote } from '../../../components/ui/not-advice-note';
import { PageIntro } from '../../../components/ui/page-intro';
import {
  TRADING_EDGE_CASES,
  TRADING_EDGE_INTRO,
  TRADING_EDGE_SCREENSHOTS,
  TRADING_EDGE_WHY,
} from '../../../content/trading-edge';
import { CaseList, Panel, Prose, Section, SectionTitle } from './news.styles';
import { ScreenshotCard } from './screenshot-card';
import { NewsListGrid } from './news-list-grid';

export function BusinessPage() {
  return (
    <PageShell head={PAGE_HEADS.business}>
      <PageIntro title={PAGE_HEADS.business.title} lead={TRADING_EDGE_INTRO} />

      <TitledSection id="case-studies" title="Case studies">
        <CaseList>
          {TRADING_EDGE_CASES.map((item) => (
            <li key={item.title}>
              <Panel>
                <h3>{item.title}</h3>
                <Prose>{item.text}</Prose>
              </Panel>
            </li>
          ))}
        </CaseList>
      </TitledSection>

      <TitledSection id="screenshots" title="Inside the platform">
        <CaseList>
          {TRADING_EDGE_SCREENSHOTS.map((shot) => (
            <li key={shot.caption}>
              <ScreenshotCard {...shot} />
            </li>
          ))}
        </CaseList>
      </TitledSection>

      <Section aria-labelledby="why-it-matters">
        <Panel>
          <SectionTitle id="why-it-matters">Why it matters</SectionTitle>
          <Prose>{TRADING_EDGE_WHY}</Prose>
        </Panel>
      </Section>

      <TitledSection id="business-news" title="Business news">
        <NewsListGrid feed="business" headingLevel={3} />
      </TitledSection>
      <NotAdviceNote />
    </PageShell>
  );
}
