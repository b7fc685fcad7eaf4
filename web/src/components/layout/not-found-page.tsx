import { PageShell } from '../ui/page-shell';
import { PAGE_HEADS } from '../../content/page-heads';
import { ButtonLink } from '../ui/button-link.styles';
import { PageLead, PageTitle } from '../ui/page.styles';
import { Panel } from './not-found-page.styles';

export function NotFoundPage() {
  return (
    <PageShell head={PAGE_HEADS.notFound}>
      <Panel>
        <PageTitle>404 Page Not Found</PageTitle>
        <PageLead>The page you are looking for does not exist or has moved.</PageLead>
        <ButtonLink to="/">Back to Home</ButtonLink>
      </Panel>
    </PageShell>
  );
}
