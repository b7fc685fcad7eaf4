import { type FaqItem } from '@probedge/proto';
import { SUPPORT_REPLY_HOURS } from '../../../lib/constants';
import { PageMeta } from '../../../components/seo/page-meta';
import { faqPage, webPage } from '../../../components/seo/structured-data';
import { ButtonAnchor } from '../../../components/ui/button-link.styles';
import { NotAdviceNote } from '../../../components/ui/not-advice-note';
import { ReadingContainer } from '../../../components/ui/page.styles';
import { PageIntro } from '../../../components/ui/page-intro';
import { Spinner } from '../../../components/ui/spinner';
import { appConfig } from '../../../lib/config';
import { useFaq } from '../api/get-faq';
import {
  Answer,
  Chevron,
  Contact,
  ContactHeading,
  Content,
  ErrorText,
  Header,
  Item,
  Root,
  Trigger,
} from './faq-page.styles';

const TITLE = 'Frequently Asked Questions';
const DESCRIPTION =
  'Answers about the platform, the Professional Trading App subscription, billing, data and support.';

// "multiple" lets every question open and close on its own, several at once.
function FaqList({ items }: { items: readonly FaqItem[] }) {
  return (
    <Root type="multiple">
      {items.map((item) => (
        <Item key={item.id} value={item.id}>
          <Header>
            <Trigger>
              {item.question}
              <Chevron aria-hidden="true">+</Chevron>
            </Trigger>
          </Header>
          <Content>
            <Answer>{item.answer}</Answer>
          </Content>
        </Item>
      ))}
    </Root>
  );
}

export function FaqPage() {
  const { data, error, isLoading } = useFaq();
  const items = data ?? [];
  const mailto = `mailto:${appConfig.supportEmail}`;

  return (
    <ReadingContainer>
      <PageMeta
        title="FAQ"
        description={DESCRIPTION}
        keywords={['FAQ', 'trading platform help', 'subscription', 'support']}
        structuredData={
          items.length > 0
            ? [faqPage(items, '/faq')]
            : [webPage({ name: TITLE, description: DESCRIPTION, path: '/faq' })]
        }
      />
      <PageIntro
        title={TITLE}
        lead={<>Quick answers about {appConfig.brandName}, the subscription and support.</>}
      />

      {isLoading ? (
        <Spinner label="Loading questions..." />
      ) : error ? (
        <ErrorText role="alert">
          We could not load the questions right now. Please try again later or e-mail us at{' '}
          <a href={mailto}>{appConfig.supportEmail}</a>.
        </ErrorText>
      ) : (
        <FaqList items={items} />
      )}

      <Contact aria-labelledby="faq-contact">
        <ContactHeading id="faq-contact">Still have a question?</ContactHeading>
        <p>Our support team usually replies within {SUPPORT_REPLY_HOURS} hours on business days.</p>
        <ButtonAnchor href={mailto}>Contact Support</ButtonAnchor>
      </Contact>
      <NotAdviceNote />
    </ReadingContainer>
  );
}
