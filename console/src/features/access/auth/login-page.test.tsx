import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeApi, installDomShims, renderScreen } from '../../../test-utils';
import { LoginPage } from './login-page';

beforeAll(installDomShims);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/**
 * The sign-in form is plain React state since it left react-hook-form (issue 31, first load); it keeps
 * the behaviour of every other form: checked when sent, each field again as it changes, the first field
 * in error focused, the server's field errors on their fields.
 */
describe('the sign-in form', () => {
  it('refuses empty fields before calling the server, focuses the e-mail and checks it again as it is typed', async () => {
    const sent = fakeApi(() => ({ body: { error: 0, result: null } }));
    const user = userEvent.setup();
    renderScreen(<LoginPage />);
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findAllByText('Required field')).toHaveLength(2);
    expect(document.activeElement).toBe(screen.getByLabelText('E-mail'));
    expect(sent).toEqual([]);

    await user.type(screen.getByLabelText('E-mail'), 'ana');
    expect(await screen.findByText('Invalid e-mail')).toBeTruthy();
    expect(screen.getAllByText('Required field')).toHaveLength(1);
    await user.type(screen.getByLabelText('E-mail'), '@demo.test');
    await waitFor(() => expect(screen.queryByText('Invalid e-mail')).toBeNull());
  });

  it("shows the server's refusal, and its field errors under the fields", async () => {
    let answer = { status: 401, body: { error: 1001, description: 'Wrong e-mail or password' } };
    const sent = fakeApi(() => answer);
    const user = userEvent.setup();
    renderScreen(<LoginPage />);
    await user.type(await screen.findByLabelText('E-mail'), 'ana@demo.test');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByTestId('login-error')).textContent).toBe('Wrong e-mail or password');
    expect(sent[0]?.body).toEqual({ email: 'ana@demo.test', password: 'secret' });

    answer = {
      status: 400,
      body: {
        error: 400,
        description: 'Invalid data',
        fields: [{ path: 'email', message: 'validation.email' }],
      },
    } as typeof answer;
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Invalid e-mail')).toBeTruthy();
  });
});
