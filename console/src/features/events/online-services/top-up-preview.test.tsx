import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { installDomShims, renderScreen } from '../../../test-utils';
import { TopUpPreview, type TopUpPreviewProps } from './top-up-preview';

beforeAll(installDomShims);
afterEach(cleanup);

const props = (over: Partial<TopUpPreviewProps> = {}): TopUpPreviewProps => ({
  eventName: 'Sonora Festival 2026',
  address: 'sonora.example.test',
  colors: { primary: '#6d28d9', accent: '#f59e0b', headerText: '#ffffff', background: '#f4f1fb' },
  gradient: { enabled: 0, angle: 90, from: '#6d28d9', to: '#f59e0b' },
  images: { header: null, login: null, favicon: null, background: null },
  loginMethod: 'ticket',
  needsCodeCheck: false,
  knownTicketsOnly: true,
  cardBrands: [],
  infoTexts: { en: 'Top up here', es: 'Recarga aquí', it: 'Ricarica qui', fr: 'Rechargez ici' },
  amounts: null,
  recaptcha: false,
  ...over,
});

describe('the top-up site preview', () => {
  it('offers every language with an info text and shows the text of the one picked', async () => {
    renderScreen(<TopUpPreview {...props()} />);
    for (const l of ['en', 'es', 'it', 'fr'])
      expect((await screen.findByTestId(`preview-language-${l}`)).textContent).toBe(l.toUpperCase());
    expect(screen.getByTestId('preview-info').textContent).toBe('Top up here');
    await userEvent.click(screen.getByTestId('preview-language-fr'));
    expect(screen.getByTestId('preview-info').textContent).toBe('Rechargez ici');
  });

  it('offers only the languages that have an info text', async () => {
    renderScreen(<TopUpPreview {...props({ infoTexts: { en: 'Top up here', it: ' ' } })} />);
    expect((await screen.findByTestId('preview-language-en')).textContent).toBe('EN');
    expect(screen.queryByTestId('preview-language-it')).toBeNull();
    expect(screen.queryByTestId('preview-language-es')).toBeNull();
  });

  it('tells that only the event tickets are accepted in full text, not in a cut placeholder', async () => {
    renderScreen(<TopUpPreview {...props()} />);
    const field = await screen.findByTestId('preview-ticket');
    expect(field.getAttribute('placeholder')).toBe('Ticket code');
    expect(screen.getByText('Only tickets of the event').tagName).not.toBe('INPUT');
  });
});
