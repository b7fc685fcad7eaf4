import { PAGE_SIZES } from '@probedge/proto';
import { CLAIMS, SKELETON_COUNT } from '../../../lib/constants';
import { TitledSection } from '../../../components/ui/titled-section';
import { PageShell } from '../../../components/ui/page-shell';
import { PAGE_HEADS } from '../../../content/page-heads';
import { ButtonLink } from '../../../components/ui/button-link.styles';
import { ExternalButton } from '../../../components/ui/external-button';
import { NotAdviceNote } from '../../../components/ui/not-advice-note';
import { StepItems } from '../../../components/ui/step-items';
import { TermPairs } from '../../../components/ui/term-pairs';
import { CardGrid, PageTitle } from '../../../components/ui/page.styles';
import {
  FREE_SCANNER_DISCLAIMER,
  FREE_SCANNER_HERO,
  FREE_SCANNER_LOCKED,
  FREE_SCANNER_SIGNALS,
  FREE_SCANNER_STEPS,
  FREE_SCANNER_UPGRADE,
} from '../../../content/free-scanner';
import { appConfig } from '../../../lib/config';
import { useNewsArticles } from '../api/get-news-articles';
import { DaytraderNews } from './daytrader-news';
import {
  Blurred,
  Footnote,
  Hero,
  HeroActions,
  InfoCard,
  Locked,
  PreviewNotice,
  StepList,
  UpgradePanel,
} from './news.styles';

function SampleSignals() {
  return (
    <TitledSection id="preview-signals" title="Sample signals">
      <CardGrid aria-label="Sample signals">
        {FREE_SCANNER_SIGNALS.map((signal) => (
          <li key={signal.symbol}>
            <InfoCard aria-label={`Sample signal ${signal.symbol}`}>
              <h3>{signal.symbol}</h3>
              <Blurred>
                <TermPairs
                  pairs={[
                    { label: 'Pattern', value: signal.pattern },
                    { label: 'Status', value: signal.status },
                    { label: 'Change', value: signal.change },
                    { label: 'Confidence', value: signal.confidence },
                  ]}
                />
              </Blurred>
              <Locked>
                <span aria-hidden="true">🔒 </span>Entry / exit prices: {FREE_SCANNER_LOCKED}
              </Locked>
            </InfoCard>
          </li>
        ))}
      </CardGrid>
    </TitledSection>
  );
}

export function FreeScannerPage() {
  const { articles, isLoading } = useNewsArticles('daytrader', PAGE_SIZES.freePreviewFetch);
  const shown = PAGE_SIZES.freePreviewShown;

  return (
    <PageShell head={PAGE_HEADS.freeScanner}>
      <Hero aria-labelledby="free-scanner-title">
        <PageTitle id="free-scanner-title">{PAGE_HEADS.freeScanner.title}</PageTitle>
        <p>{FREE_SCANNER_HERO.lead}</p>
        <HeroActions>
          <ExternalButton href={appConfig.proAppUrl}>Upgrade for Full Access</ExternalButton>
          <ExternalButton href={appConfig.scannerUrl} variant="onNavy">
            Try Free Scanner
          </ExternalButton>
        </HeroActions>
      </Hero>
      <PreviewNotice role="note">{FREE_SCANNER_HERO.notice}</PreviewNotice>

      <SampleSignals />

      <TitledSection id="preview-how" title="How the scanner works">
        <StepList>
          <StepItems steps={FREE_SCANNER_STEPS} />
        </StepList>
      </TitledSection>

      <TitledSection id="sample-news" title="Sample Market News">
        <DaytraderNews
          label="Sample news"
          articles={articles.slice(0, shown)}
          isLoading={isLoading}
          skeletons={SKELETON_COUNT.preview}
          emptyMessage="No news available right now."
        />
        <Footnote>
          Showing {shown} of {CLAIMS.dailyNewsUpdates} daily news updates
        </Footnote>
      </TitledSection>

      <UpgradePanel aria-labelledby="preview-upgrade">
        <h2 id="preview-upgrade">{FREE_SCANNER_UPGRADE.title}</h2>
        <p>{FREE_SCANNER_UPGRADE.text}</p>
        <HeroActions>
          <ExternalButton href={appConfig.proAppUrl}>Upgrade for Full Access</ExternalButton>
          <ButtonLink to="/subscribe" $variant="onNavy">
            See Pricing
          </ButtonLink>
        </HeroActions>
      </UpgradePanel>
      <NotAdviceNote>{FREE_SCANNER_DISCLAIMER}</NotAdviceNote>
    </PageShell>
  );
}
