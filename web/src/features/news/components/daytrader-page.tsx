import { PAGE_SIZES, PRICE } from '@probedge/proto';
import { SKELETON_COUNT } from '../../../lib/constants';
import { TitledSection } from '../../../components/ui/titled-section';
import { PageShell } from '../../../components/ui/page-shell';
import { PAGE_HEADS } from '../../../content/page-heads';
import { ButtonLink } from '../../../components/ui/button-link.styles';
import { ColumnHeads } from '../../../components/ui/column-heads';
import { NotAdviceNote } from '../../../components/ui/not-advice-note';
import { StepItems } from '../../../components/ui/step-items';
import { TermPairs } from '../../../components/ui/term-pairs';
import { TextList } from '../../../components/ui/text-list';
import { CardGrid, PageTitle } from '../../../components/ui/page.styles';
import {
  DAYTRADER_CURRENT_SIGNALS,
  DAYTRADER_HERO,
  DAYTRADER_PRICING,
  DAYTRADER_SAMPLE_SIGNALS,
  DAYTRADER_SCREENSHOT,
  DAYTRADER_SKILL_LEVELS,
  DAYTRADER_STEPS,
  DAYTRADER_TEMPLATES,
} from '../../../content/daytrader';
import { useCheckoutSessionId } from '../../../lib/checkout-session';
import { useSubscriptionCheck } from '../../../lib/subscription-check';
import { useNewsArticles } from '../api/get-news-articles';
import { DaytraderNews } from './daytrader-news';
import {
  ActiveBanner,
  DataTable,
  DisabledLook,
  Hero,
  InfoCard,
  Lead,
  Price,
  PriceCard,
  Section,
  StepList,
  TableWrap,
} from './news.styles';
import { ScreenshotCard } from './screenshot-card';

const SIGNALS_CAPTION = 'Sample current signals: static examples, not live data';

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

function HowItWorks() {
  return (
    <TitledSection id="daytrader-how" title="How the Day Trading Scanner Works">
      <StepList>
        <StepItems steps={DAYTRADER_STEPS} />
      </StepList>
    </TitledSection>
  );
}

function Templates() {
  return (
    <TitledSection id="daytrader-templates" title="Pattern templates">
      <CardGrid aria-label="Pattern templates">
        {DAYTRADER_TEMPLATES.map((template) => (
          <li key={template.name}>
            <InfoCard>
              <h3>{template.name}</h3>
              <p>{template.text}</p>
              <dl>
                <TermPairs pairs={[{ label: 'Timeframe', value: template.timeframe }]} />
              </dl>
            </InfoCard>
          </li>
        ))}
      </CardGrid>
    </TitledSection>
  );
}

function SampleSignals() {
  return (
    <TitledSection id="daytrader-samples" title="Sample signals">
      <Lead>What a signal gives you: the template, its probability and a complete trade plan.</Lead>
      <CardGrid aria-label="Sample signals">
        {DAYTRADER_SAMPLE_SIGNALS.map((signal) => (
          <li key={signal.symbol}>
            <InfoCard>
              <h3>{signal.symbol}</h3>
              <p>{signal.template}</p>
              <dl>
                <TermPairs
                  pairs={[
                    { label: 'Probability', value: signal.probability },
                    { label: 'Entry', value: signal.entry },
                    { label: 'Stop', value: signal.stop },
                    { label: 'Target', value: signal.target },
                  ]}
                />
              </dl>
            </InfoCard>
          </li>
        ))}
      </CardGrid>
    </TitledSection>
  );
}

function SkillLevels() {
  return (
    <TitledSection id="daytrader-skills" title="For every skill level">
      <CardGrid>
        {DAYTRADER_SKILL_LEVELS.map((skill) => (
          <li key={skill.level}>
            <InfoCard aria-label={skill.level}>
              <h3>{skill.level}</h3>
              <TextList items={skill.items} />
            </InfoCard>
          </li>
        ))}
      </CardGrid>
    </TitledSection>
  );
}

function CurrentSignals() {
  return (
    <TitledSection id="daytrader-current" title="Current signals">
      {/* Scrolls sideways on narrow screens, so it takes keyboard focus and has a name. */}
      <TableWrap role="region" aria-label={SIGNALS_CAPTION} tabIndex={0}>
        <DataTable>
          <caption>{SIGNALS_CAPTION}</caption>
          <ColumnHeads
            columns={['Symbol', 'Pattern', 'Probability', 'Entry', 'Stop', 'Target', 'Status']}
          />
          <tbody>
            {DAYTRADER_CURRENT_SIGNALS.map((signal) => (
              <tr key={signal.symbol}>
                <th scope="row">{signal.symbol}</th>
                <td>{signal.pattern}</td>
                <td>{signal.probability}</td>
                <td>{signal.entry}</td>
                <td>{signal.stop}</td>
                <td>{signal.target}</td>
                <td>{signal.status}</td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      </TableWrap>
    </TitledSection>
  );
}

function Pricing() {
  return (
    <TitledSection id="daytrader-pricing" title={DAYTRADER_PRICING.title}>
      <PriceCard>
        <p>
          <Price>{PRICE.display}</Price> per {PRICE.period}
        </p>
        <TextList items={DAYTRADER_PRICING.includes} />
        <p>{DAYTRADER_PRICING.note}</p>
        <ButtonLink to="/subscribe">{DAYTRADER_PRICING.cta}</ButtonLink>
      </PriceCard>
    </TitledSection>
  );
}

export function DaytraderPage() {
  const { articles, isLoading } = useNewsArticles('daytrader', PAGE_SIZES.daytraderLanding);
  // The address's session id is kept (spec), but only billing can say it gives access.
  const sessionId = useCheckoutSessionId();
  const { hasAccess } = useSubscriptionCheck();

  return (
    <PageShell head={PAGE_HEADS.daytrader} offer>
      {sessionId && hasAccess === true && <SubscriptionActiveBanner />}
      <Hero aria-labelledby="daytrader-title">
        <PageTitle id="daytrader-title">{DAYTRADER_HERO.title}</PageTitle>
        <p>{DAYTRADER_HERO.lead}</p>
        <Price>
          {PRICE.display}/{PRICE.period}
        </Price>
        <ButtonLink to="/demo" $variant="onNavy">
          Try Sample Scan
        </ButtonLink>
      </Hero>

      <Section aria-label="Screenshot">
        <ScreenshotCard {...DAYTRADER_SCREENSHOT} />
      </Section>
      <HowItWorks />
      <Templates />
      <SampleSignals />
      <SkillLevels />
      <CurrentSignals />
      <Pricing />

      <TitledSection id="active-trading-news" title="Active Trading News">
        {/* The list is never shown as failed: a failed request reads like one still on its way. */}
        <DaytraderNews
          label="Day trader news"
          articles={articles.slice(0, PAGE_SIZES.daytraderLanding)}
          isLoading={isLoading}
          skeletons={SKELETON_COUNT.landing}
          emptyMessage="Loading day trader news..."
        />
      </TitledSection>
      <NotAdviceNote>Sample signals on this page are static examples, not live data.</NotAdviceNote>
    </PageShell>
  );
}
