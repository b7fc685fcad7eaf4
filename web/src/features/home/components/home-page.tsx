import { NOT_ADVICE_LINE } from '@probedge/proto';
import { PageMeta } from '../../../components/seo/page-meta';
import { organization, webSite } from '../../../components/seo/structured-data';
import { ButtonLink } from '../../../components/ui/button-link.styles';
import { CardGrid, PageContainer } from '../../../components/ui/page.styles';
import { HOME_START_CARDS } from '../../../content/home';
import { appConfig } from '../../../lib/config';
import { useHomeFeeds } from '../hooks/use-home-feeds';
import {
  Actions,
  Hero,
  HeroInner,
  HeroSubtitle,
  HeroText,
  HeroTitle,
  SectionTitle,
  StartAction,
  StartCard,
  StartText,
  StartTitle,
} from './home-page.styles';

export function HomePage() {
  useHomeFeeds();
  const { brandName, brandSubtitle } = appConfig;
  const description = `${brandName}: ${brandSubtitle}. Guides, blogs and probability-based market analysis for traders. ${NOT_ADVICE_LINE}`;

  return (
    <>
      <PageMeta
        title={brandSubtitle}
        description={description}
        keywords={[
          'probability-based trading',
          'trading education',
          'trading guides',
          'market analysis',
        ]}
        structuredData={[webSite(), organization()]}
      />
      <Hero aria-labelledby="home-title">
        <HeroInner>
          <HeroTitle id="home-title">{brandName}</HeroTitle>
          <HeroSubtitle>{brandSubtitle}</HeroSubtitle>
          <HeroText>
            Learn how professional traders think in probabilities: regimes, risk, position sizing
            and disciplined exits. Everything here is educational content, not investment advice.
          </HeroText>
          <Actions>
            <ButtonLink to="/guides">Browse Guides</ButtonLink>
            <ButtonLink to="/blogs" $variant="onNavy">
              Read Blogs
            </ButtonLink>
            <ButtonLink to="/faq" $variant="onNavy">
              FAQ
            </ButtonLink>
          </Actions>
        </HeroInner>
      </Hero>
      <PageContainer>
        <SectionTitle>Start learning</SectionTitle>
        <CardGrid>
          {HOME_START_CARDS.map((card) => (
            <li key={card.to}>
              <StartCard to={card.to}>
                <StartTitle>{card.title}</StartTitle>
                <StartText>{card.text}</StartText>
                <StartAction>{card.action}</StartAction>
              </StartCard>
            </li>
          ))}
        </CardGrid>
      </PageContainer>
    </>
  );
}
