// The vertical axis title every time chart draws the same way (rotated, inside, in the text colour),
// so the charts read alike and a change of style is made once.
import type { ChartColors } from '../hooks/use-chart-colors';

export function verticalAxisLabel(value: string, colors: Pick<ChartColors, 'text'>) {
  return {
    value,
    angle: -90,
    position: 'insideLeft' as const,
    offset: -8,
    fill: colors.text,
    fontSize: 12,
    style: { textAnchor: 'middle' as const },
  };
}
