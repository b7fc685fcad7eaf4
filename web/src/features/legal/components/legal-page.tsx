import { Link } from 'react-router-dom';
import { PageShell } from '../../../components/ui/page-shell';
import { PageHeader, PageTitle } from '../../../components/ui/page.styles';
import { legalDocument, type LegalDocumentId } from '../../../content/legal';
import { appConfig } from '../../../lib/config';
import {
  Disclaimer,
  Document,
  HomeLink,
  Intro,
  LastUpdated,
  Section,
  SectionHeading,
} from './legal-page.styles';

const PATHS: Record<LegalDocumentId, string> = {
  terms: '/terms',
  privacy: '/privacy',
  cookies: '/cookies',
};

const KEYWORDS: Record<LegalDocumentId, readonly string[]> = {
  terms: ['terms of service', 'subscription terms', 'refunds', 'not investment advice'],
  privacy: ['privacy policy', 'personal data', 'data retention'],
  cookies: ['cookie policy', 'cookies', 'local storage'],
};

function LegalPage({ id }: { id: LegalDocumentId }) {
  const document = legalDocument(id, {
    brand: appConfig.brandName,
    supportEmail: appConfig.supportEmail,
  });

  return (
    <PageShell
      head={{
        title: document.title,
        description: document.intro,
        keywords: KEYWORDS[id],
        path: PATHS[id],
        kind: 'page',
      }}
      reading
    >
      <Document>
        <PageHeader>
          <PageTitle>{document.title}</PageTitle>
          <LastUpdated>Last updated: {document.lastUpdated}</LastUpdated>
        </PageHeader>
        <Intro>{document.intro}</Intro>
        {document.sections.map((section) => (
          <Section key={section.heading}>
            <SectionHeading>{section.heading}</SectionHeading>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </Section>
        ))}
        <Disclaimer>{document.disclaimer}</Disclaimer>
        <HomeLink>
          <Link to="/">← Back to Home</Link>
        </HomeLink>
      </Document>
    </PageShell>
  );
}

export function TermsPage() {
  return <LegalPage id="terms" />;
}

export function PrivacyPage() {
  return <LegalPage id="privacy" />;
}

export function CookiesPage() {
  return <LegalPage id="cookies" />;
}
