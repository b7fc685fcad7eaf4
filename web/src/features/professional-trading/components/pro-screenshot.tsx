import { useTheme } from 'styled-components';
import { DrawnScreen } from '../../../components/ui/drawn-screen';
import type { ProScreenshot as ProScreenshotData } from '../../../content/professional-trading';

export const SHOT_WIDTH = 560;
export const SHOT_HEIGHT = 315;
const PAD = 24;

/** A screen of candles inside a shaded band. */
export function ProScreenshot({ caption, alt, candles, band }: ProScreenshotData) {
  const { colors } = useTheme();
  const innerWidth = SHOT_WIDTH - PAD * 2;
  const innerHeight = SHOT_HEIGHT - PAD * 2;
  const step = innerWidth / candles.length;
  const x = (index: number) => PAD + step * index + step / 2;
  const y = (value: number) => PAD + (value / 100) * innerHeight;
  const upper = band.map(([top], index) => `${x(index)},${y(top)}`);
  const lower = band.map(([, bottom], index) => `${x(index)},${y(bottom)}`).reverse();

  return (
    <DrawnScreen width={SHOT_WIDTH} height={SHOT_HEIGHT} alt={alt} caption={caption}>
      {[0.25, 0.5, 0.75].map((fraction) => (
        <line
          key={fraction}
          x1={PAD}
          x2={SHOT_WIDTH - PAD}
          y1={PAD + innerHeight * fraction}
          y2={PAD + innerHeight * fraction}
          stroke={colors.navyBorder}
        />
      ))}
      <polygon points={[...upper, ...lower].join(' ')} fill={colors.accentOnNavy} opacity="0.18" />
      {candles.map(([open, close], index) => {
        const rising = close < open;
        return (
          <rect
            key={index}
            x={x(index) - step * 0.3}
            y={y(Math.min(open, close))}
            width={step * 0.6}
            height={Math.max(2, Math.abs(y(close) - y(open)))}
            fill={rising ? colors.chartUp : colors.chartDown}
            rx="2"
          />
        );
      })}
    </DrawnScreen>
  );
}
