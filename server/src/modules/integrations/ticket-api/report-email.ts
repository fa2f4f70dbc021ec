import { formatDuration, type Language } from '@pulsera/contracts';

/** The e-mails of the Ticket API: the report address's verification link, and each import's report. */
const TEXTS: Record<
  Language,
  {
    verifySubject: string;
    verifyBody: string;
    reportSubject: string;
    reportBody: string;
    failed: string;
    retrying: string;
    retryingBody: string;
    answer: string;
  }
> = {
  en: {
    verifySubject: 'Confirm the address for ticket import reports',
    verifyBody:
      'Hello,\n\nthe ticket import "{{schedule}}" of {{event}} will send its reports to this address. Confirm it with this link (valid for {{valid}}):\n\n{{link}}\n\nIf you did not expect this e-mail, ignore it.',
    reportSubject: 'Ticket import "{{schedule}}": {{status}}',
    reportBody:
      'Import "{{schedule}}" of {{event}}, started {{started}}:\n\nCreated: {{created}}\nUpdated: {{updated}}\nCancelled: {{cancelled}}\nUnchanged: {{unchanged}}\nSkipped (not paid): {{skipped}}\nIssues: {{issues}}\n{{error}}',
    failed: 'failed',
    retrying: 'the platform refuses, retrying',
    retryingBody:
      'Import "{{schedule}}" of {{event}}, started {{started}}, could not read the ticketing platform.\n\nThe platform’s answer: {{error}}\n\nThe import tries again by itself (5 more times over about 15 minutes); if it still fails, you will receive its final report.',
    answer: 'The platform’s answer',
  },
  es: {
    verifySubject: 'Confirma la dirección de los informes de importación de entradas',
    verifyBody:
      'Hola:\n\nla importación de entradas "{{schedule}}" de {{event}} enviará sus informes a esta dirección. Confírmala con este enlace (válido {{valid}}):\n\n{{link}}\n\nSi no esperabas este correo, ignóralo.',
    reportSubject: 'Importación de entradas "{{schedule}}": {{status}}',
    reportBody:
      'Importación "{{schedule}}" de {{event}}, iniciada {{started}}:\n\nCreadas: {{created}}\nActualizadas: {{updated}}\nCanceladas: {{cancelled}}\nSin cambios: {{unchanged}}\nOmitidas (no pagadas): {{skipped}}\nIncidencias: {{issues}}\n{{error}}',
    failed: 'fallida',
    retrying: 'la plataforma no responde, reintentando',
    retryingBody:
      'La importación "{{schedule}}" de {{event}}, iniciada {{started}}, no ha podido leer la plataforma de venta.\n\nRespuesta de la plataforma: {{error}}\n\nLa importación lo vuelve a intentar sola (5 veces más durante unos 15 minutos); si sigue fallando, recibirás su informe final.',
    answer: 'Respuesta de la plataforma',
  },
  it: {
    verifySubject: 'Conferma l’indirizzo dei rapporti di importazione biglietti',
    verifyBody:
      'Ciao,\n\nl’importazione biglietti "{{schedule}}" di {{event}} invierà i suoi rapporti a questo indirizzo. Confermalo con questo link (valido {{valid}}):\n\n{{link}}\n\nSe non ti aspettavi questa e-mail, ignorala.',
    reportSubject: 'Importazione biglietti "{{schedule}}": {{status}}',
    reportBody:
      'Importazione "{{schedule}}" di {{event}}, iniziata {{started}}:\n\nCreati: {{created}}\nAggiornati: {{updated}}\nAnnullati: {{cancelled}}\nInvariati: {{unchanged}}\nSaltati (non pagati): {{skipped}}\nProblemi: {{issues}}\n{{error}}',
    failed: 'fallita',
    retrying: 'la piattaforma non risponde, nuovo tentativo',
    retryingBody:
      'L’importazione "{{schedule}}" di {{event}}, iniziata {{started}}, non è riuscita a leggere la piattaforma di biglietteria.\n\nRisposta della piattaforma: {{error}}\n\nL’importazione riprova da sola (altre 5 volte in circa 15 minuti); se continua a fallire, riceverai il suo rapporto finale.',
    answer: 'Risposta della piattaforma',
  },
  fr: {
    verifySubject: 'Confirmez l’adresse des rapports d’importation de billets',
    verifyBody:
      'Bonjour,\n\nl’importation de billets « {{schedule}} » de {{event}} enverra ses rapports à cette adresse. Confirmez-la avec ce lien (valable {{valid}}) :\n\n{{link}}\n\nSi vous n’attendiez pas cet e-mail, ignorez-le.',
    reportSubject: 'Importation de billets « {{schedule}} » : {{status}}',
    reportBody:
      'Importation « {{schedule}} » de {{event}}, commencée {{started}} :\n\nCréés : {{created}}\nMis à jour : {{updated}}\nAnnulés : {{cancelled}}\nInchangés : {{unchanged}}\nIgnorés (non payés) : {{skipped}}\nProblèmes : {{issues}}\n{{error}}',
    failed: 'échouée',
    retrying: 'la plateforme refuse, nouvel essai',
    retryingBody:
      'L’importation « {{schedule}} » de {{event}}, commencée {{started}}, n’a pas pu lire la plateforme de billetterie.\n\nRéponse de la plateforme : {{error}}\n\nL’importation réessaie d’elle-même (5 fois encore en 15 minutes environ) ; si elle échoue toujours, vous recevrez son rapport final.',
    answer: 'Réponse de la plateforme',
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

/** An instant as the event's people read it: its zone and language (never raw UTC). */
export function eventTime(lang: string, timeZone: string, at: Date) {
  const locale = lang in TEXTS ? lang : 'en';
  try {
    return new Intl.DateTimeFormat(locale, { timeZone, dateStyle: 'long', timeStyle: 'short' }).format(at);
  } catch {
    return new Intl.DateTimeFormat(locale, { timeZone: 'UTC', dateStyle: 'long', timeStyle: 'short' }).format(
      at,
    );
  }
}

export function reportEmail(
  lang: string,
  v: {
    to: string;
    schedule: string;
    event: string;
    timeZone: string;
    /** The run failed for good, or is failing and being retried (`retrying`). */
    status: string;
    retrying?: boolean;
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
  const { retrying: _retrying, ...rest } = v;
  const values = {
    ...rest,
    status: v.retrying ? t.retrying : v.status === 'failed' ? t.failed : 'OK',
    started: eventTime(lang, v.timeZone, v.started),
    error: v.retrying ? (v.error ?? '') : v.error ? `${t.answer}: ${v.error}` : '',
  };
  const body = v.retrying ? t.retryingBody : t.reportBody;
  return { to: v.to, subject: fill(t.reportSubject, values), text: fill(body, values) };
}
