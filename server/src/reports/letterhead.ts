/**
 * The letterhead of every report PDF (issue 21 item 10): the §3 default company — the one marked default,
 * else the first by id, as GET api/Company/GetDefaultCompany chooses — with its address and its logo
 * (stored base64 with its detected type by the logo upload, modules/shell/server/company/routes.ts). pdfkit
 * draws PNG and JPEG; a logo of another type (PDF, GIF, BMP) is left out and the name printed alone.
 */
import { sql, type Kysely } from 'kysely';
import { dynamicDb } from '../db/dynamic-db.ts';
import { intactPng } from '../entities/magic.ts';

export interface Letterhead {
  name: string;
  /** Address lines, blank parts left out. */
  address: string[];
  /** PNG or JPEG bytes, or null. */
  logo: Buffer | null;
}

const DRAWABLE = new Set(['image/png', 'image/jpeg']);

/** The last logo checked (every PDF reads the letterhead; the logo rarely changes): its text and verdict. */
let checked: { logo: string; intact: boolean } | null = null;

/**
 * The logo's bytes when pdfkit can draw them; a PNG whose pixels do not decode (stored before the upload checked)
 * is left out. The PNG is inflated once per logo, not once per PDF.
 */
function drawable(logo: string, type: string): Buffer | null {
  const bytes = Buffer.from(logo, 'base64');
  if (type !== 'image/png') return bytes;
  if (checked?.logo !== logo) checked = { logo, intact: intactPng(bytes) };
  return checked.intact ? bytes : null;
}

/**
 * The §3 default company's `columns` as stored (the one marked default, else the first by id), undefined when there
 * is none: the letterhead's, and the mail's sender and language (mail/documents.ts). The companies are the shell
 * module's table, read here on the dynamic view.
 */
export async function defaultCompany<D>(typed: Kysely<D>, columns: readonly string[]): Promise<Record<string, unknown> | undefined> {
  const query = dynamicDb(typed).selectFrom('companies').orderBy('is_default', 'desc').orderBy('company_id').limit(1);
  return query.select(columns.map((column) => sql.ref<unknown>(column).as(column))).executeTakeFirst();
}

export async function defaultLetterhead<D>(db: Kysely<D>): Promise<Letterhead | null> {
  const found = await defaultCompany(db, ['name', 'address', 'city', 'province_code', 'postal_code', 'phone', 'logo', 'logo_file_type']);
  if (!found) return null;
  const row = Object.fromEntries(Object.entries(found).map(([column, value]) => [column, value === null || value === undefined ? null : String(value)]));
  const city = [row['city'], row['province_code'], row['postal_code']].filter((part) => part).join(' ');
  const type = row['logo_file_type'];
  return {
    name: row['name'] ?? '',
    address: [row['address'], city, row['phone']].filter((part): part is string => Boolean(part)),
    logo: row['logo'] && type && DRAWABLE.has(type) ? drawable(row['logo'], type) : null,
  };
}
