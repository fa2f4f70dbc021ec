import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Bytes written as =XX (quoted-printable, and Q-encoded words with _ for a space) back to text. */
const unQuote = (s: string) =>
  Buffer.from(
    s.replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
    'latin1',
  ).toString('utf8');

/** The e-mails of an outbox folder (the mailer's .eml files), oldest first: to, subject, text. */
export function outboxMails(dir: string) {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((f) => {
      const raw = readFileSync(path.join(dir, f), 'utf8');
      const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
      const header = (name: string) =>
        (new RegExp(`^${name}: (.*(?:\\r?\\n[ \\t].*)*)`, 'mi').exec(head)?.[1] ?? '')
          .replace(/\r?\n[ \t]/g, ' ')
          .replace(/=\?UTF-8\?Q\?(.*?)\?=\s*/gi, (_, w: string) => unQuote(w.replace(/_/g, ' ')));
      const qp = /quoted-printable/i.test(head);
      const body = rest.join('\n\n');
      return {
        to: header('To'),
        subject: header('Subject'),
        text: qp ? unQuote(body.replace(/=\r?\n/g, '')) : body,
      };
    });
}
