import { lazy, Suspense, useState } from 'react';
import { NOT_ADVICE_LINE } from '@probedge/proto';
import { PageMeta } from '../../../components/seo/page-meta';
import { organization, webSite } from '../../../components/seo/structured-data';
import { ButtonLink } from '../../../components/ui/button-link.styles';
import { ExternalButton } from '../../../components/ui/external-button';
import { TextList } from '../../../components/ui/text-list';
import { CardGrid, PageContainer } from '../../../components/ui/page.styles';
import {
  HOME_ACCESS,
  HOME_HERO,
  HOME_INFO_COLUMNS,
  HOME_PLANS,
  HOME_POWERS,
  HOME_SCREENSHOTS,
  HOME_START_CARDS,
  HOME_TICKER_FALLBACK,
  HOME_TRADE_STORIES,
} from '../../../content/home';
import { appConfig } from '../../../lib/config';
import { useHomeFeeds } from '../hooks/use-home-feeds';
import { HomeScreenshot } from './home-screenshot';
import {
  Actions,
  Columns,
  Hero,
  HeroInner,
  HeroSubtitle,
  HeroText,
  HeroTitle,
  InfoBlock,
  PlanCard,
  PlanGrid,
  PlanPrice,
  PowerLayout,
  Section,
  SectionTitle,
  ShotRow,
  StartAction,
  StartCard,
  StartText,
  StartTitle,
  Stories,
  StoriesNote,
  StoriesTitle,
  StoryCard,
} from './home-page.styles';
import { NewsletterForm } from './newsletter-form';
import { TopStoriesTicker, type TickerHeadline } from './top-stories-ticker';

// The strip and the Stock Details panel stay out of the landing route until a snapshot arrives.
const MarketSection = lazy(() =>
  import('./market-section').then((module) => ({ default: module.MarketSection })),
);

const FALLBACK_HEADLINES: readonly TickerHeadline[] = HOME_TICKER_FALLBACK.map((title) => ({
  title,
}));

function TradeStories() {
  return (
    <>
      <StoriesTitle>{HOME_HERO.storiesTitle}</StoriesTitle>
      <Stories aria-label="Example trade stories">
        {HOME_TRADE_STORIES.map((story) => (
          <li key={story.symbol}>
            <StoryCard aria-labelledby={`story-${story.symbol}`}>
              <h3 id={`story-${story.symbol}`}>{story.symbol}</h3>
              <span>{story.setup}</span>
              <p>{story.story}</p>
            </StoryCard>
          </li>
        ))}
      </Stories>
      <StoriesNote>{HOME_HERO.storiesNote}</StoriesNote>
    </>
  );
}

function AccessLists() {
  return (
    <Section aria-labelledby="home-access">
      <SectionTitle id="home-access">{HOME_ACCESS.title}</SectionTitle>
      <Columns>
        {HOME_ACCESS.groups.map((group) => (
          <InfoBlock key={group.title} aria-label={group.title}>
            <h3>{group.title}</h3>
            <TextList items={group.items} />
          </InfoBlock>
        ))}
      </Columns>
    </Section>
  );
}

function Plans() {
  const targets = { free: appConfig.scannerUrl, pro: appConfig.proAppUrl };
  return (
    <Section aria-labelledby="home-plans">
      <SectionTitle id="home-plans">Choose how to start</SectionTitle>
      <PlanGrid>
        {HOME_PLANS.map((plan) => (
          <li key={plan.id}>
            <PlanCard $featured={plan.id === 'pro'} aria-labelledby={`plan-${plan.id}`}>
              <h3 id={`plan-${plan.id}`}>{plan.name}</h3>
              <PlanPrice>{plan.price}</PlanPrice>
              <TextList items={plan.items} />
              <ExternalButton
                href={targets[plan.id]}
                variant={plan.id === 'pro' ? 'primary' : 'secondary'}
              >
                {plan.action}
              </ExternalButton>
            </PlanCard>
          </li>
        ))}
      </PlanGrid>
    </Section>
  );
}

function Powers() {
  return (
    <Section aria-labelledby="home-powers">
      <SectionTitle id="home-powers">{HOME_POWERS.title}</SectionTitle>
      <PowerLayout>
        <TextList items={HOME_POWERS.items} />
        <ShotRow>
          {HOME_SCREENSHOTS.map((shot) => (
            <HomeScreenshot key={shot.caption} {...shot} />
          ))}
        </ShotRow>
      </PowerLayout>
    </Section>
  );
}

function StartLearning() {
  return (
    <Section aria-labelledby="home-start">
      <SectionTitle id="home-start">Start learning</SectionTitle>
      <CardGrid>
        {HOME_START_CARDS.map((card) => (
          <li key={card.to}>
            <StartCard to={card.to}>
              <StartTitle>{card.title}</StartTitle>
              <StartText>{card.text}</StartText>
              <StartAction>{card.action}</StartAction>
            </StartCard>
          </li>
        ))}
      </CardGrid>
    </Section>
  );
}

function InfoColumns() {
  return (
    <Section aria-labelledby="home-info">
      <SectionTitle id="home-info">Why traders trust {appConfig.brandName}</SectionTitle>
      <Columns $columns={HOME_INFO_COLUMNS.length}>
        {HOME_INFO_COLUMNS.map((column) => (
          <InfoBlock key={column.title} aria-label={column.title}>
            <h3>{column.title}</h3>
            <TextList items={column.items} />
          </InfoBlock>
        ))}
      </Columns>
    </Section>
  );
}

export function HomePage() {
  const { headlines, market } = useHomeFeeds();
  const [selectedSymbol, setSelectedSymbol] = useState<string | null>(null);
  const { brandName, brandSubtitle } = appConfig;
  const description = `${brandName}: ${brandSubtitle}. Guides, blogs and probability-based market analysis for traders. ${NOT_ADVICE_LINE}`;
  const tickerHeadlines =
    headlines.length > 0
      ? headlines.map((article) => ({
          title: article.title,
          url: article.url,
          tickers: article.tickers,
        }))
      : FALLBACK_HEADLINES;

  return (
    <>
      <PageMeta
        title={brandSubtitle}
        description={description}
        keywords={[
          'probability-based trading',
          'trading education',
          'trading guides',
          'market analysis',
        ]}
        structuredData={[webSite(), organization()]}
        feeds={['guides', 'blogs', 'dailyAnalysis']}
      />
      <Hero aria-labelledby="home-title">
        <HeroInner>
          <HeroTitle id="home-title">{brandName}</HeroTitle>
          <HeroSubtitle>{brandSubtitle}</HeroSubtitle>
          <HeroText>{HOME_HERO.lead}</HeroText>
          <Actions>
            <ButtonLink to="/guides">Browse Guides</ButtonLink>
            <ButtonLink to="/blogs" $variant="onNavy">
              Read Blogs
            </ButtonLink>
            <ButtonLink to="/faq" $variant="onNavy">
              FAQ
            </ButtonLink>
          </Actions>
          <TradeStories />
        </HeroInner>
      </Hero>
      <TopStoriesTicker headlines={tickerHeadlines} onSelectSymbol={setSelectedSymbol} />
      <PageContainer>
        {(market || selectedSymbol) && (
          <Suspense fallback={null}>
            <MarketSection
              snapshot={market}
              selected={selectedSymbol}
              onSelect={setSelectedSymbol}
            />
          </Suspense>
        )}
        <AccessLists />
        <Plans />
        <Powers />
        <StartLearning />
        <Section>
          <NewsletterForm />
        </Section>
        <InfoColumns />
      </PageContainer>
    </>
  );
}
