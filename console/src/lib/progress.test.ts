import { describe, expect, it } from 'vitest';
import { progressColor } from './progress';

describe('progress bar colours (01-console §9: 25, 50, 75 %)', () => {
  it('changes colour exactly at the thresholds', () => {
    expect([0, 24.99, 25, 49.9, 50, 74.9, 75, 100, 130].map(progressColor)).toEqual([
      'teal',
      'teal',
      'yellow',
      'yellow',
      'orange',
      'orange',
      'red',
      'red',
      'red',
    ]);
  });
});
