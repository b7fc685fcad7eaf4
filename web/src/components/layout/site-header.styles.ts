import { Link } from 'react-router-dom';
import styled from 'styled-components';

export const Header = styled.header`
  position: sticky;
  top: 0;
  z-index: 50;
  background: ${({ theme }) => theme.colors.navy};
  color: ${({ theme }) => theme.colors.onNavy};
  box-shadow: ${({ theme }) => theme.shadows.header};

  :focus-visible {
    outline: ${({ theme }) => theme.focusRingOnNavy};
  }
`;

export const Inner = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.lg};
  max-width: ${({ theme }) => theme.layout.maxWidth};
  margin: 0 auto;
  padding: ${({ theme }) => theme.space.md} ${({ theme }) => theme.layout.gutter} 0;

  ${({ theme }) => theme.media.belowMd} {
    padding-bottom: ${({ theme }) => theme.space.md};
  }
`;

export const BrandBlock = styled.div`
  display: flex;
  flex-direction: column;
  min-width: 0;
`;

export const BrandLink = styled(Link)`
  align-self: flex-start;
  color: ${({ theme }) => theme.colors.onNavy};
  font-size: ${({ theme }) => theme.fontSizes.xl};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  letter-spacing: -0.01em;
  text-decoration: none;

  &:hover {
    color: ${({ theme }) => theme.colors.onNavy};
  }
`;

export const Subtitle = styled.p`
  color: ${({ theme }) => theme.colors.onNavyMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

export const MenuButton = styled.button`
  display: none;
  min-height: 44px;
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.navyBorder};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.navyRaised};
  color: ${({ theme }) => theme.colors.onNavy};
  font: inherit;
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  cursor: pointer;

  ${({ theme }) => theme.media.belowMd} {
    display: inline-flex;
  }
`;

// Desktop-first on purpose: the list is visible unless a narrow screen has it collapsed.
export const Nav = styled.nav<{ $open: boolean }>`
  flex-basis: 100%;

  ${({ theme }) => theme.media.belowMd} {
    display: ${({ $open }) => ($open ? 'block' : 'none')};
  }
`;

export const NavList = styled.ul`
  display: flex;
  gap: ${({ theme }) => theme.space.xs};
  margin: 0 -${({ theme }) => theme.space.sm};
  padding: 0;
  list-style: none;
  overflow-x: auto;
  scrollbar-width: none;

  ${({ theme }) => theme.media.belowMd} {
    flex-direction: column;
    margin: 0;
    padding-top: ${({ theme }) => theme.space.sm};
    border-top: 1px solid ${({ theme }) => theme.colors.navyBorder};
  }
`;

export const NavItem = styled(Link)`
  display: block;
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.sm}
    ${({ theme }) => theme.space.md};
  border-bottom: 3px solid transparent;
  color: ${({ theme }) => theme.colors.onNavyMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
  text-decoration: none;
  white-space: nowrap;
  transition:
    color ${({ theme }) => theme.transitions.fast},
    border-color ${({ theme }) => theme.transitions.fast};

  &:hover {
    color: ${({ theme }) => theme.colors.onNavy};
  }

  &:focus-visible {
    outline-offset: -3px;
  }

  &[aria-current='page'] {
    color: ${({ theme }) => theme.colors.onNavy};
    border-bottom-color: ${({ theme }) => theme.colors.accentOnNavy};
  }

  ${({ theme }) => theme.media.belowMd} {
    padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
    border-bottom: 0;
    border-left: 3px solid transparent;
    font-size: ${({ theme }) => theme.fontSizes.md};

    &[aria-current='page'] {
      border-left-color: ${({ theme }) => theme.colors.accentOnNavy};
      background: ${({ theme }) => theme.colors.navyRaised};
    }
  }
`;

/** The site search field: beside the brand on wide screens, on a row of its own on narrow ones. */
export const HeaderSearch = styled.form`
  display: flex;
  gap: ${({ theme }) => theme.space.xs};
  margin-left: auto;

  input {
    width: 14rem;
    min-height: 40px;
    padding: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.md};
    border: 1px solid ${({ theme }) => theme.colors.navyBorder};
    border-radius: ${({ theme }) => theme.radii.pill};
    background: ${({ theme }) => theme.colors.navyRaised};
    color: ${({ theme }) => theme.colors.onNavy};
    font: inherit;
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }

  input::placeholder {
    color: ${({ theme }) => theme.colors.onNavyMuted};
  }

  input:focus-visible {
    outline: ${({ theme }) => theme.focusRingOnNavy};
    outline-offset: 1px;
  }

  ${({ theme }) => theme.media.belowMd} {
    order: 3;
    flex-basis: 100%;
    margin-left: 0;

    input {
      flex: 1;
      width: auto;
    }
  }
`;
