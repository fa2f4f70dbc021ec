import { describe, expect, it } from 'vitest';
import { issueMessage } from '../validation';
import { TimeRangeForm, TimeRangeSave } from './time-ranges';

const messages = (r: { success: boolean; error?: { issues: Parameters<typeof issueMessage>[0][] } }) =>
  (r.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${issueMessage(i)}`);
const dates = { dateStart: '2026-07-10', dateEnd: '2026-07-12' };

describe('time range names get the message of what is wrong', () => {
  it('a too long name says it is too long, not required', () => {
    expect(messages(TimeRangeSave.safeParse({ name: 'x'.repeat(151), ...dates }))).toEqual([
      'name: validation.maxLength|{"maxLength":150}',
    ]);
    expect(messages(TimeRangeForm.safeParse({ existing: false, name: 'x'.repeat(151), ...dates }))).toEqual([
      'name: validation.maxLength|{"maxLength":150}',
    ]);
  });

  it('a blank or missing name is required; a name that is not text is invalid', () => {
    expect(messages(TimeRangeSave.safeParse({ name: '   ', ...dates }))).toEqual([
      'name: validation.required',
    ]);
    expect(messages(TimeRangeSave.safeParse({ ...dates }))).toEqual(['name: validation.required']);
    expect(messages(TimeRangeSave.safeParse({ name: 7, ...dates }))).toEqual([
      'name: validation.invalidType|{"expected":"string"}',
    ]);
    expect(TimeRangeSave.safeParse({ name: 'x'.repeat(150), ...dates }).success).toBe(true);
  });
});
