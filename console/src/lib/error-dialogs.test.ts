import { afterEach, describe, expect, it, vi } from 'vitest';
import { modals } from '../components/dialogs-host';
import { ApiError, api } from './api';
import { handleApiError, installErrorHandler } from './error-dialogs';
import { i18n, translateMessage } from './i18n';
import { messageAmount, moneyOf } from './money';

installErrorHandler();
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('conflicts with field errors (issue 16)', () => {
  it('land on the form: a 409 with fields opens no dialog for a form call; without fields it does', () => {
    const open = vi.spyOn(modals, 'open').mockImplementation(() => 'x');
    const taken = new ApiError(409, 1700, 'A staff member with the user X already exists', [
      { path: 'staff.user', message: 'validation.staffUserTaken' },
    ]);
    handleApiError(taken, { form: true });
    expect(open).not.toHaveBeenCalled();
    handleApiError(new ApiError(409, 1011, 'In use'), { form: true });
    expect(open).toHaveBeenCalledTimes(1);
  });
});

describe("an answer the client cannot read (01-console §8 'Error in the API')", () => {
  it('is an ApiError saying so, shown in the error dialog', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>Bad gateway</html>', { status: 502 })),
    );
    const open = vi.spyOn(modals, 'open').mockImplementation(() => 'x');
    const failure = await api.get('/anything').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).description).toBe('Error in the API');
    expect(open).toHaveBeenCalledTimes(1);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"result": 1}', { status: 200 })),
    );
    const odd = await api.get('/other').catch((e: unknown) => e);
    expect((odd as ApiError).description).toBe('Error in the API');
  });
});

describe('amounts in messages (issue 16)', () => {
  it("carry the screen's currency and conversion", () => {
    const euro = { iso: 'EUR', symbol: '€', fraction: 0.01, rate: 1 };
    const tokens = moneyOf({ iso: 'SNT', symbol: 'T', fraction: 0.01, rate: 2 }, euro);
    const text = translateMessage(
      i18n.t.bind(i18n),
      'validation.refundOverBalance|{"balanceCents":500}',
      messageAmount(tokens),
    );
    expect(text).toBe('The refund cannot exceed the cash balance of the customer (5.00 € = 10.00 T)');
    expect(
      translateMessage(
        i18n.t.bind(i18n),
        'validation.refundOverBalance|{"balanceCents":500}',
        messageAmount(moneyOf(euro)),
      ),
    ).toBe('The refund cannot exceed the cash balance of the customer (5.00 €)');
  });
});
