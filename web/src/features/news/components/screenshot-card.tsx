import { useTheme } from 'styled-components';
import type { TradingEdgeScreenshot } from '../../../content/trading-edge';
import { Figure } from './news.styles';

const WIDTH = 320;
const HEIGHT = 180;

/** A drawn illustration rather than a photo: no image request, fixed size, no layout shift. */
export function ScreenshotCard({ caption, alt, line }: TradingEdgeScreenshot) {
  const { colors } = useTheme();
  const points = line
    .map(([x, y]) => `${(x / 100) * (WIDTH - 40) + 20},${(y / 100) * (HEIGHT - 40) + 20}`)
    .join(' ');
  return (
    <Figure>
      <svg
        role="img"
        aria-label={alt}
        width={WIDTH}
        height={HEIGHT}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      >
        <rect width={WIDTH} height={HEIGHT} rx="12" fill={colors.navy} />
        {[45, 90, 135].map((y) => (
          <line key={y} x1="20" x2={WIDTH - 20} y1={y} y2={y} stroke={colors.navyBorder} />
        ))}
        <polyline points={points} fill="none" stroke={colors.accentOnNavy} strokeWidth="3" />
      </svg>
      <figcaption>{caption}</figcaption>
    </Figure>
  );
}
