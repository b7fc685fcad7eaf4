import type { ComponentType, ReactNode } from 'react';
import { useTheme } from 'styled-components';
import { Figure } from './figure.styles';

interface DrawnScreenProps {
  width: number;
  height: number;
  /** What the drawing shows, for those who cannot see it. */
  alt: string;
  caption: string;
  /** The figure around it: the bordered one unless the page frames its screens its own way. */
  frame?: ComponentType<{ children: ReactNode }>;
  /** The drawing over the navy screen, in the svg's own units. */
  children: ReactNode;
}

/**
 * A drawn screen, not a photo: no image request, fixed size, no layout shift. A navy screen of
 * the given size with the caller's drawing on it, captioned.
 */
export function DrawnScreen({
  width,
  height,
  alt,
  caption,
  frame: Frame = Figure,
  children,
}: DrawnScreenProps) {
  const { colors } = useTheme();
  return (
    <Frame>
      <svg
        role="img"
        aria-label={alt}
        width={width}
        height={height}
        viewBox={`0 0 ${width} ${height}`}
      >
        <rect width={width} height={height} rx="12" fill={colors.navy} />
        {children}
      </svg>
      <figcaption>{caption}</figcaption>
    </Frame>
  );
}
