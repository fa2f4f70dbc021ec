/**
 * The texts of a sync's answer: a refused operation with its description, and the messages of bans and flags.
 */
import type { FlagReason, Language } from '@pulsera/contracts';
import { translate } from '../../../core/lib/i18n';
import type { BanOutcome } from './sync.rules';
import type { Refusal } from './sync-types';

export function refusal(
  lang: Language,
  id: string | null,
  index: number,
  reason: string,
  message: string,
  raw: unknown,
  fields?: { path: string; message: string }[],
): Refusal {
  const texts = fields?.map((f) => ({ ...f, text: translate(lang, f.message) }));
  const description = texts?.length
    ? `${translate(lang, 'errors.validation')}: ${texts.map((f) => `${f.path || 'operation'}: ${f.text}`).join('; ')}`
    : translate(lang, message);
  return { refused: { id, index, reason, description, ...(texts ? { fields: texts } : {}) }, raw };
}

/** The message of a refusal for a ban. */
export const banMessage = (reason: BanOutcome['reason'], serial: string) =>
  `validation.${reason === 'bannedTopUp' ? 'feedBannedTopUp' : 'feedBannedWristband'}|${JSON.stringify({ serial })}`;

/** The message of one reason an accepted operation was flagged. */
export function flagMessage(reason: FlagReason, serial: string | undefined) {
  if (reason === 'negativeBalance') return 'validation.feedFlagNegativeBalance';
  const key = reason === 'bannedTopUp' ? 'feedFlagBannedTopUp' : 'feedFlagBannedWristband';
  return `validation.${key}|${JSON.stringify({ serial })}`;
}
