import {
  BIC_PATTERN,
  bicIbanMismatch,
  DEBTOR_NAME_MAX,
  localMoment,
  type PayoutSkipReason,
  sepaClean,
} from '@pulsera/contracts';
import anyAscii from 'any-ascii';
import { isValidBIC, isValidIBAN } from 'ibantools';
import { Document } from 'sepa';

/**
 * The pain.001.001.09 file of a payout run (issue 15), and what may go in it (issue 26): each transfer
 * is checked alone before the file is written, so one refund the file cannot carry is left out and
 * named instead of failing the run; names in any script are transliterated to Latin; the file's dates
 * are those of the event's time zone, never the host's.
 */

/** The pain.001 version written (docs/decisions/customers.md: the SEPA 2019 rulebook version banks take). */
export const PAIN_FORMAT = 'pain.001.001.09';

/** Text in the SEPA character set: any script transliterated to Latin (any-ascii), then cleaned. */
export const sepaText = (text: string, max: number) => sepaClean(anyAscii(text), max);

/** The calendar day (YYYY-MM-DD) of an instant in a time zone (default now). */
export const dayIn = (zone: string, at = new Date()) => localMoment(at, zone).date;

/** An instant as the zone's local time with its offset, e.g. 2026-07-10T20:00:00+02:00. */
export function isoWithOffset(at: Date, zone: string) {
  const p = localMoment(at, zone);
  return `${p.date}T${p.time}${p.offset}`;
}

export interface Transfer {
  name: string;
  iban: string;
  bic: string | null;
  transfer: number;
  concept: string;
  endToEndId: string;
}

export interface Debtor {
  name: string;
  iban: string;
  bic: string | null;
}

/**
 * The pain.001.001.09 document of a run: one payment block, one transfer per refund. The creation
 * time is written in the event's zone with its offset, the execution date as given (the library
 * would write both from the host's clock fields).
 */
export function buildPain001(p: {
  messageId: string;
  created: Date;
  zone: string;
  executionDate: string;
  debtor: Debtor;
  transfers: Transfer[];
}): string {
  const doc = new Document(PAIN_FORMAT);
  doc.grpHdr.id = p.messageId;
  doc.grpHdr.created = p.created;
  doc.grpHdr.initiatorName = sepaText(p.debtor.name, DEBTOR_NAME_MAX);
  const info = doc.createPaymentInfo();
  info.requestedExecutionDate = new Date(`${p.executionDate}T12:00:00`);
  info.debtorIBAN = p.debtor.iban;
  if (p.debtor.bic) info.debtorBIC = p.debtor.bic;
  info.debtorName = sepaText(p.debtor.name, DEBTOR_NAME_MAX);
  doc.addPaymentInfo(info);
  for (const t of p.transfers) {
    const tx = info.createTransaction();
    tx.creditorName = t.name;
    tx.creditorIBAN = t.iban;
    if (t.bic) tx.creditorBIC = t.bic;
    tx.amount = t.transfer / 100;
    tx.currency = 'EUR';
    tx.remittanceInfo = t.concept;
    tx.end2endId = t.endToEndId;
    info.addTransaction(tx);
  }
  return doc
    .toString()
    .replace(/<CreDtTm>[^<]*<\/CreDtTm>/, `<CreDtTm>${isoWithOffset(p.created, p.zone)}</CreDtTm>`)
    .replace(/<ReqdExctnDt><Dt>[^<]*<\/Dt>/, `<ReqdExctnDt><Dt>${p.executionDate}</Dt>`);
}

/** The debtor account can head a file: its IBAN and BIC pass the checks and agree. */
export function debtorUsable(d: Debtor) {
  if (!isValidIBAN(d.iban)) return false;
  if (d.bic && (!BIC_PATTERN.test(d.bic) || !isValidBIC(d.bic) || bicIbanMismatch(d.iban, d.bic)))
    return false;
  return true;
}

/** A debtor that passes every check, to try one transfer alone (the real one is checked apart). */
const CHECK_DEBTOR: Debtor = { name: 'CHECK', iban: 'ES7620770024003102575766', bic: 'CVALESVVXXX' };

/**
 * Why one transfer cannot go in a file, or null when it can: our checks first (they name the fault),
 * then the file library's own, on a file of this transfer alone.
 */
export function transferProblem(
  t: Pick<Transfer, 'name' | 'iban' | 'bic' | 'transfer'>,
): { reason: PayoutSkipReason; detail: string | null } | null {
  if (t.transfer < 1) return { reason: 'noTransfer', detail: null };
  if (!isValidIBAN(t.iban)) return { reason: 'iban', detail: null };
  if (t.bic && (!BIC_PATTERN.test(t.bic) || !isValidBIC(t.bic))) return { reason: 'bic', detail: null };
  const m = bicIbanMismatch(t.iban, t.bic);
  if (m) return { reason: 'bicCountry', detail: `${m.bic}/${m.iban}` };
  try {
    buildPain001({
      messageId: 'CHECK',
      created: new Date(),
      zone: 'UTC',
      executionDate: '2099-01-01',
      debtor: CHECK_DEBTOR,
      transfers: [{ ...t, concept: 'CHECK', endToEndId: 'CHECK-1' }],
    });
    return null;
  } catch (e) {
    return { reason: 'file', detail: e instanceof Error ? e.message : String(e) };
  }
}
