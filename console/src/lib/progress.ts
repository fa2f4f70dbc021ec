/**
 * The colour of a progress bar by its percentage (01-console §9: thresholds 25, 50 and 75 %), one
 * helper for every bar (zone capacity, the dashboard's zones): below 25 % teal, from 25 % yellow, from
 * 50 % orange, from 75 % red.
 */
export const PROGRESS_THRESHOLDS = [25, 50, 75] as const;
const COLORS = ['teal', 'yellow', 'orange', 'red'] as const;
export type ProgressColor = (typeof COLORS)[number];

export function progressColor(percent: number): ProgressColor {
  const band = PROGRESS_THRESHOLDS.filter((t) => percent >= t).length;
  return COLORS[band]!;
}
