/**
 * Demo data of the shell administration entities (realistic Canadian rows): countries, provinces and a
 * few cities, sequence counters, code index, configuration (with the portal homepage text,
 * MOBILE_HOMEPAGE_TEXT), the default company with a logo drawn in code, branches and warehouses; and the
 * seeded firms' details (addresses, bill-to of the ship-tos, contacts) and accounts.
 *
 * Contract: like db/seed.ts, each table is filled only while it is empty, so running it again changes
 * nothing and never overwrites what administrators changed. Seeded firms get their details only while
 * they are still as the core seed wrote them (updated_by = 'seed', no city). Every firm gets the
 * accounts of its firm types that it lacks.
 */
import { MOBILE_HOMEPAGE_TEXT } from '../definitions/configuration.ts';
import { sql, type Kysely } from 'kysely';
import { firmDecimals } from '@erp/server/seed/demo-firms';
import type { DB } from '@erp/server/db/schema';
import { drawPng } from '@erp/server/entities/png';
import type { SeedDb } from '@erp/server/db/migration-db';

const ACTOR = 'seed';

function trail(now: string) {
  return { created_by: ACTOR, created_on: now, updated_by: ACTOR, updated_on: now, version: 1 };
}

const PROVINCES: [string, string][] = [
  ['AB', 'Alberta'],
  ['BC', 'British Columbia'],
  ['MB', 'Manitoba'],
  ['NB', 'New Brunswick'],
  ['NL', 'Newfoundland and Labrador'],
  ['NS', 'Nova Scotia'],
  ['NT', 'Northwest Territories'],
  ['NU', 'Nunavut'],
  ['ON', 'Ontario'],
  ['PE', 'Prince Edward Island'],
  ['QC', 'Quebec'],
  ['SK', 'Saskatchewan'],
  ['YT', 'Yukon'],
];

const US_STATES: [string, string][] = [
  ['MI', 'Michigan'],
  ['NY', 'New York'],
  ['WA', 'Washington'],
];

const CITIES: [string, string][] = [
  ['ON', 'Toronto'],
  ['ON', 'Hamilton'],
  ['ON', 'Mississauga'],
  ['ON', 'Ottawa'],
  ['QC', 'Montréal'],
  ['QC', 'Laval'],
  ['QC', 'Québec'],
  ['BC', 'Vancouver'],
  ['BC', 'Burnaby'],
  ['AB', 'Calgary'],
  ['AB', 'Edmonton'],
  ['SK', 'Saskatoon'],
  ['SK', 'Regina'],
  ['MB', 'Winnipeg'],
  ['NS', 'Halifax'],
];

export const HOMEPAGE_HTML =
  '<h2>Welcome to the Novus customer portal</h2>' +
  '<p>Order steel, aluminium and electrical supplies for any of your job sites, follow your orders and ' +
  'reorder from your history.</p>' +
  '<p>Orders placed before <strong>2 p.m.</strong> ship the next business day from our Toronto, Montréal, ' +
  'Vancouver and Calgary branches.</p>';

/** The demo company's logo: a steel-blue square with a white "N" stroke and an orange bar. */
function companyLogo(): Buffer {
  const size = 48;
  return drawPng(size, size, (x, y) => {
    if (y >= 40) return [232, 119, 34];
    const inStroke = (x >= 10 && x <= 14) || (x >= 33 && x <= 37) || (x >= 10 && x <= 37 && Math.abs(y - 6 - (x - 10) * (28 / 27)) <= 2.5);
    return inStroke && y >= 6 && y <= 34 ? [255, 255, 255] : [31, 73, 125];
  });
}

const FIRM_DETAILS: Record<string, Record<string, unknown>> = {
  B100: { address: '1450 Burlington St E', city: 'Hamilton', province_code: 'ON', postal_code: 'L8H 3L3', phone: '905-555-0142', email: 'ap@northshore-metals.example', account_terms: 'NET30', credit_limit: 250000, sales_rep: 'SR01', commission_percent: 2.5 },
  S101: { bill_to_id: 'B100', address: '60 Strathearne Ave N', city: 'Hamilton', province_code: 'ON', postal_code: 'L8H 5L1', phone: '905-555-0143' },
  S102: { bill_to_id: 'B100', address: '6725 Millcreek Dr', city: 'Mississauga', province_code: 'ON', postal_code: 'L5N 5V3', phone: '905-555-0177' },
  B200: { address: '2200 boul. Industriel', city: 'Laval', province_code: 'QC', postal_code: 'H7S 1P5', phone: '450-555-0110', email: 'comptes@laurentian-electrical.example', account_terms: 'NET30', credit_limit: 150000, sales_rep: 'SR02', commission_percent: 3 },
  S201: { bill_to_id: 'B200', address: '3100 boul. Le Carrefour', city: 'Laval', province_code: 'QC', postal_code: 'H7T 2K7', phone: '450-555-0111' },
  B300: { address: '815 60th St E', city: 'Saskatoon', province_code: 'SK', postal_code: 'S7K 5Z7', phone: '306-555-0190', email: 'office@prairie-steel.example', account_terms: 'NET60', credit_limit: 90000, sales_rep: 'SR03' },
  S301: { bill_to_id: 'B300', address: '3502 Idylwyld Dr N', city: 'Saskatoon', province_code: 'SK', postal_code: 'S7L 6V3', phone: '306-555-0191' },
};

const FIRM_CONTACTS: Record<string, { name: string; title: string; phone: string; email: string; is_primary: 0 | 1 }[]> = {
  B100: [
    { name: 'Priya Sandhu', title: 'Purchasing manager', phone: '905-555-0142', email: 'priya.sandhu@northshore-metals.example', is_primary: 1 },
    { name: 'Tom Kowalski', title: 'Accounts payable', phone: '905-555-0144', email: 'tom.kowalski@northshore-metals.example', is_primary: 0 },
  ],
  B200: [{ name: 'Luc Bergeron', title: 'Chargé de projets', phone: '450-555-0112', email: 'luc.bergeron@laurentian-electrical.example', is_primary: 1 }],
  B300: [{ name: 'Karen Olufsen', title: 'Shop foreman', phone: '306-555-0192', email: 'karen.olufsen@prairie-steel.example', is_primary: 1 }],
};

async function isEmpty(db: SeedDb, table: string): Promise<boolean> {
  return (await db.selectFrom(table).select(sql<number>`1`.as('one')).limit(1).executeTakeFirst()) === undefined;
}

/** Fills the empty administration tables and completes the seeded firms (see the module header). */
export async function seedEntities(typed: Kysely<DB>): Promise<string[]> {
  const db = typed as unknown as SeedDb;
  return db.transaction().execute(async (trx) => {
    const now = new Date().toISOString();
    const t = trail(now);
    const filled: string[] = [];

    if (await isEmpty(trx, 'countries')) {
      await trx.insertInto('countries').values([
        { country_code: 'CA', name: 'Canada', is_active: 1, ...t },
        { country_code: 'US', name: 'United States', is_active: 1, ...t },
      ]).execute();
      filled.push('countries');
    }
    if (await isEmpty(trx, 'states')) {
      const rows = [
        ...PROVINCES.map(([code, name]) => ({ country_code: 'CA', state_code: code, name, is_active: 1, ...t })),
        ...US_STATES.map(([code, name]) => ({ country_code: 'US', state_code: code, name, is_active: 1, ...t })),
      ];
      await trx.insertInto('states').values(rows).execute();
      filled.push('states');
    }
    if (await isEmpty(trx, 'cities')) {
      const states = (await trx.selectFrom('states').select(['state_key', 'state_code']).where('country_code', '=', 'CA').execute()) as {
        state_key: number;
        state_code: string;
      }[];
      const keyOf = new Map(states.map((row) => [row.state_code, Number(row.state_key)]));
      const rows = CITIES.filter(([province]) => keyOf.has(province)).map(([province, name]) => ({
        country_code: 'CA',
        state_key: keyOf.get(province),
        name,
        is_active: 1,
        ...t,
      }));
      if (rows.length > 0) await trx.insertInto('cities').values(rows).execute();
      filled.push('cities');
    }
    if (await isEmpty(trx, 'sequence_counters')) {
      await trx.insertInto('sequence_counters').values([
        { sequence_id: 'SALES-ORDER', description: 'Sales orders', prefix: 'SO', next_number: 100001, increment: 1, width: 6, is_active: 1, ...t },
        { sequence_id: 'PURCHASE-ORDER', description: 'Purchase orders', prefix: 'PO', next_number: 200001, increment: 1, width: 6, is_active: 1, ...t },
        { sequence_id: 'INVOICE', description: 'Invoices', prefix: 'INV', next_number: 300001, increment: 1, width: 6, is_active: 1, ...t },
        // Distinct prefixes (issue 22): IT and RC are Inventory Control's tickets' and A/R's cash receipts'.
        { sequence_id: 'INVENTORY-TICKET', description: 'Inventory tickets', prefix: 'TK', next_number: 1001, increment: 1, width: 6, is_active: 1, ...t },
        { sequence_id: 'RECEIPT', description: 'Purchase receipts', prefix: 'PRC', next_number: 5001, increment: 1, width: 6, is_active: 1, ...t },
      ]).execute();
      filled.push('sequence_counters');
    }
    if (await isEmpty(trx, 'code_indexes')) {
      const codes: [string, string, string][] = [
        ['SHIP-VIA', 'TRUCK', 'Company truck'],
        ['SHIP-VIA', 'PICKUP', 'Customer pick-up'],
        ['SHIP-VIA', 'COURIER', 'Courier'],
        ['SHIP-VIA', 'LTL', 'LTL carrier'],
        ['RETURN-REASON', 'DAMAGED', 'Damaged in transit'],
        ['RETURN-REASON', 'WRONG-ITEM', 'Wrong item shipped'],
        ['RETURN-REASON', 'OVERSHIP', 'Shipped more than ordered'],
        ['HOLD-REASON', 'CREDIT', 'Over credit limit'],
        ['HOLD-REASON', 'DOCS', 'Missing documents'],
      ];
      await trx
        .insertInto('code_indexes')
        .values(codes.map(([type, code, description], index) => ({ code_type: type, code, description, sequence: (index + 1) * 10, is_active: 1, ...t })))
        .execute();
      filled.push('code_indexes');
    }
    if (await isEmpty(trx, 'configurations')) {
      await trx.insertInto('configurations').values([
        { control_id: MOBILE_HOMEPAGE_TEXT, control_value: HOMEPAGE_HTML, description: 'Portal homepage text (HTML)', ...t },
        { control_id: 'DEFAULT_PAGE_SIZE', control_value: '250', description: 'Rows per page of the generic lists', ...t },
        { control_id: 'SUPPORT_EMAIL', control_value: 'support@novus.example', description: 'Where users send support requests', ...t },
      ]).execute();
      filled.push('configurations');
    }
    if (await isEmpty(trx, 'companies')) {
      await trx.insertInto('companies').values({
        company_id: 'NOVUS',
        name: 'Novus Metals & Electrical Supply Inc.',
        address: '200 Queens Quay W, Suite 1400',
        city: 'Toronto',
        province_code: 'ON',
        postal_code: 'M5J 2Y6',
        phone: '416-555-0100',
        email: 'info@novus.example',
        is_default: 1,
        logo: companyLogo().toString('base64'),
        logo_file_type: 'image/png',
        ...t,
      }).execute();
      filled.push('companies');
    }
    if (await isEmpty(trx, 'branches')) {
      await trx.insertInto('branches').values([
        { branch_id: 'TOR', name: 'Toronto', company_id: 'NOVUS', address: '85 Advance Rd', city: 'Toronto', province_code: 'ON', postal_code: 'M8Z 2S6', phone: '416-555-0101', is_active: 1, ...t },
        { branch_id: 'MTL', name: 'Montréal', company_id: 'NOVUS', address: '9600 boul. Saint-Laurent', city: 'Montréal', province_code: 'QC', postal_code: 'H2N 1R2', phone: '514-555-0102', is_active: 1, ...t },
        { branch_id: 'VAN', name: 'Vancouver', company_id: 'NOVUS', address: '4260 Still Creek Dr', city: 'Burnaby', province_code: 'BC', postal_code: 'V5C 6C6', phone: '604-555-0103', is_active: 1, ...t },
        { branch_id: 'CGY', name: 'Calgary', company_id: 'NOVUS', address: '3915 61 Ave SE', city: 'Calgary', province_code: 'AB', postal_code: 'T2C 1V5', phone: '403-555-0104', is_active: 1, ...t },
      ]).execute();
      filled.push('branches');
    }
    if (await isEmpty(trx, 'warehouses')) {
      await trx.insertInto('warehouses').values([
        { warehouse_id: 'TOR-01', name: 'Toronto main warehouse', branch_id: 'TOR', count_stage: 'Clear', city: 'Toronto', province_code: 'ON', is_active: 1, ...t },
        { warehouse_id: 'TOR-02', name: 'Toronto coil yard', branch_id: 'TOR', count_stage: 'Clear', city: 'Toronto', province_code: 'ON', is_active: 1, ...t },
        { warehouse_id: 'MTL-01', name: 'Montréal warehouse', branch_id: 'MTL', count_stage: 'Clear', city: 'Montréal', province_code: 'QC', is_active: 1, ...t },
        { warehouse_id: 'VAN-01', name: 'Burnaby warehouse', branch_id: 'VAN', count_stage: 'Clear', city: 'Burnaby', province_code: 'BC', is_active: 1, ...t },
        { warehouse_id: 'CGY-01', name: 'Calgary warehouse', branch_id: 'CGY', count_stage: 'Clear', city: 'Calgary', province_code: 'AB', is_active: 1, ...t },
      ]).execute();
      filled.push('warehouses');
    }

    // The core seed's firms, while untouched: addresses, the ship-tos' bill-to, contacts.
    for (const [firmId, details] of Object.entries(FIRM_DETAILS)) {
      const updated = await trx
        .updateTable('firms')
        .set(firmDecimals(trx, details))
        .where('firm_id', '=', firmId)
        .where('updated_by', '=', ACTOR)
        .where('city', 'is', null)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 1 && FIRM_CONTACTS[firmId]) {
        await trx.insertInto('firm_contacts').values(FIRM_CONTACTS[firmId]!.map((contact) => ({ firm_id: firmId, ...contact }))).execute();
      }
    }

    // Every firm has the accounts of its firm types (one statement per type: a large table is not read into memory).
    for (const [type, column] of [['bill-to', 'is_bill_to'], ['ship-to', 'is_ship_to'], ['vendor', 'is_vendor']] as const) {
      await sql`insert into firm_accounts (firm_id, account_type, created_by, created_on, updated_by, updated_on, version)
        select f.firm_id, ${type}, ${ACTOR}, ${now}, ${ACTOR}, ${now}, 1 from firms f
        where ${sql.ref(`f.${column}`)} = ${1}
          and not exists (select 1 from firm_accounts a where a.firm_id = f.firm_id and a.account_type = ${type})`.execute(trx);
    }
    return filled;
  });
}
