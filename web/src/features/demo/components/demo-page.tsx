import { TitledSection } from '../../../components/ui/titled-section';
import { PageShell } from '../../../components/ui/page-shell';
import { PAGE_HEADS } from '../../../content/page-heads';
import { ButtonLink } from '../../../components/ui/button-link.styles';
import { NotAdviceNote } from '../../../components/ui/not-advice-note';
import { TermPairs } from '../../../components/ui/term-pairs';
import { TextList } from '../../../components/ui/text-list';
import { PageIntro } from '../../../components/ui/page-intro';
import {
  DEMO_BAYESIAN,
  DEMO_CLOSING,
  DEMO_INTRO,
  DEMO_PREMIUM_SECTIONS,
  DEMO_SIGNALS,
  DEMO_VALUE,
} from '../../../content/demo';
import { CorrelationMatrix } from './correlation-matrix';
import {
  Badge,
  Banner,
  BayesGrid,
  Card,
  Closing,
  Grid,
  Lead,
  LinkRow,
  Muted,
  ScanClaim,
  SectionTitle,
  ValueBlock,
  Explanation,
  ValueGroups,
} from './demo.styles';

function SignalCards() {
  return (
    <TitledSection id="demo-included" title="Included in the subscription">
      <ScanClaim>{DEMO_INTRO.scanClaim}; these three signals passed every check.</ScanClaim>
      <Grid>
        {DEMO_SIGNALS.map((signal) => (
          <li key={signal.symbol}>
            <Card aria-labelledby={`signal-${signal.symbol}`}>
              <Badge $kind={signal.kind}>{signal.kind}</Badge>
              <h3 id={`signal-${signal.symbol}`}>{signal.symbol}</h3>
              <p>{signal.pattern}</p>
              <dl>
                <TermPairs
                  pairs={[{ label: 'Probability', value: signal.probability }, ...signal.levels]}
                />
              </dl>
              <Muted>{signal.note}</Muted>
            </Card>
          </li>
        ))}
      </Grid>
    </TitledSection>
  );
}

function PremiumSections() {
  return (
    <TitledSection id="demo-premium" title="Premium analytics">
      <Lead>
        Subscribers see these read-outs for every signal. The values below are static samples.
      </Lead>
      <Grid>
        {DEMO_PREMIUM_SECTIONS.map((section) => (
          <li key={section.id}>
            <Card aria-labelledby={`premium-${section.id}`}>
              <Badge $kind="PREMIUM">PREMIUM ONLY</Badge>
              <h3 id={`premium-${section.id}`}>{section.title}</h3>
              <Muted>{section.summary}</Muted>
              <dl>
                <TermPairs pairs={section.metrics} />
              </dl>
            </Card>
          </li>
        ))}
      </Grid>
    </TitledSection>
  );
}

function BayesianPanel() {
  return (
    <TitledSection id="demo-bayes" title="Bayesian meta-probability">
      <Lead>
        <Badge $kind="PREMIUM">PREMIUM ONLY</Badge> How sure the model is of its own probability,
        from posterior sampling.
      </Lead>
      <BayesGrid>
        {DEMO_BAYESIAN.map((figure) => (
          <div key={figure.label}>
            <dt>{figure.label}</dt>
            <dd data-testid="bayes-value">{figure.value}</dd>
            <Explanation>{figure.explanation}</Explanation>
          </div>
        ))}
      </BayesGrid>
    </TitledSection>
  );
}

export function DemoPage() {
  return (
    <PageShell head={PAGE_HEADS.demo}>
      <Banner role="note">{DEMO_INTRO.banner}</Banner>
      <PageIntro title={DEMO_INTRO.title} lead={DEMO_INTRO.lead} />

      <SignalCards />
      <PremiumSections />

      <TitledSection id="demo-correlation" title="30-day correlation matrix">
        <Lead>
          <Badge $kind="PREMIUM">PREMIUM ONLY</Badge> How the signal’s stock moved with the rest of
          the watch list over the last 30 sessions.
        </Lead>
        <CorrelationMatrix />
      </TitledSection>

      <BayesianPanel />

      <ValueBlock aria-labelledby="demo-value">
        <h2 id="demo-value">{DEMO_VALUE.title}</h2>
        <p>{DEMO_VALUE.lead}</p>
        <ValueGroups>
          {DEMO_VALUE.groups.map((group) => (
            <div key={group.title}>
              <h3>{group.title}</h3>
              <TextList items={group.items} />
            </div>
          ))}
        </ValueGroups>
      </ValueBlock>

      <Closing aria-labelledby="demo-closing">
        <SectionTitle id="demo-closing">{DEMO_CLOSING.title}</SectionTitle>
        <p>{DEMO_CLOSING.text}</p>
        <LinkRow>
          {DEMO_CLOSING.links.map((to, index) => (
            <ButtonLink key={to} to={to} $variant={index === 0 ? 'primary' : 'secondary'}>
              {DEMO_CLOSING.linkLabel}
            </ButtonLink>
          ))}
        </LinkRow>
        <Muted>{DEMO_CLOSING.simulatedNote}</Muted>
      </Closing>
      <NotAdviceNote />
    </PageShell>
  );
}
