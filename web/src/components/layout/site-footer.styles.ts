import { Link } from 'react-router-dom';
import styled, { css } from 'styled-components';

export const Footer = styled.footer`
  margin-top: auto;
  background: ${({ theme }) => theme.colors.navy};
  color: ${({ theme }) => theme.colors.onNavyMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};

  :focus-visible {
    outline: ${({ theme }) => theme.focusRingOnNavy};
  }
`;

export const Inner = styled.div`
  max-width: ${({ theme }) => theme.layout.maxWidth};
  margin: 0 auto;
  padding: ${({ theme }) => theme.space.xxl} ${({ theme }) => theme.layout.gutter}
    ${({ theme }) => theme.space.lg};
`;

export const Columns = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.xl};
  grid-template-columns: 1fr;

  ${({ theme }) => theme.media.sm} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }

  ${({ theme }) => theme.media.lg} {
    grid-template-columns: 2fr repeat(3, minmax(0, 1fr));
  }
`;

export const About = styled.div`
  display: grid;
  align-content: start;
  gap: ${({ theme }) => theme.space.sm};
  max-width: 42ch;
`;

export const FooterBrand = styled.p`
  color: ${({ theme }) => theme.colors.onNavy};
  font-size: ${({ theme }) => theme.fontSizes.lg};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
`;

export const ColumnHeading = styled.h2`
  margin-bottom: ${({ theme }) => theme.space.sm};
  color: ${({ theme }) => theme.colors.onNavy};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  letter-spacing: 0.06em;
  text-transform: uppercase;
`;

export const LinkList = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const footerLink = css`
  display: inline-block;
  padding: ${({ theme }) => theme.space.xxs} 0;
  color: ${({ theme }) => theme.colors.onNavyMuted};
  text-decoration: none;
  overflow-wrap: anywhere;

  &:hover {
    color: ${({ theme }) => theme.colors.onNavy};
    text-decoration: underline;
  }
`;

export const FooterLink = styled(Link)`
  ${footerLink}
`;

export const FooterAnchor = styled.a`
  ${footerLink}
`;

export const Bottom = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.lg};
  margin-top: ${({ theme }) => theme.space.xl};
  padding-top: ${({ theme }) => theme.space.lg};
  border-top: 1px solid ${({ theme }) => theme.colors.navyBorder};
`;
