import { formatText, type Language } from '@pulsera/contracts';
import type { Mail } from '../../../core/lib/mailer';

/**
 * The attendee portal's e-mails (issue 28), in the attendee's language: the receipt of a card
 * top-up once it is credited, the acknowledgement of a refund request, and the notice that a
 * wristband reported lost is blocked. Amounts and dates come formatted (the event's currency, its
 * time zone); the link is the receipt's or the festival's portal.
 */
export type PortalEmailKind = 'topUpReceipt' | 'refundRequested' | 'wristbandBlocked';

interface Texts {
  subject: Record<PortalEmailKind, string>;
  body: Record<PortalEmailKind, string>;
  /** The receipt's lines: label → value. */
  lines: {
    amount: string;
    bonus: string;
    fee: string;
    paid: string;
    card: string;
    date: string;
    ref: string;
  };
}

const TEXTS: Record<Language, Texts> = {
  en: {
    subject: {
      topUpReceipt: '{{event}}: your top-up of {{amount}}',
      refundRequested: '{{event}}: we have your refund request',
      wristbandBlocked: '{{event}}: wristband {{serial}} is blocked',
    },
    body: {
      topUpReceipt:
        'Hello,\n\nyour card payment is received and wristband {{serial}} is topped up.\n\n{{lines}}\n\nYour receipt: {{link}}',
      refundRequested:
        'Hello {{name}},\n\nwe have your request to get {{amount}} of wristband {{serial}} back by bank transfer to the account ending {{account}}. The organiser pays it in its next bank transfer run; you can follow it on {{link}}',
      wristbandBlocked:
        'Hello,\n\nas you asked, wristband {{serial}} is blocked: nobody can pay or top up with it. Its balance ({{amount}}) is kept: at the info desk, staff move it to a new wristband. If you find it again, the organiser can unblock it.\n\n{{link}}',
    },
    lines: {
      amount: 'Top-up',
      bonus: 'Bonus',
      fee: 'Fee',
      paid: 'Paid',
      card: 'Card',
      date: 'Date',
      ref: 'Reference',
    },
  },
  es: {
    subject: {
      topUpReceipt: '{{event}}: tu recarga de {{amount}}',
      refundRequested: '{{event}}: hemos recibido tu solicitud de reembolso',
      wristbandBlocked: '{{event}}: la pulsera {{serial}} está bloqueada',
    },
    body: {
      topUpReceipt:
        'Hola:\n\nhemos recibido tu pago con tarjeta y la pulsera {{serial}} está recargada.\n\n{{lines}}\n\nTu recibo: {{link}}',
      refundRequested:
        'Hola, {{name}}:\n\nhemos recibido tu solicitud de recuperar {{amount}} de la pulsera {{serial}} por transferencia a la cuenta que termina en {{account}}. El organizador la paga en su próxima remesa de transferencias; puedes seguirla en {{link}}',
      wristbandBlocked:
        'Hola:\n\ncomo pediste, la pulsera {{serial}} está bloqueada: nadie puede pagar ni recargar con ella. Su saldo ({{amount}}) se conserva: en el punto de información lo pasan a una pulsera nueva. Si la encuentras, el organizador puede desbloquearla.\n\n{{link}}',
    },
    lines: {
      amount: 'Recarga',
      bonus: 'Bonificación',
      fee: 'Comisión',
      paid: 'Pagado',
      card: 'Tarjeta',
      date: 'Fecha',
      ref: 'Referencia',
    },
  },
  it: {
    subject: {
      topUpReceipt: '{{event}}: la tua ricarica di {{amount}}',
      refundRequested: '{{event}}: abbiamo ricevuto la tua richiesta di rimborso',
      wristbandBlocked: '{{event}}: il braccialetto {{serial}} è bloccato',
    },
    body: {
      topUpReceipt:
        'Ciao,\n\nabbiamo ricevuto il tuo pagamento con carta e il braccialetto {{serial}} è ricaricato.\n\n{{lines}}\n\nLa tua ricevuta: {{link}}',
      refundRequested:
        'Ciao {{name}},\n\nabbiamo ricevuto la tua richiesta di riavere {{amount}} del braccialetto {{serial}} con bonifico sul conto che termina con {{account}}. L’organizzatore lo paga nel suo prossimo lotto di bonifici; puoi seguirlo su {{link}}',
      wristbandBlocked:
        'Ciao,\n\ncome hai chiesto, il braccialetto {{serial}} è bloccato: nessuno può pagare o ricaricare con esso. Il suo saldo ({{amount}}) resta: al punto informazioni lo spostano su un braccialetto nuovo. Se lo ritrovi, l’organizzatore può sbloccarlo.\n\n{{link}}',
    },
    lines: {
      amount: 'Ricarica',
      bonus: 'Bonus',
      fee: 'Commissione',
      paid: 'Pagato',
      card: 'Carta',
      date: 'Data',
      ref: 'Riferimento',
    },
  },
  fr: {
    subject: {
      topUpReceipt: '{{event}} : votre recharge de {{amount}}',
      refundRequested: '{{event}} : nous avons reçu votre demande de remboursement',
      wristbandBlocked: '{{event}} : le bracelet {{serial}} est bloqué',
    },
    body: {
      topUpReceipt:
        'Bonjour,\n\nvotre paiement par carte est reçu et le bracelet {{serial}} est rechargé.\n\n{{lines}}\n\nVotre reçu : {{link}}',
      refundRequested:
        'Bonjour {{name}},\n\nnous avons reçu votre demande de récupérer {{amount}} du bracelet {{serial}} par virement sur le compte se terminant par {{account}}. L’organisateur le paie lors de sa prochaine remise de virements ; vous pouvez la suivre sur {{link}}',
      wristbandBlocked:
        'Bonjour,\n\ncomme vous l’avez demandé, le bracelet {{serial}} est bloqué : personne ne peut payer ni recharger avec. Son solde ({{amount}}) est conservé : au point info, l’équipe le transfère sur un nouveau bracelet. Si vous le retrouvez, l’organisateur peut le débloquer.\n\n{{link}}',
    },
    lines: {
      amount: 'Recharge',
      bonus: 'Bonus',
      fee: 'Frais',
      paid: 'Payé',
      card: 'Carte',
      date: 'Date',
      ref: 'Référence',
    },
  },
};

/** The values of one e-mail, already formatted; `lines` only for the receipt (absent ones left out). */
export interface PortalEmailValues {
  event: string;
  serial: string;
  amount: string;
  link: string;
  name?: string;
  account?: string;
  lines?: Partial<Record<keyof Texts['lines'], string | null>>;
}

export function portalEmail(kind: PortalEmailKind, lang: Language, to: string, v: PortalEmailValues): Mail {
  const t = TEXTS[lang] ?? TEXTS.en;
  const lines = Object.entries(v.lines ?? {})
    .filter(([, value]) => value)
    .map(([k, value]) => `${t.lines[k as keyof Texts['lines']]}: ${value}`)
    .join('\n');
  const params = { ...v, name: v.name ?? '', account: v.account ?? '', lines };
  return {
    to,
    subject: formatText(lang, t.subject[kind], params),
    text: formatText(lang, t.body[kind], params),
    link: v.link,
  };
}
