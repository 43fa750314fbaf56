// How settled a run's answer is, as History, the Team page and the stored summaries say it: one
// word shared by the API's types, the team view and the summary index's schema, below all three.

export const WINNER_STATES = ['decided', 'only', 'tie', 'undecided'] as const;

/**
 * decided: measurably fastest; only: nothing rivalled it in its role; tie: equivalent, or no
 * measurable difference a sweep could see; undecided: the figures (or an open race) settle nothing.
 */
export type WinnerState = (typeof WINNER_STATES)[number];
