import styled from 'styled-components';
import { cardSurface } from '../../../components/ui/card-surface.styles';

export const PricingHeader = styled.header`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  justify-items: center;
  margin-bottom: ${({ theme }) => theme.space.xl};
  text-align: center;
`;

export const Tagline = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};

  /* The spec's wording starts in lower case; the sentence still reads capitalised. */
  &::first-letter {
    text-transform: uppercase;
  }
`;

export const PlanCard = styled.article`
  position: relative;
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  max-width: 520px;
  margin: 0 auto ${({ theme }) => theme.space.xl};
  ${cardSurface}
  border: 2px solid ${({ theme }) => theme.colors.accent};
  box-shadow: ${({ theme }) => theme.shadows.card};
`;

export const Badge = styled.span`
  justify-self: start;
  padding: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.accent};
  color: ${({ theme }) => theme.colors.onNavy};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
`;

export const PlanName = styled.h2`
  font-size: ${({ theme }) => theme.fontSizes.xxl};
`;

export const PlanPrice = styled.p`
  strong {
    font-size: ${({ theme }) => theme.fontSizes.xxxl};
  }

  span {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

export const FeatureList = styled.ol`
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
  margin: 0;
  padding: 0;
  list-style: none;

  li::before {
    content: '✓';
    margin-right: ${({ theme }) => theme.space.sm};
    color: ${({ theme }) => theme.colors.success};
    font-weight: ${({ theme }) => theme.fontWeights.bold};
  }
`;

export const SmallPrint = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  text-align: center;
`;

export const SuccessLine = styled.p`
  color: ${({ theme }) => theme.colors.success};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
`;

export const SandboxNoticeBox = styled.div`
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.warning};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.warningSoft};
  color: ${({ theme }) => theme.colors.warning};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  text-align: left;

  strong {
    display: block;
  }
`;

export const SignInForm = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  width: 100%;
  max-width: 420px;
  margin: 0 auto;
  text-align: left;

  label {
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
  }

  input {
    min-height: 44px;
    padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
    border: 1px solid ${({ theme }) => theme.colors.textMuted};
    border-radius: ${({ theme }) => theme.radii.md};
    font: inherit;
  }
`;
