// Chart colours for the current theme. Series use the Okabe–Ito palette (told apart by people with
// colour-vision deficiencies), lightened in dark mode; the host baseline is always grey. Which
// colour a backend gets is lib/backend-palette.ts's to say, by the backend, in every chart.
import { useColorScheme } from './use-color-scheme';

export interface ChartColors {
  series: readonly string[];
  baseline: string;
  grid: string;
  text: string;
  whisker: string;
  background: string;
}

const LIGHT: ChartColors = {
  series: ['#0072B2', '#E69F00', '#009E73', '#CC79A7', '#56B4E9', '#D55E00', '#8C6D1F', '#332288'],
  baseline: '#8a9099',
  grid: '#d8dde3',
  text: '#3b434d',
  whisker: '#1b1f24',
  background: '#ffffff',
};

const DARK: ChartColors = {
  series: ['#4fa3e0', '#f0b43c', '#2fc79c', '#e29ac6', '#8fd0f5', '#f07a3a', '#d6b35c', '#9c8cf0'],
  baseline: '#7d8590',
  grid: '#30363d',
  text: '#c9d1d9',
  whisker: '#e6edf3',
  background: '#171b21',
};

export function useChartColors(): ChartColors {
  return useColorScheme() === 'dark' ? DARK : LIGHT;
}
