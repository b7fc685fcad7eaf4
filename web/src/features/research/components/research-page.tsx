import * as Tabs from '@radix-ui/react-tabs';
import { PageShell } from '../../../components/ui/page-shell';
import { PAGE_HEADS } from '../../../content/page-heads';
import { NotAdviceNote } from '../../../components/ui/not-advice-note';
import { PageIntro } from '../../../components/ui/page-intro';
import { RESEARCH_INTRO } from '../../../content/research';
import { CaseStudiesTab } from './case-studies-tab';
import { FrameworkTab } from './framework-tab';
import { Tab, TabList, TabPanel } from './research.styles';

export function ResearchPage() {
  return (
    <PageShell head={PAGE_HEADS.research}>
      <PageIntro title={RESEARCH_INTRO.title} lead={RESEARCH_INTRO.lead} />
      <Tabs.Root defaultValue="framework">
        <TabList aria-label="Research sections">
          <Tab value="framework">Mathematical Framework</Tab>
          <Tab value="cases">Case Studies</Tab>
        </TabList>
        {/* Both panels stay in the page (hidden by CSS) so the prerendered HTML carries every case. */}
        <TabPanel value="framework" forceMount>
          <FrameworkTab />
        </TabPanel>
        <TabPanel value="cases" forceMount>
          <CaseStudiesTab />
        </TabPanel>
      </Tabs.Root>
      <NotAdviceNote />
    </PageShell>
  );
}
