/**
 * The CPA Standard 005 EFT file of a payment run (issue 24 item 2; DOMAIN-NOTES §7.1, §7.2): one A header,
 * one C (credit) record per payment — one segment each, so a record is 24 + 240 = 264 characters — and one Z
 * trailer, records separated by CRLF. Fields at the positions of §7.1:
 * - A: `A`, record count 000000001, originator id (the bank account's EftOriginatorId, 10, left-justified),
 *   file creation number (4, the bank's next, never reused: ap_eft_files is unique per bank and number),
 *   creation date `0YYDDD`, destination data centre (5, the bank's institution number, zero-padded),
 *   20 blanks, currency, filler to 1464.
 * - C: `C`, record count, originator id, file creation number; transaction code (the bank's CpaCode, else
 *   460 accounts payable), amount in cents (10), due date `0YYDDD`, payee institution id `0` + institution (3)
 *   + transit (5), payee account (12), trace number (22 zeros), stored type (000), originator short name (15),
 *   payee name (30), originator long name (30), originator id again (10), cross-reference = the payment's id
 *   (19), return institution id and account (the bank's own), sundry (15), filler (22), settlement code (2),
 *   invalid data element (11 zeros).
 * - Z: `Z`, record count (A and Z included), originator id, file creation number, total debits (14) and count
 *   (8) — zero, total credits (14) and count (8), filler to 1464.
 * A vendor without bank details (`ap-vendor-bank`) refuses the run with its name.
 */
import { add, toUnits, type Decimal } from '@erp/shared/decimal';
import { BusinessError } from '@erp/server/entities/call-result';
import { decimalToDb, engineOf } from '@erp/server/db/decimal-codec';
import type { Selectable, Transaction } from 'kysely';
import { apDb, type ApDatabase } from '../../../server/tables.generated.ts';

/** The paying bank account's row (A/P's payment runs and payroll's pay runs read it whole). */
export type EftBank = Selectable<ApDatabase['bank_accounts']>;

export interface EftPayment {
  chequeId: number;
  vendorId: string;
  vendorName: string;
  amount: Decimal;
}

export interface EftPayee {
  institution: string;
  transit: string;
  account: string;
}

/** Left-justified, blank-padded, cut at `width` (names: plain ASCII upper case, as banks read them). */
export function alpha(value: string, width: number): string {
  const plain = value.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^\x20-\x7e]/g, ' ').toUpperCase();
  return plain.slice(0, width).padEnd(width, ' ');
}

/** Right-justified, zero-filled. */
export function numeric(value: string | number | bigint, width: number): string {
  const text = String(value);
  if (text.length > width) throw new Error(`${text} does not fit ${width} digits`);
  return text.padStart(width, '0');
}

/** `0YYDDD`: 0, the year's last two digits and the day of the year. */
export function julian(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  const start = Date.UTC(day.getUTCFullYear(), 0, 1);
  const dayOfYear = Math.floor((day.getTime() - start) / 86_400_000) + 1;
  return `0${String(day.getUTCFullYear() % 100).padStart(2, '0')}${String(dayOfYear).padStart(3, '0')}`;
}

export function digits(value: unknown): string {
  return String(value ?? '').replace(/[^0-9]/g, '');
}

/** The originator's fields of a CPA 005 file: the paying bank account's routing and currency, the company's name. */
export async function originatorOf<D>(trx: Transaction<D>, bank: EftBank) {
  const routing = digits(bank.institution_transit);
  // Payroll's run asks too, in its own transaction: read through A/P's view.
  const company = await apDb(trx).selectFrom('companies').select('name').orderBy('is_default', 'desc').orderBy('company_id').limit(1).executeTakeFirst();
  const longName = company?.name ?? bank.name ?? '';
  return {
    dataCentre: routing.slice(0, 3),
    currency: bank.currency_code ?? 'CAD',
    shortName: longName.slice(0, 15),
    longName,
    returnInstitution: `0${routing}`,
    returnAccount: digits(bank.account_number),
  };
}

/** The file's text (records joined by CRLF, ending with one). */
export function cpa005(options: { originatorId: string; fileCreationNo: number; date: string; dataCentre: string; currency: string; shortName: string; longName: string; returnInstitution: string; returnAccount: string; transactionCode: string; payments: readonly (EftPayment & EftPayee)[] }): string {
  const head = (type: string, count: number) => `${type}${numeric(count, 9)}${alpha(options.originatorId, 10)}${numeric(options.fileCreationNo, 4)}`;
  const records: string[] = [];
  records.push(`${head('A', 1)}${julian(options.date)}${numeric(options.dataCentre, 5)}${' '.repeat(20)}${alpha(options.currency, 3)}`.padEnd(1464, ' '));
  let total: Decimal = '0.00';
  options.payments.forEach((payment, index) => {
    total = add(total, payment.amount);
    const segment =
      numeric(options.transactionCode, 3) +
      numeric(toUnits(payment.amount, 2), 10) +
      julian(options.date) +
      `0${numeric(payment.institution, 3)}${numeric(payment.transit, 5)}` +
      alpha(payment.account, 12) +
      '0'.repeat(22) +
      '000' +
      alpha(options.shortName, 15) +
      alpha(payment.vendorName, 30) +
      alpha(options.longName, 30) +
      alpha(options.originatorId, 10) +
      alpha(String(payment.chequeId), 19) +
      options.returnInstitution +
      alpha(options.returnAccount, 12) +
      alpha('', 15) +
      ' '.repeat(22) +
      '  ' +
      '0'.repeat(11);
    records.push(`${head('C', index + 2)}${segment}`);
  });
  const count = options.payments.length + 2;
  records.push(`${head('Z', count)}${numeric(0, 14)}${numeric(0, 8)}${numeric(toUnits(total, 2), 14)}${numeric(options.payments.length, 8)}`.padEnd(1464, ' '));
  return `${records.join('\r\n')}\r\n`;
}

/** Writes the run's file (ap_eft_files) from the bank's and the vendors' details. */
export async function writeEftFile(trx: Transaction<ApDatabase>, run: { bank: EftBank; fileCreationNo: number; batchId: number; date: string; payments: readonly EftPayment[] }): Promise<void> {
  const { bank } = run;
  const routing = digits(bank.institution_transit);
  const originatorId = bank.eft_originator_id ?? '';
  if (!originatorId || routing.length !== 8) throw BusinessError.of(400, 'validation_failed', 'ap:ap-payment-batch.rules.bankNoEft', { bank: bank.bank_account_id }, 'BankAccountId');
  const vendors = await trx.selectFrom('ap_vendor_banks').selectAll().where('vendor_id', 'in', run.payments.map((p) => p.vendorId)).execute();
  const byVendor = new Map(vendors.map((row) => [String(row.vendor_id), row]));
  const payments = run.payments.map((payment) => {
    const details = byVendor.get(payment.vendorId);
    if (!details) throw BusinessError.of(400, 'validation_failed', 'ap:ap-payment-batch.rules.vendorNoBank', { vendor: payment.vendorId }, 'Lines');
    return { ...payment, institution: String(details.institution), transit: String(details.transit), account: String(details.account_no) };
  });
  const content = cpa005({
    originatorId,
    fileCreationNo: run.fileCreationNo,
    date: run.date,
    ...(await originatorOf(trx, bank)),
    transactionCode: /^[0-9]{3}$/.test(bank.cpa_code ?? '') ? String(bank.cpa_code) : '460',
    payments,
  });
  const total = payments.reduce<Decimal>((sum, p) => add(sum, p.amount), '0.00');
  const exists = await trx.selectFrom('ap_eft_files').select('eft_file_id').where('bank_account_id', '=', bank.bank_account_id).where('file_creation_no', '=', run.fileCreationNo).executeTakeFirst();
  if (exists) throw BusinessError.of(409, 'file_number_used', 'ap:ap-payment-batch.rules.fileNumberUsed', { number: run.fileCreationNo }, 'EftFileNo');
  await trx
    .insertInto('ap_eft_files')
    .values({ bank_account_id: bank.bank_account_id, file_creation_no: run.fileCreationNo, batch_id: run.batchId, created_on: new Date().toISOString(), total: decimalToDb(engineOf(trx), total, 2), content })
    .execute();
}
