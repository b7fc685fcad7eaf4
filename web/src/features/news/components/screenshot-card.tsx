import { useTheme } from 'styled-components';
import { DrawnScreen } from '../../../components/ui/drawn-screen';
import type { TradingEdgeScreenshot } from '../../../content/trading-edge';

const WIDTH = 320;
const HEIGHT = 180;

/** A screen of one line over a faint grid. */
export function ScreenshotCard({ caption, alt, line }: TradingEdgeScreenshot) {
  const { colors } = useTheme();
  const points = line
    .map(([x, y]) => `${(x / 100) * (WIDTH - 40) + 20},${(y / 100) * (HEIGHT - 40) + 20}`)
    .join(' ');
  return (
    <DrawnScreen width={WIDTH} height={HEIGHT} alt={alt} caption={caption}>
      {[45, 90, 135].map((y) => (
        <line key={y} x1="20" x2={WIDTH - 20} y1={y} y2={y} stroke={colors.navyBorder} />
      ))}
      <polyline points={points} fill="none" stroke={colors.accentOnNavy} strokeWidth="3" />
    </DrawnScreen>
  );
}
