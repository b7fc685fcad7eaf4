import { PRICE } from '@probedge/proto';
import { TitledSection } from '../../../components/ui/titled-section';
import { PageShell } from '../../../components/ui/page-shell';
import { PAGE_HEADS } from '../../../content/page-heads';
import { NotAdviceNote } from '../../../components/ui/not-advice-note';
import { StepItems } from '../../../components/ui/step-items';
import { TextList } from '../../../components/ui/text-list';
import { PageTitle } from '../../../components/ui/page.styles';
import {
  PRO_ENGINES,
  PRO_FRAMEWORK,
  PRO_INTRO,
  PRO_PRICE_BLOCK,
  PRO_SCREENSHOTS,
} from '../../../content/professional-trading';
import { useProfessionalArticles } from '../api/get-professional-articles';
import { ProAccessButton } from './pro-access-button';
import { ProScreenshot } from './pro-screenshot';
import {
  EngineCard,
  EngineGrid,
  PriceCard,
  PriceLine,
  ProHero,
  Prose,
  ShotGrid,
  StepList,
} from './professional-trading.styles';

export function ProfessionalTradingPage() {
  useProfessionalArticles();

  return (
    <PageShell head={PAGE_HEADS.professionalTrading} offer>
      <ProHero aria-labelledby="pro-title">
        <PageTitle id="pro-title">{PRO_INTRO.title}</PageTitle>
        <p>{PRO_INTRO.lead}</p>
        <ProAccessButton />
      </ProHero>

      <TitledSection id="pro-screens" title="Inside the app">
        <ShotGrid>
          {PRO_SCREENSHOTS.map((shot) => (
            <ProScreenshot key={shot.caption} {...shot} />
          ))}
        </ShotGrid>
      </TitledSection>

      <TitledSection id="pro-about" title="What it does">
        {PRO_INTRO.description.map((paragraph) => (
          <Prose key={paragraph}>{paragraph}</Prose>
        ))}
      </TitledSection>

      <TitledSection id="pro-price" title={PRO_PRICE_BLOCK.title}>
        <PriceCard>
          <PriceLine>
            <strong>{PRICE.display}</strong> <span>/{PRICE.period}</span>
          </PriceLine>
          <TextList items={PRO_PRICE_BLOCK.includes} />
          <Prose>{PRO_PRICE_BLOCK.note}</Prose>
        </PriceCard>
      </TitledSection>

      <TitledSection id="pro-framework" title={PRO_FRAMEWORK.title}>
        <Prose>{PRO_FRAMEWORK.lead}</Prose>
        <StepList>
          <StepItems steps={PRO_FRAMEWORK.steps} />
        </StepList>
      </TitledSection>

      <TitledSection id="pro-engines" title="Algorithm engines">
        <EngineGrid aria-label="Algorithm engines">
          {PRO_ENGINES.map((engine, index) => (
            <li key={engine.name}>
              <EngineCard aria-labelledby={`engine-${index}`}>
                <h3 id={`engine-${index}`}>{engine.name}</h3>
                <p>{engine.summary}</p>
                <TextList items={engine.outputs} />
              </EngineCard>
            </li>
          ))}
        </EngineGrid>
      </TitledSection>
      <NotAdviceNote />
    </PageShell>
  );
}
