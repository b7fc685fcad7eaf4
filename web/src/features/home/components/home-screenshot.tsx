import { useTheme } from 'styled-components';
import { DrawnScreen } from '../../../components/ui/drawn-screen';
import type { HomeScreenshot as HomeScreenshotData } from '../../../content/home';
import { ShotFigure } from './home-page.styles';

const WIDTH = 480;
const HEIGHT = 270;
const PAD = 24;

/** A screen of volume bars under a price line. */
export function HomeScreenshot({ caption, alt, bars, line }: HomeScreenshotData) {
  const { colors } = useTheme();
  const innerWidth = WIDTH - PAD * 2;
  const innerHeight = HEIGHT - PAD * 2;
  const barWidth = innerWidth / bars.length;
  const step = innerWidth / (line.length - 1);
  const points = line
    .map((value, index) => `${PAD + index * step},${PAD + (value / 100) * innerHeight}`)
    .join(' ');

  return (
    <DrawnScreen width={WIDTH} height={HEIGHT} alt={alt} caption={caption} frame={ShotFigure}>
      {bars.map((height, index) => {
        const barHeight = (height / 100) * innerHeight * 0.6;
        return (
          <rect
            key={index}
            x={PAD + index * barWidth + barWidth * 0.2}
            y={HEIGHT - PAD - barHeight}
            width={barWidth * 0.6}
            height={barHeight}
            rx="4"
            fill={colors.navyBorder}
          />
        );
      })}
      <polyline points={points} fill="none" stroke={colors.accentOnNavy} strokeWidth="3" />
    </DrawnScreen>
  );
}
