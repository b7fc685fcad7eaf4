import { Link } from 'react-router-dom';
import { TOOLS_PAGE, toolPage } from '@probedge/proto';
import { PageMeta } from '../../../components/seo/page-meta';
import { collectionPage } from '../../../components/seo/structured-data';
import {
  CardGrid,
  PageContainer,
  PageHeader,
  PageLead,
  PageTitle,
} from '../../../components/ui/page.styles';
import { TOOLS } from '../tool-definitions';
import { ToolCard } from './tool-page.styles';

const TITLE = 'Probability tools';
const DESCRIPTION =
  'Calculators for the probabilities our guides teach: position size, expected value, Kelly, risk of ruin, target before stop and diversification, on your own numbers.';

export function ToolsPage() {
  return (
    <PageContainer>
      <PageMeta
        title={TITLE}
        description={DESCRIPTION}
        keywords={['trading calculators', 'position size', 'kelly criterion', 'risk of ruin']}
        path={TOOLS_PAGE}
        structuredData={[
          collectionPage({ name: TITLE, description: DESCRIPTION, path: TOOLS_PAGE }),
        ]}
      />
      <PageHeader>
        <PageTitle>{TITLE}</PageTitle>
        <PageLead>{DESCRIPTION}</PageLead>
      </PageHeader>
      <CardGrid>
        {TOOLS.map((tool) => (
          <ToolCard key={tool.slug}>
            <h2>
              <Link to={toolPage(tool.slug)}>{tool.title}</Link>
            </h2>
            <p>{tool.summary}</p>
          </ToolCard>
        ))}
      </CardGrid>
    </PageContainer>
  );
}
