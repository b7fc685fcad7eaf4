import { Link } from 'react-router-dom';
import styled, { css } from 'styled-components';

export type ButtonVariant = 'primary' | 'secondary' | 'onNavy';

const buttonStyles = css<{ $variant?: ButtonVariant }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space.sm};
  min-height: 44px;
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.lg};
  border: 1px solid transparent;
  border-radius: ${({ theme }) => theme.radii.md};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  text-decoration: none;
  cursor: pointer;
  transition:
    background-color ${({ theme }) => theme.transitions.fast},
    border-color ${({ theme }) => theme.transitions.fast};

  ${({ $variant = 'primary', theme }) => {
    switch ($variant) {
      case 'secondary':
        return css`
          background: ${theme.colors.surface};
          border-color: ${theme.colors.border};
          color: ${theme.colors.text};
          &:hover {
            border-color: ${theme.colors.accent};
            color: ${theme.colors.accent};
          }
        `;
      case 'onNavy':
        return css`
          background: transparent;
          border-color: ${theme.colors.onNavyMuted};
          color: ${theme.colors.onNavy};
          &:hover {
            border-color: ${theme.colors.onNavy};
            color: ${theme.colors.onNavy};
            background: ${theme.colors.navyRaised};
          }
        `;
      default:
        return css`
          background: ${theme.colors.accent};
          color: ${theme.colors.onNavy};
          &:hover {
            background: ${theme.colors.accentHover};
            color: ${theme.colors.onNavy};
          }
        `;
    }
  }}
`;

export const ButtonLink = styled(Link)<{ $variant?: ButtonVariant }>`
  ${buttonStyles}
`;

export const ButtonAnchor = styled.a<{ $variant?: ButtonVariant }>`
  ${buttonStyles}
`;

export const Button = styled.button<{ $variant?: ButtonVariant }>`
  ${buttonStyles}
  font: inherit;
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
`;
