import type { Language } from '@pulsera/contracts';

/** The invitation and password-reset e-mails, in the language of the request that sends them. */
type Kind = 'invitation' | 'reset';
const TEXTS: Record<Language, Record<Kind, { subject: string; body: string }>> = {
  en: {
    invitation: {
      subject: 'You are invited to the Pulsera console',
      body: 'Hello {{name}},\n\nyou have been given access to the Pulsera console as {{email}}. Choose your password with this link (valid for {{valid}}):\n\n{{link}}\n\nIf you did not expect this e-mail, ignore it.',
    },
    reset: {
      subject: 'Choose a new Pulsera password',
      body: 'Hello {{name}},\n\na new password was requested for {{email}}. Choose it with this link (valid for {{valid}}; it works once):\n\n{{link}}\n\nIf you did not ask for it, ignore this e-mail: your password stays as it is.',
    },
  },
  es: {
    invitation: {
      subject: 'Te han invitado a la consola de Pulsera',
      body: 'Hola {{name}}:\n\nte han dado acceso a la consola de Pulsera como {{email}}. Elige tu contraseña con este enlace (válido {{valid}}):\n\n{{link}}\n\nSi no esperabas este correo, ignóralo.',
    },
    reset: {
      subject: 'Elige una nueva contraseña de Pulsera',
      body: 'Hola {{name}}:\n\nse ha pedido una nueva contraseña para {{email}}. Elígela con este enlace (válido {{valid}}; funciona una vez):\n\n{{link}}\n\nSi no la pediste, ignora este correo: tu contraseña no cambia.',
    },
  },
  it: {
    invitation: {
      subject: 'Sei stato invitato alla console Pulsera',
      body: 'Ciao {{name}},\n\nti è stato dato accesso alla console Pulsera come {{email}}. Scegli la tua password con questo link (valido {{valid}}):\n\n{{link}}\n\nSe non ti aspettavi questa e-mail, ignorala.',
    },
    reset: {
      subject: 'Scegli una nuova password Pulsera',
      body: 'Ciao {{name}},\n\nè stata chiesta una nuova password per {{email}}. Sceglila con questo link (valido {{valid}}; funziona una volta):\n\n{{link}}\n\nSe non l’hai chiesta, ignora questa e-mail: la tua password resta la stessa.',
    },
  },
  fr: {
    invitation: {
      subject: 'Vous êtes invité à la console Pulsera',
      body: 'Bonjour {{name}},\n\nvous avez reçu un accès à la console Pulsera en tant que {{email}}. Choisissez votre mot de passe avec ce lien (valable {{valid}}) :\n\n{{link}}\n\nSi vous n’attendiez pas cet e-mail, ignorez-le.',
    },
    reset: {
      subject: 'Choisissez un nouveau mot de passe Pulsera',
      body: 'Bonjour {{name}},\n\nun nouveau mot de passe a été demandé pour {{email}}. Choisissez-le avec ce lien (valable {{valid}} ; il fonctionne une fois) :\n\n{{link}}\n\nSi vous ne l’avez pas demandé, ignorez cet e-mail : votre mot de passe reste le même.',
    },
  },
};

const DURATION: Record<Language, { h: string; m: string }> = {
  en: { h: '{{n}} hours', m: '{{n}} minutes' },
  es: { h: '{{n}} horas', m: '{{n}} minutos' },
  it: { h: '{{n}} ore', m: '{{n}} minuti' },
  fr: { h: '{{n}} heures', m: '{{n}} minutes' },
};

export function passwordEmail(
  kind: Kind,
  lang: Language,
  v: { name: string; email: string; link: string; minutes: number },
) {
  const t = TEXTS[lang] ?? TEXTS.en;
  const d = DURATION[lang] ?? DURATION.en;
  const valid =
    v.minutes % 60 === 0
      ? d.h.replace('{{n}}', String(v.minutes / 60))
      : d.m.replace('{{n}}', String(v.minutes));
  const fill = (s: string) =>
    s
      .replaceAll('{{name}}', v.name)
      .replaceAll('{{email}}', v.email)
      .replaceAll('{{link}}', v.link)
      .replaceAll('{{valid}}', valid);
  return { to: v.email, subject: t[kind].subject, text: fill(t[kind].body), link: v.link };
}
