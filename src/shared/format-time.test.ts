import { describe, expect, it } from 'vitest';
import { formatMeanStddev, formatRatio, formatTime } from './format-time';

describe('formatTime', () => {
  it.each([
    [17.934, '17.93 s'],
    [5.239, '5.239 s'],
    [220, '220.0 s'],
    [3600, '3600 s'],
    [0.4772, '477.2 ms'],
    [0.001772383, '1.772 ms'],
    [0.00040657, '406.6 µs'],
    [2.5e-8, '25.00 ns'],
    [0, '0 s'],
    [0.99999, '1.000 s'],
    [12345.6, '12346 s'],
    [0.115, '115.0 ms'],
    [0.0009999, '999.9 µs'],
    [0.00099999, '1.000 ms'],
    [2e-9, '2.000 ns'],
  ])('%d s → %s', (seconds, text) => {
    expect(formatTime(seconds)).toBe(text);
  });
});

describe('formatMeanStddev', () => {
  it('shows σ in the unit and precision of the mean, as hyperfine does', () => {
    expect(formatMeanStddev(5.239, 0.115)).toBe('5.239 s ± 0.115 s');
    expect(formatMeanStddev(0.4772, 0.0049)).toBe('477.2 ms ± 4.9 ms');
    expect(formatMeanStddev(17.934, 1.493)).toBe('17.93 s ± 1.49 s');
  });
  it('shows the mean alone when σ is unknown', () => {
    expect(formatMeanStddev(38, null)).toBe('38.00 s');
  });
});

describe('formatRatio', () => {
  it('keeps two decimals, fewer for huge ratios', () => {
    expect(formatRatio(1)).toBe('1.00×');
    expect(formatRatio(3.4234)).toBe('3.42×');
    expect(formatRatio(123.4)).toBe('123×');
    expect(formatRatio(Infinity)).toBe('∞');
  });
});
