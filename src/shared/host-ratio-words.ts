// A backend's time against the host baseline in words, shared so the Results page and the Markdown
// export compare with the same baseline and say it the same way.

/** "3.2× host time", "2.0× faster than host", or "≈ host time" within 5 %. */
export function hostRatioWords(ratio: number): string {
  if (ratio < 1.05 && ratio > 1 / 1.05) return '≈ host time';
  if (ratio >= 1) return `${ratio.toFixed(ratio >= 100 ? 0 : 1)}× host time`;
  return `${(1 / ratio).toFixed(1)}× faster than host`;
}
