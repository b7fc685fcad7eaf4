import { CtaPanel } from '../../../components/ui/cta-panel';
import { Eyebrow } from '../../../components/ui/page.styles';
import { FRAMEWORK_CTA, FRAMEWORK_METHODS, RESEARCH_INTRO } from '../../../content/research';
import { Lead, MethodCard, MethodGrid } from './research.styles';

export function FrameworkTab() {
  return (
    <>
      <Lead>{RESEARCH_INTRO.frameworkLead}</Lead>
      <MethodGrid aria-label="Proprietary methods">
        {FRAMEWORK_METHODS.map((method, index) => (
          <li key={method.title}>
            <MethodCard aria-labelledby={`method-${index}`}>
              <Eyebrow>{method.category}</Eyebrow>
              <h2 id={`method-${index}`}>{method.title}</h2>
              <h3>What it does</h3>
              <p>{method.whatItDoes}</p>
              <h3>Why it’s critical</h3>
              <p>{method.whyCritical}</p>
            </MethodCard>
          </li>
        ))}
      </MethodGrid>
      <CtaPanel {...FRAMEWORK_CTA} />
    </>
  );
}
