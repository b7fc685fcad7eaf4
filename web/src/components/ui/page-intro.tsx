import type { ReactNode } from 'react';
import { PageHeader, PageLead, PageTitle } from './page.styles';

interface PageIntroProps {
  title: ReactNode;
  lead: ReactNode;
  /** Anything under the lead, such as a link back. */
  children?: ReactNode;
}

/** The head of a page: its h1 title over a lead paragraph. */
export function PageIntro({ title, lead, children }: PageIntroProps) {
  return (
    <PageHeader>
      <PageTitle>{title}</PageTitle>
      <PageLead>{lead}</PageLead>
      {children}
    </PageHeader>
  );
}
