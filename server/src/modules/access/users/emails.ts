import { formatDuration, formatText, type Language } from '@pulsera/contracts';

/**
 * The invitation and password e-mails, in the language of the request that sends them: `reset` answers
 * the user's own request (their password still works until they use the link); `adminReset` follows an
 * administrator's reset (the old password no longer works, so it must not say "ignore this e-mail").
 */
export type PasswordEmailKind = 'invitation' | 'reset' | 'adminReset';
type Kind = PasswordEmailKind;
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
    adminReset: {
      subject: 'Your Pulsera password was reset',
      body: 'Hello {{name}},\n\nan administrator reset the password of {{email}}: the old one no longer works and every open session was closed. Choose a new password with this link (valid for {{valid}}; it works once):\n\n{{link}}\n\nIf you did not expect this, tell your administrator.',
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
    adminReset: {
      subject: 'Se ha restablecido tu contraseña de Pulsera',
      body: 'Hola {{name}}:\n\nun administrador ha restablecido la contraseña de {{email}}: la anterior ya no funciona y se han cerrado todas las sesiones abiertas. Elige una nueva con este enlace (válido {{valid}}; funciona una vez):\n\n{{link}}\n\nSi no lo esperabas, avisa a tu administrador.',
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
    adminReset: {
      subject: 'La tua password Pulsera è stata reimpostata',
      body: 'Ciao {{name}},\n\nun amministratore ha reimpostato la password di {{email}}: quella vecchia non funziona più e tutte le sessioni aperte sono state chiuse. Scegline una nuova con questo link (valido {{valid}}; funziona una volta):\n\n{{link}}\n\nSe non te lo aspettavi, avvisa il tuo amministratore.',
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
    adminReset: {
      subject: 'Votre mot de passe Pulsera a été réinitialisé',
      body: 'Bonjour {{name}},\n\nun administrateur a réinitialisé le mot de passe de {{email}} : l’ancien ne fonctionne plus et toutes les sessions ouvertes ont été fermées. Choisissez-en un nouveau avec ce lien (valable {{valid}} ; il fonctionne une fois) :\n\n{{link}}\n\nSi vous ne vous y attendiez pas, prévenez votre administrateur.',
    },
  },
};

export function passwordEmail(
  kind: Kind,
  lang: Language,
  v: { name: string; email: string; link: string; minutes: number },
) {
  const t = TEXTS[lang] ?? TEXTS.en;
  const params = { name: v.name, email: v.email, link: v.link, valid: formatDuration(lang, v.minutes) };
  return {
    to: v.email,
    subject: t[kind].subject,
    text: formatText(lang, t[kind].body, params),
    link: v.link,
  };
}
