import {
  type ExtractPayout,
  type ExtractResult,
  type ExtractRow,
  type ExtractSale,
  type ExtractTopUp,
  knownAccessCode,
  knownOperationType,
  knownPaymentType,
} from '@pulsera/contracts';
import type { TFunction } from 'i18next';

/** Names of the codes of 01-console §3; anything else is 'unknown'. */
export const operationTypeName = (t: TFunction, code: string | null | undefined) =>
  knownOperationType(code) ? t(`customers.operationTypes.${code}`) : t('customers.unknown');
export const paymentTypeName = (t: TFunction, code: string | null | undefined) =>
  knownPaymentType(code) ? t(`customers.paymentTypes.${code}`) : t('customers.unknown');
export const accessCodeName = (t: TFunction, code: string | null | undefined) =>
  knownAccessCode(code) ? t(`customers.access.codes.${code}`) : t('customers.unknown');

/** One line of the extract with the details of its top-up, sale or SEPA payout movement. */
export interface ExtractLine {
  row: ExtractRow;
  topUp?: ExtractTopUp;
  sale?: ExtractSale;
  payout?: ExtractPayout;
}

/** The server's merged rows (top-ups first on equal dates) joined to their details. */
export function extractLines(result: ExtractResult | undefined): ExtractLine[] {
  if (!result) return [];
  const topUps = new Map(result.topUps.map((x) => [x.idUnique, x]));
  const sales = new Map(result.sales.map((x) => [x.idUnique, x]));
  const payouts = new Map((result.payouts ?? []).map((x) => [x.idUnique, x]));
  return result.rows.map((row) => {
    if (row.idType === 0) return { row, topUp: topUps.get(row.idUnique) };
    if (row.idType === 2) return { row, payout: payouts.get(row.idUnique) };
    return { row, sale: sales.get(row.idUnique) };
  });
}

/** The operation type column: the top-up's code (and how it was paid), or a sale's payment types. */
export function extractOperationType(t: TFunction, line: ExtractLine) {
  if (line.row.idType === 0) {
    const name = operationTypeName(t, line.row.type);
    const pay = line.topUp?.typePay;
    return pay ? `${name} (${paymentTypeName(t, pay)})` : name;
  }
  if (line.row.idType === 2) return 'SEPA';
  const codes = line.row.type.split('+').filter(Boolean);
  return codes.map((c) => paymentTypeName(t, c)).join(', ');
}

export function extractArticles(line: ExtractLine): string[] {
  if (line.topUp) return line.topUp.articles.map((a) => `${a.quantity} × ${a.name}`);
  if (line.sale) return line.sale.articles.map((a) => `${a.quantity} × ${a.article}`);
  return [];
}

export const extractStaff = (line: ExtractLine) => line.topUp?.staff ?? line.sale?.staff ?? '';
export const extractDevice = (line: ExtractLine) => line.topUp?.device ?? line.sale?.device ?? '';
export const extractRef = (t: TFunction, line: ExtractLine) =>
  line.payout?.runId ? t('customers.extract.run', { run: line.payout.runId }) : (line.topUp?.ref ?? '');
