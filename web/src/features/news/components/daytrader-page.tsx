import { PAGE_SIZES, PRICE, SKELETON_COUNT } from '@probedge/proto';
import { PageMeta } from '../../../components/seo/page-meta';
import { webPage } from '../../../components/seo/structured-data';
import { ButtonLink } from '../../../components/ui/button-link.styles';
import { NotAdviceNote } from '../../../components/ui/not-advice-note';
import { PageContainer, PageTitle } from '../../../components/ui/page.styles';
import { useDaytraderArticles } from '../api/get-daytrader-articles';
import { useSessionId } from '../hooks/use-session-id';
import { DaytraderNews } from './daytrader-news';
import { ActiveBanner, DisabledLook, Hero, Price, Section, SectionTitle } from './news.styles';

const TITLE = 'Day Trading Signals';
const DESCRIPTION = `Probability-based day trading signals and active trading news for ${PRICE.display}/${PRICE.period}.`;

function SubscriptionActiveBanner() {
  return (
    <ActiveBanner aria-labelledby="subscription-active">
      <div>
        <h2 id="subscription-active">Subscription Active!</h2>
        <p>Thank you for subscribing. Your day trading access is being set up.</p>
      </div>
      <DisabledLook type="button" disabled>
        Launch Day Trading App
      </DisabledLook>
    </ActiveBanner>
  );
}

export function DaytraderPage() {
  const { articles, isLoading } = useDaytraderArticles(PAGE_SIZES.daytraderLanding);
  const sessionId = useSessionId();

  return (
    <PageContainer>
      <PageMeta
        title={TITLE}
        description={DESCRIPTION}
        keywords={['day trading', 'day trading signals', 'active trading news', 'stock scanner']}
        path="/daytrader"
        structuredData={[webPage({ name: TITLE, description: DESCRIPTION, path: '/daytrader' })]}
      />
      {sessionId && <SubscriptionActiveBanner />}
      <Hero aria-labelledby="daytrader-title">
        <PageTitle id="daytrader-title">Day Trading, Backed by Probabilities</PageTitle>
        <p>Pattern detection and risk-aware sizing for intraday setups.</p>
        <Price>
          {PRICE.display}/{PRICE.period}
        </Price>
        <ButtonLink to="/demo" $variant="onNavy">
          Try Sample Scan
        </ButtonLink>
      </Hero>

      <Section aria-labelledby="active-trading-news">
        <SectionTitle id="active-trading-news">Active Trading News</SectionTitle>
        {/* The list is never shown as failed: a failed request reads like one still on its way. */}
        <DaytraderNews
          label="Day trader news"
          articles={articles.slice(0, PAGE_SIZES.daytraderLanding)}
          isLoading={isLoading}
          skeletons={SKELETON_COUNT.landing}
          emptyMessage="Loading day trader news..."
        />
      </Section>
      <NotAdviceNote />
    </PageContainer>
  );
}
