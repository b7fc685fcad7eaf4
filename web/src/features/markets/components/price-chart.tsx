import { useEffect, useRef, useState } from 'react';
import type { Bar } from '@probedge/proto';
import { useTheme } from 'styled-components';
import { ChartBox, ChartNote } from './stock-page.styles';

interface PriceChartProps {
  bars: readonly Bar[];
  /** What the chart shows, for screen readers (the table below has the figures). */
  label: string;
}

/**
 * Daily closes as an area chart (TradingView's lightweight-charts). The library is fetched only
 * when a chart is shown, so no other page carries it.
 */
export function PriceChart({ bars, label }: PriceChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const theme = useTheme();
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let disposed = false;
    let remove: (() => void) | undefined;
    import('lightweight-charts')
      .then(({ AreaSeries, createChart }) => {
        if (disposed || !box.current) return;
        const chart = createChart(box.current, {
          autoSize: true,
          layout: {
            background: { color: theme.colors.surface },
            textColor: theme.colors.textMuted,
          },
          grid: {
            vertLines: { color: theme.colors.surfaceMuted },
            horzLines: { color: theme.colors.surfaceMuted },
          },
          rightPriceScale: { borderColor: theme.colors.border },
          timeScale: { borderColor: theme.colors.border },
          handleScroll: false,
          handleScale: false,
        });
        const series = chart.addSeries(AreaSeries, {
          lineColor: theme.colors.accent,
          topColor: theme.colors.accentSoft,
          bottomColor: theme.colors.surface,
          lineWidth: 2,
        });
        series.setData(bars.map((bar) => ({ time: bar.date, value: bar.close })));
        chart.timeScale().fitContent();
        remove = () => chart.remove();
      })
      .catch(() => {
        if (!disposed) setFailed(true);
      });
    return () => {
      disposed = true;
      remove?.();
    };
  }, [bars, theme]);

  if (failed)
    return <ChartNote>The chart could not be drawn; the table below has every figure.</ChartNote>;
  return <ChartBox ref={box} role="img" aria-label={label} />;
}
