import { formatDuration, formatText, type Language } from '@pulsera/contracts';

/**
 * The two e-mails of an address change (docs/decisions/access.md "Takeover"): the confirmation link,
 * to the new address (the address changes only when it is followed), and the notice to the address on
 * file, which keeps working until then.
 */
type Kind = 'confirm' | 'notice';
const TEXTS: Record<Language, Record<Kind, { subject: string; body: string }>> = {
  en: {
    confirm: {
      subject: 'Confirm your new Pulsera e-mail address',
      body: 'Hello {{name}},\n\nthe e-mail address of your Pulsera console account is to change from {{from}} to {{to}}. Confirm it with this link (valid for {{valid}}; it works once):\n\n{{link}}\n\nUntil you do, you keep signing in with {{from}}. If you did not expect this, ignore this e-mail.',
    },
    notice: {
      subject: 'Your Pulsera e-mail address is about to change',
      body: 'Hello {{name}},\n\na change of the e-mail address of your Pulsera console account from {{from}} to {{to}} was asked for by {{actor}}. It takes effect only when it is confirmed from {{to}}; until then nothing changes.\n\nIf you did not expect this, tell your administrator.',
    },
  },
  es: {
    confirm: {
      subject: 'Confirma tu nueva dirección de correo de Pulsera',
      body: 'Hola {{name}}:\n\nla dirección de correo de tu cuenta de la consola de Pulsera va a cambiar de {{from}} a {{to}}. Confírmalo con este enlace (válido {{valid}}; funciona una vez):\n\n{{link}}\n\nHasta entonces sigues entrando con {{from}}. Si no lo esperabas, ignora este correo.',
    },
    notice: {
      subject: 'Tu dirección de correo de Pulsera va a cambiar',
      body: 'Hola {{name}}:\n\n{{actor}} ha pedido cambiar la dirección de correo de tu cuenta de la consola de Pulsera de {{from}} a {{to}}. Solo se aplica cuando se confirma desde {{to}}; hasta entonces no cambia nada.\n\nSi no lo esperabas, avisa a tu administrador.',
    },
  },
  it: {
    confirm: {
      subject: 'Conferma il tuo nuovo indirizzo e-mail Pulsera',
      body: 'Ciao {{name}},\n\nl’indirizzo e-mail del tuo account della console Pulsera sta per cambiare da {{from}} a {{to}}. Confermalo con questo link (valido {{valid}}; funziona una volta):\n\n{{link}}\n\nFino ad allora continui ad accedere con {{from}}. Se non te lo aspettavi, ignora questa e-mail.',
    },
    notice: {
      subject: 'Il tuo indirizzo e-mail Pulsera sta per cambiare',
      body: 'Ciao {{name}},\n\n{{actor}} ha chiesto di cambiare l’indirizzo e-mail del tuo account della console Pulsera da {{from}} a {{to}}. Il cambio vale solo quando viene confermato da {{to}}; fino ad allora non cambia nulla.\n\nSe non te lo aspettavi, avvisa il tuo amministratore.',
    },
  },
  fr: {
    confirm: {
      subject: 'Confirmez votre nouvelle adresse e-mail Pulsera',
      body: 'Bonjour {{name}},\n\nl’adresse e-mail de votre compte de la console Pulsera va passer de {{from}} à {{to}}. Confirmez-le avec ce lien (valable {{valid}} ; il fonctionne une fois) :\n\n{{link}}\n\nD’ici là, vous vous connectez toujours avec {{from}}. Si vous ne vous y attendiez pas, ignorez cet e-mail.',
    },
    notice: {
      subject: 'Votre adresse e-mail Pulsera va changer',
      body: 'Bonjour {{name}},\n\n{{actor}} a demandé à changer l’adresse e-mail de votre compte de la console Pulsera de {{from}} à {{to}}. Le changement ne s’applique qu’une fois confirmé depuis {{to}} ; d’ici là, rien ne change.\n\nSi vous ne vous y attendiez pas, prévenez votre administrateur.',
    },
  },
};

export function emailChangeEmails(
  lang: Language,
  v: { name: string; from: string; to: string; actor: string; link: string; minutes: number },
) {
  const t = TEXTS[lang] ?? TEXTS.en;
  const params = { ...v, valid: formatDuration(lang, v.minutes) };
  return [
    { to: v.to, subject: t.confirm.subject, text: formatText(lang, t.confirm.body, params), link: v.link },
    { to: v.from, subject: t.notice.subject, text: formatText(lang, t.notice.body, params) },
  ];
}
