import { expect, test } from '@playwright/test';
import { openActiveEvent } from '../helpers';
import { openGate, wedgeIntoFocus } from './terminal-helpers';

/**
 * A gate with a USB keyboard-wedge reader (issue 30) on a phone (360×740): the reader types into the
 * focused field, so the gate's answer must leave its reader field focused. Two wristbands read in a
 * row, without pressing Next: each gets its own answer (the README's Luca Ruiz admitted, a wristband
 * without a ticket role refused with NI), and nothing is left waiting to be sent.
 */

const LUCA = '04577424DBA62E';
const NO_ROLE = '04E2E7A1B2C3F0';

test('a keyboard-wedge reader at the gate reads the next wristband while the last answer shows', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await openActiveEvent(page, 'admin@demo.test');
  const { phone, terminal } = await openGate(page, browser, 'E2E-GATE-WEDGE');
  const answer = terminal.getByTestId('gate-answer');

  await wedgeIntoFocus(terminal, LUCA);
  await expect(answer).toHaveClass(/admitted/);
  await expect(answer).toContainText(LUCA);

  // The next wristband, read at once: its answer replaces Luca's.
  await wedgeIntoFocus(terminal, NO_ROLE);
  await expect(answer).toHaveClass(/refused/);
  await expect(answer).toContainText(NO_ROLE);
  await expect(terminal.getByTestId('gate-code')).toHaveText('NI · denied: no role');
  await expect(terminal.getByTestId('reader-serial')).toBeFocused();
  await expect(terminal.getByTestId('reader-serial')).toHaveValue('');

  // Both operations were written and sent: nothing waits.
  await expect(terminal.getByTestId('status-bar')).toContainText('All sent', { timeout: 30_000 });
  await terminal.getByTestId('gate-next').click();
  await expect(answer).toHaveCount(0);
  await expect(terminal.getByTestId('reader-serial')).toBeFocused();
  await phone.close();
});
