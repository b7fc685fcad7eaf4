import { Button, ButtonLink } from '../ui/button-link.styles';
import { PageContainer, PageLead, PageTitle } from '../ui/page.styles';
import { Actions, Panel } from './route-error.styles';

export function RouteError() {
  return (
    <PageContainer>
      <Panel>
        <PageTitle>Something went wrong</PageTitle>
        <PageLead>This page could not be displayed. Reloading usually fixes it.</PageLead>
        <Actions>
          <Button type="button" onClick={() => window.location.reload()}>
            Reload page
          </Button>
          <ButtonLink to="/" $variant="secondary">
            Back to Home
          </ButtonLink>
        </Actions>
      </Panel>
    </PageContainer>
  );
}
