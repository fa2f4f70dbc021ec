import { passwordProblems } from '@pulsera/contracts';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as english from '@zxcvbn-ts/language-en';

/**
 * Common and breached passwords are refused with zxcvbn-ts and its dictionaries (the most common
 * passwords of public breaches, English words and names, keyboard patterns, l33t spellings): a
 * password scoring under 3 of 4 ("safely unguessable") is too easy to guess, whatever its symbols.
 * Built once, on first use: the dictionaries take a moment to load.
 */
let checker: ZxcvbnFactory | null = null;
const MIN_SCORE = 3;

export function tooGuessable(password: string, userInputs: string[] = []): boolean {
  checker ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...english.dictionary },
    graphs: common.adjacencyGraphs,
    translations: english.translations,
  });
  return checker.check(password.slice(0, 100), userInputs).score < MIN_SCORE;
}

/**
 * Everything wrong with a password a user chooses (change, invitation, reset): the policy of
 * 01-console §5 and then the guessability check. Message keys of the validation catalogue.
 */
export function choosePasswordProblems(password: string, user: { email?: string; name?: string }): string[] {
  const problems = passwordProblems(password, user);
  if (problems.length > 0) return problems;
  const inputs = [user.email ?? '', ...(user.name ?? '').split(/\s+/), 'pulsera'].filter(Boolean);
  return tooGuessable(password, inputs) ? ['validation.passwordCommon'] : [];
}
