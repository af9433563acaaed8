/**
 * Demo heats and coils (issue 15 item 9): four mill heats — hot-rolled steel, galvanized steel, aluminium
 * 5052 and stainless 304 — with their chemistry and mechanicals as a mill certificate gives them, one of them
 * with its mill test report (a one-page PDF) attached, and coils of the catalogue's coil products on those
 * heats (metric, like the catalogue's coil products), in the Toronto coil yard. Heats and coils are master-like (they move no stock), so they are written
 * whenever their tables are empty, like the catalogue (CONTRACT-15 "Demo data rule"). A coil whose product
 * is not in the catalogue, or a grade that is not a master, is left out rather than invented.
 *
 * Rows are written through the definitions (column names, decimal codec, computed totals), so the demo reads
 * exactly as a record saved through the API would.
 */
import { computeRecord } from '@erp/shared/entities/compute';
import type { AnyEntity, ChildrenField, ScalarField } from '@erp/shared/entities/define';
import { coil, heatNumber } from '../../definitions/coils/index.ts';
import { engineOf } from '@erp/server/db/decimal-codec';
import { writeScalar } from '@erp/server/entities/wire';
import type { SeedConfig } from '@erp/server/modules/part';
import type { SeedDb } from '@erp/server/db/migration-db';

const ACTOR = 'seed';

type Rec = Record<string, unknown>;

const HEATS: Rec[] = [
  {
    HeatNo: 'A24-61873',
    Mill: 'Algoma Steel, Sault Ste. Marie',
    GradeId: 'A36',
    SpecificationId: 'ASTM-A1011',
    CertificateNo: 'ASI-2024-118734',
    CertificateType: '3.1',
    CertificateDate: '2024-09-12',
    CountryOfOrigin: 'CA',
    PurchaseOrderNo: 'PO-24-0912',
    Chemistry: [
      ['C', '0.0450'], ['Mn', '0.2200'], ['P', '0.0110'], ['S', '0.0060'], ['Si', '0.0100'], ['Cu', '0.0300'],
      ['Ni', '0.0200'], ['Cr', '0.0300'], ['Mo', '0.0050'], ['V', '0.0010'], ['Ti', '0.0010'], ['N', '0.0050'],
    ],
    Mechanicals: [['Yield', '262.000', 'MPa'], ['Yield', '38000.000', 'psi'], ['Tensile', '359.000', 'MPa'], ['Tensile', '52070.000', 'psi'], ['Elongation', '34.000', 'Percent'], ['Hardness', '58.000', 'HRB']],
  },
  {
    HeatNo: 'S4-228815',
    Mill: 'Stelco, Hamilton',
    GradeId: 'CS-B',
    SpecificationId: 'ASTM-A653',
    CertificateNo: 'STL-558210',
    CertificateType: '3.1',
    CertificateDate: '2024-10-03',
    CountryOfOrigin: 'CA',
    Chemistry: [
      ['C', '0.0600'], ['Mn', '0.3500'], ['P', '0.0120'], ['S', '0.0080'], ['Si', '0.0150'], ['Cu', '0.0400'],
      ['Ni', '0.0300'], ['Cr', '0.0400'], ['Mo', '0.0080'], ['V', '0.0020'], ['Ti', '0.0020'], ['N', '0.0060'],
    ],
    Mechanicals: [['Yield', '276.000', 'MPa'], ['Tensile', '380.000', 'MPa'], ['Elongation', '30.000', 'Percent'], ['RValue', '1.400', 'None'], ['NValue', '0.200', 'None']],
  },
  {
    HeatNo: 'N9K-40417',
    Mill: 'Novelis, Oswego',
    GradeId: '3003-H14',
    SpecificationId: 'ASTM-B209',
    CertificateNo: 'NOV-7741902',
    CertificateType: '3.1',
    CertificateDate: '2024-08-27',
    CountryOfOrigin: 'US',
    Chemistry: [
      ['Si', '0.2500'], ['Fe', '0.5500'], ['Cu', '0.1200'], ['Mn', '1.1500'], ['Zn', '0.0300'], ['Ti', '0.0200'], ['Others', '0.0300'],
    ],
    Mechanicals: [['Yield', '145.000', 'MPa'], ['Yield', '21000.000', 'psi'], ['Tensile', '152.000', 'MPa'], ['Tensile', '22000.000', 'psi'], ['Elongation', '8.000', 'Percent'], ['Hardness', '40.000', 'HBW']],
  },
  {
    HeatNo: 'OT-735120',
    Mill: 'Outokumpu, Calvert',
    GradeId: '304',
    SpecificationId: 'ASTM-A240',
    CertificateNo: 'OTK-2024-3312',
    CertificateType: '3.2',
    CertificateDate: '2024-11-04',
    CountryOfOrigin: 'US',
    Chemistry: [
      ['C', '0.0400'], ['Mn', '1.8000'], ['P', '0.0300'], ['S', '0.0010'], ['Si', '0.4500'], ['Cr', '18.2000'],
      ['Ni', '8.0500'], ['N', '0.0500'], ['Mo', '0.2000'], ['Cu', '0.3000'],
    ],
    Mechanicals: [['Yield', '290.000', 'MPa'], ['Tensile', '620.000', 'MPa'], ['Elongation', '55.000', 'Percent'], ['Hardness', '85.000', 'HRB']],
  },
];

/** Demo coils: each on one of the heats above; written only when its product is in the catalogue. */
const COILS: Rec[] = [
  { CoilNo: 'C24-0001', ProductId: 'COIL-HR-10GA-48', HeatNo: 'A24-61873', ManufacturerCoilNo: 'ASI-61873-01', MaterialType: 'Carbon', Subtype: 'P&O', GradeId: 'A36', SpecificationId: 'ASTM-A1011', Gauge: '3.4200', Width: '1219.2000', InsideDiameter: '610.0000', OutsideDiameter: '1520.0000', CoilWeight: '9910.0000', LiftWeight: '9910.0000', IngotPrice: '0.0000', FabricationPrice: '0.5100', FreightPrice: '0.0250', ExtraPrice: '0.0100', PoundsPerInchWidth: '455.2083', StorageId: 'BAY-C1', ReceivedDate: '2024-09-20' },
  { CoilNo: 'C24-0002', ProductId: 'COIL-HR-10GA-48', HeatNo: 'A24-61873', ManufacturerCoilNo: 'ASI-61873-02', MaterialType: 'Carbon', Subtype: 'P&O', GradeId: 'A36', SpecificationId: 'ASTM-A1011', Gauge: '3.4100', Width: '1219.2000', InsideDiameter: '610.0000', OutsideDiameter: '1465.0000', CoilWeight: '8800.0000', LiftWeight: '8800.0000', IngotPrice: '0.0000', FabricationPrice: '0.5100', FreightPrice: '0.0250', ExtraPrice: '0.0100', PoundsPerInchWidth: '404.1667', StorageId: 'BAY-C2', ReceivedDate: '2024-09-20' },
  { CoilNo: 'C24-0003', ProductId: 'COIL-GALV-20GA-48', HeatNo: 'S4-228815', ManufacturerCoilNo: 'STL-228815-07', MaterialType: 'Galvanized', Subtype: 'G90', GradeId: 'CS-B', SpecificationId: 'ASTM-A653', Gauge: '0.9500', Width: '1219.2000', InsideDiameter: '610.0000', OutsideDiameter: '1390.0000', CoilWeight: '7450.0000', LiftWeight: '7450.0000', IngotPrice: '0.0000', FabricationPrice: '0.7400', FreightPrice: '0.0300', ExtraPrice: '0.0350', PoundsPerInchWidth: '342.0000', StorageId: 'BAY-C3', ReceivedDate: '2024-10-10', Colour: 'Spangle' },
  { CoilNo: 'C24-0004', ProductId: 'COIL-AL3003-032-48', HeatNo: 'N9K-40417', ManufacturerCoilNo: 'NOV-40417-11', MaterialType: 'Aluminum', Alloy: '3003', Temper: 'H14', GradeId: '3003-H14', SpecificationId: 'ASTM-B209', Gauge: '0.8130', Width: '1219.2000', InsideDiameter: '508.0000', OutsideDiameter: '1220.0000', CoilWeight: '2780.0000', LiftWeight: '2780.0000', IngotPrice: '1.1850', FabricationPrice: '1.4200', FreightPrice: '0.0600', ExtraPrice: '0.0450', PoundsPerInchWidth: '127.5000', StorageId: 'BAY-C4', ReceivedDate: '2024-09-05', Colour: 'Mill finish' },
  { CoilNo: 'C24-0005', ProductId: 'COIL-SS304-16GA-48', HeatNo: 'OT-735120', ManufacturerCoilNo: 'OTK-735120-3', MaterialType: 'Stainless', Subtype: '2B', Alloy: '304', GradeId: '304', SpecificationId: 'ASTM-A240', Gauge: '1.5200', Width: '1219.2000', InsideDiameter: '610.0000', OutsideDiameter: '1180.0000', CoilWeight: '4630.0000', LiftWeight: '4630.0000', IngotPrice: '0.0000', FabricationPrice: '2.9800', FreightPrice: '0.0500', ExtraPrice: '0.2200', PoundsPerInchWidth: '212.5000', StorageId: 'BAY-C5', ReceivedDate: '2024-11-12', CoilStatus: 'OnHold' },
];

function trail(now: string): Rec {
  return { created_by: ACTOR, created_on: now, updated_by: ACTOR, updated_on: now, version: 1 };
}

async function isEmpty(db: SeedDb, table: string): Promise<boolean> {
  return (await db.selectFrom(table).select(db.fn.countAll().as('n')).executeTakeFirst())?.['n'] == 0;
}

async function existing(db: SeedDb, entity: string, table: string, column: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  try {
    const rows = (await db.selectFrom(table).select(column).where(column, 'in', ids).execute()) as Rec[];
    return new Set(rows.map((row) => String(row[column])));
  } catch {
    // The master of `entity` is not on this database (a module left out): nothing refers to it.
    void entity;
    return new Set();
  }
}

/** Writes one record of `def` (scalars through the codec, computed fields, child collections). */
async function insertRecord(db: SeedDb, def: AnyEntity, input: Rec, now: string): Promise<void> {
  const engine = engineOf(db);
  const record = computeRecord(def, input);
  const row: Rec = { ...trail(now) };
  for (const [name, field] of Object.entries(def.fields)) {
    if (field.type === 'children' || field.type === 'set' || field.virtual) continue;
    const value = record[name] ?? (field as { defaultValue?: unknown }).defaultValue ?? null;
    row[field.column] = writeScalar(field as ScalarField, value, engine);
  }
  await db.insertInto(def.table).values(row).execute();
  const id = record[def.key];
  for (const [name, field] of Object.entries(def.fields)) {
    if (field.type !== 'children') continue;
    const children = (record[name] as Rec[] | undefined) ?? [];
    if (children.length === 0) continue;
    const collection = field as ChildrenField & { fields: Record<string, ScalarField & { column: string }> };
    await db
      .insertInto(collection.table)
      .values(
        children.map((child) => {
          const out: Rec = { [collection.parentColumn]: id };
          for (const [childName, childField] of Object.entries(collection.fields)) {
            if (childName === collection.key) continue;
            out[childField.column] = writeScalar(childField, child[childName] ?? null, engine);
          }
          return out;
        }),
      )
      .execute();
  }
}

/**
 * A one-page PDF mill test report (valid PDF 1.4 with its cross-reference table), made in code so the demo
 * carries a real attachment.
 */
export function millTestReportPdf(heat: Rec): Buffer {
  const lines = [
    `Mill test report - EN 10204 ${String(heat['CertificateType'])}`,
    `Heat ${String(heat['HeatNo'])}  Certificate ${String(heat['CertificateNo'])}`,
    `${String(heat['Mill'])}  ${String(heat['CertificateDate'])}`,
    ...(heat['Chemistry'] as Rec[]).map((row) => `${String(row['Element'])} ${String(row['Percent'])} %`),
  ];
  const escape = (text: string) => text.replace(/[\\()]/g, (c) => `\\${c}`).replace(/[^\x20-\x7e]/g, '?');
  const stream = `BT /F1 11 Tf 56 780 Td 14 TL ${lines.map((line) => `(${escape(line)}) '`).join(' ')} ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 842] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

function heatRecord(heat: Rec, grades: Set<string>, specifications: Set<string>): Rec {
  return {
    ...heat,
    GradeId: grades.has(String(heat['GradeId'])) ? heat['GradeId'] : null,
    SpecificationId: specifications.has(String(heat['SpecificationId'])) ? heat['SpecificationId'] : null,
    Chemistry: (heat['Chemistry'] as [string, string][]).map(([Element, Percent]) => ({ Element, Percent })),
    Mechanicals: (heat['Mechanicals'] as [string, string, string][]).map(([Property, Value, Unit]) => ({ Property, Value, Unit })),
  };
}

export async function seedCoils(db: SeedDb, _config: SeedConfig): Promise<void> {
  const now = new Date().toISOString();
  if (await isEmpty(db, heatNumber.table)) {
    const grades = await existing(db, 'grade', 'grades', 'grade_id', HEATS.map((heat) => String(heat['GradeId'])));
    const specifications = await existing(db, 'product-specification', 'product_specifications', 'specification_id', HEATS.map((heat) => String(heat['SpecificationId'])));
    await db.transaction().execute(async (trx) => {
      for (const heat of HEATS) {
        const record = heatRecord(heat, grades, specifications);
        await insertRecord(trx, heatNumber, record, now);
      }
      const first = heatRecord(HEATS[0]!, grades, specifications);
      const pdf = millTestReportPdf(first);
      await trx
        .insertInto('attachments')
        .values({
          entity: heatNumber.name,
          record_id: String(first['HeatNo']),
          file_name: `MTR-${String(first['HeatNo'])}.pdf`,
          content_type: 'application/pdf',
          size: pdf.length,
          content: pdf,
          ...trail(now),
        })
        .execute();
    });
  }
  if (await isEmpty(db, coil.table)) {
    const products = await existing(db, 'product', 'products', 'product_id', COILS.map((c) => String(c['ProductId'])));
    const warehouses = await existing(db, 'warehouse', 'warehouses', 'warehouse_id', ['TOR-02']);
    const mills = new Map(HEATS.map((heat) => [heat['HeatNo'], heat['Mill']]));
    const grades = await existing(db, 'grade', 'grades', 'grade_id', COILS.map((c) => String(c['GradeId'])));
    const specifications = await existing(db, 'product-specification', 'product_specifications', 'specification_id', COILS.map((c) => String(c['SpecificationId'])));
    const rows = COILS.filter((c) => products.has(String(c['ProductId']))).map((c): Rec => ({
      ...c,
      GradeId: grades.has(String(c['GradeId'])) ? c['GradeId'] : null,
      SpecificationId: specifications.has(String(c['SpecificationId'])) ? c['SpecificationId'] : null,
    }));
    if (rows.length === 0) return;
    await db.transaction().execute(async (trx) => {
      for (const row of rows) {
        await insertRecord(trx, coil, { Measurement: 'Metric', CoilStatus: 'Available', WarehouseId: warehouses.has('TOR-02') ? 'TOR-02' : null, MillOfOrigin: mills.get(row['HeatNo']) ?? null, ...row }, now);
      }
    });
  }
}
