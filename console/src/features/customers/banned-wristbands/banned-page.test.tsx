import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { fakeApi, installDomShims, renderScreen } from '../../../test-utils';
import BannedWristbandsPage from './banned-page';

beforeAll(() => {
  installDomShims();
  Element.prototype.scrollTo ??= () => {};
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('the banned wristbands screen (a list + detail form)', { timeout: 30_000 }, () => {
  it('says a too-long note is too long in the user’s language, not in zod’s English', async () => {
    await i18n.changeLanguage('es');
    const sent = fakeApi(() => ({ body: { error: 0, result: [] } }));
    const user = userEvent.setup({ delay: null });
    renderScreen(<BannedWristbandsPage />);
    await user.click(await screen.findByTestId('resource-new'));
    const detail = await screen.findByTestId('resource-detail');
    await user.type(within(detail).getByTestId('field-nSerie'), '04A1B2C3D4');
    // The notes have no length limit in the browser: the form's schema (at most 500) refuses it.
    await user.click(within(detail).getByRole('textbox', { name: 'Notas' }));
    await user.paste('n'.repeat(501));
    await user.click(within(detail).getByTestId('resource-save'));
    expect(await within(detail).findByText('Máximo 500 caracteres')).toBeTruthy();
    expect(within(detail).queryByText(/expected string/i)).toBeNull();
    expect(sent.some((c) => c.method === 'POST')).toBe(false);

    // Switching the language translates the same message again.
    await i18n.changeLanguage('fr');
    expect(await within(detail).findByText('Maximum 500 caractères')).toBeTruthy();
  });
});
