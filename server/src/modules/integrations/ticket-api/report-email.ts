import { formatDuration, type Language } from '@pulsera/contracts';

/** The e-mails of the Ticket API: the report address's verification link, and each import's report. */
const TEXTS: Record<
  Language,
  { verifySubject: string; verifyBody: string; reportSubject: string; reportBody: string; failed: string }
> = {
  en: {
    verifySubject: 'Confirm the address for ticket import reports',
    verifyBody:
      'Hello,\n\nthe ticket import "{{schedule}}" of {{event}} will send its reports to this address. Confirm it with this link (valid for {{valid}}):\n\n{{link}}\n\nIf you did not expect this e-mail, ignore it.',
    reportSubject: 'Ticket import "{{schedule}}": {{status}}',
    reportBody:
      'Import "{{schedule}}" of {{event}}, started {{started}}:\n\nCreated: {{created}}\nUpdated: {{updated}}\nCancelled: {{cancelled}}\nUnchanged: {{unchanged}}\nSkipped (not paid): {{skipped}}\nIssues: {{issues}}\n{{error}}',
    failed: 'failed',
  },
  es: {
    verifySubject: 'Confirma la dirección de los informes de importación de entradas',
    verifyBody:
      'Hola:\n\nla importación de entradas "{{schedule}}" de {{event}} enviará sus informes a esta dirección. Confírmala con este enlace (válido {{valid}}):\n\n{{link}}\n\nSi no esperabas este correo, ignóralo.',
    reportSubject: 'Importación de entradas "{{schedule}}": {{status}}',
    reportBody:
      'Importación "{{schedule}}" de {{event}}, iniciada {{started}}:\n\nCreadas: {{created}}\nActualizadas: {{updated}}\nCanceladas: {{cancelled}}\nSin cambios: {{unchanged}}\nOmitidas (no pagadas): {{skipped}}\nIncidencias: {{issues}}\n{{error}}',
    failed: 'fallida',
  },
  it: {
    verifySubject: 'Conferma l’indirizzo dei rapporti di importazione biglietti',
    verifyBody:
      'Ciao,\n\nl’importazione biglietti "{{schedule}}" di {{event}} invierà i suoi rapporti a questo indirizzo. Confermalo con questo link (valido {{valid}}):\n\n{{link}}\n\nSe non ti aspettavi questa e-mail, ignorala.',
    reportSubject: 'Importazione biglietti "{{schedule}}": {{status}}',
    reportBody:
      'Importazione "{{schedule}}" di {{event}}, iniziata {{started}}:\n\nCreati: {{created}}\nAggiornati: {{updated}}\nAnnullati: {{cancelled}}\nInvariati: {{unchanged}}\nSaltati (non pagati): {{skipped}}\nProblemi: {{issues}}\n{{error}}',
    failed: 'fallita',
  },
  fr: {
    verifySubject: 'Confirmez l’adresse des rapports d’importation de billets',
    verifyBody:
      'Bonjour,\n\nl’importation de billets « {{schedule}} » de {{event}} enverra ses rapports à cette adresse. Confirmez-la avec ce lien (valable {{valid}}) :\n\n{{link}}\n\nSi vous n’attendiez pas cet e-mail, ignorez-le.',
    reportSubject: 'Importation de billets « {{schedule}} » : {{status}}',
    reportBody:
      'Importation « {{schedule}} » de {{event}}, commencée {{started}} :\n\nCréés : {{created}}\nMis à jour : {{updated}}\nAnnulés : {{cancelled}}\nInchangés : {{unchanged}}\nIgnorés (non payés) : {{skipped}}\nProblèmes : {{issues}}\n{{error}}',
    failed: 'échouée',
  },
};

const fill = (s: string, v: Record<string, string | number>) =>
  s.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(v[k] ?? ''));
const pick = (lang: string) => TEXTS[(lang in TEXTS ? lang : 'en') as Language];

export function verificationEmail(
  lang: string,
  v: { to: string; schedule: string; event: string; link: string; hours: number },
) {
  const t = pick(lang);
  // "1 hour", "48 hours": the plural of the language (contracts plural.ts).
  const valid = formatDuration(lang, v.hours * 60);
  return { to: v.to, subject: t.verifySubject, text: fill(t.verifyBody, { ...v, valid }), link: v.link };
}

export function reportEmail(
  lang: string,
  v: {
    to: string;
    schedule: string;
    event: string;
    status: string;
    started: Date;
    created: number;
    updated: number;
    cancelled: number;
    unchanged: number;
    skipped: number;
    issues: number;
    error: string | null;
  },
) {
  const t = pick(lang);
  const values = {
    ...v,
    status: v.status === 'failed' ? t.failed : 'OK',
    started: v.started.toISOString(),
    error: v.error ?? '',
  };
  return { to: v.to, subject: fill(t.reportSubject, values), text: fill(t.reportBody, values) };
}
