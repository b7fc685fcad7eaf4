import * as Collapsible from '@radix-ui/react-collapsible';
import { Fragment } from 'react';
import {
  CASE_STUDIES,
  RESEARCH_INTRO,
  SIGNAL_OUTPUT_LABELS,
  type CaseStudy,
} from '../../../content/research';
import {
  CaseBody,
  CaseCard,
  CaseContent,
  CaseList,
  CaseToggle,
  Lead,
  SignalTable,
} from './research.styles';

function CaseDetails({ study }: { study: CaseStudy }) {
  return (
    <CaseBody>
      <div>
        <h3>Context</h3>
        <p>{study.context}</p>
      </div>
      <div>
        <h3>What legacy indicators saw</h3>
        <p>{study.legacyIndicators}</p>
      </div>
      <div>
        <h3>What was detected</h3>
        <p>{study.detected}</p>
      </div>
      <div>
        <h3>Signal output</h3>
        <SignalTable aria-label={`${study.symbol} signal output`}>
          {SIGNAL_OUTPUT_LABELS.map(({ key, label }) => (
            <Fragment key={key}>
              <dt>{label}</dt>
              <dd>{study.signal[key]}</dd>
            </Fragment>
          ))}
        </SignalTable>
      </div>
      <div>
        <h3>Outcome</h3>
        <p>{study.outcome}</p>
      </div>
    </CaseBody>
  );
}

function CollapsibleCase({ study }: { study: CaseStudy }) {
  const headingId = `case-${study.symbol}`;
  return (
    <Collapsible.Root asChild>
      <CaseCard aria-labelledby={headingId}>
        <h2 id={headingId}>
          <CaseToggle>{study.title}</CaseToggle>
        </h2>
        <CaseContent forceMount>
          <CaseDetails study={study} />
        </CaseContent>
      </CaseCard>
    </Collapsible.Root>
  );
}

export function CaseStudiesTab() {
  const [first, ...rest] = CASE_STUDIES;
  return (
    <>
      <Lead>{RESEARCH_INTRO.casesLead}</Lead>
      <CaseList>
        {first && (
          <CaseCard aria-labelledby={`case-${first.symbol}`}>
            <h2 id={`case-${first.symbol}`}>{first.title}</h2>
            <CaseDetails study={first} />
          </CaseCard>
        )}
        {rest.map((study) => (
          <CollapsibleCase key={study.symbol} study={study} />
        ))}
      </CaseList>
    </>
  );
}
