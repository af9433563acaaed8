/**
 * Files: §5 attachments on any record (type by content, 25 MB, one name per record, download through
 * the file variant, §8 404), the company logo upload with GetDefaultCompany (§7), the configuration
 * call (§7), and the Excel export (a real .xlsx, read back with exceljs).
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, type TestServer } from './helpers/app.ts';
import { signedInServer } from './helpers/api.ts';
import { call, FILES, upload } from './helpers/entities.ts';

let server: TestServer;
let admin: string;
let clerk: string;

beforeAll(async () => { ({ server, tokens: { admin, clerk } } = await signedInServer('admin', 'clerk')); });
afterAll(() => server?.stop());

const FIRM = '/api/data/firm/B100/attachments';

describe('attachments', () => {
  it('accepts PDF, BMP, GIF, JPG and PNG, detected by content, and lists them', async () => {
    const expected: Record<string, string> = {
      pdf: 'application/pdf',
      bmp: 'image/bmp',
      gif: 'image/gif',
      jpg: 'image/jpeg',
      png: 'image/png',
    };
    for (const [kind, type] of Object.entries(expected)) {
      const response = await upload(server.app, FIRM, clerk, `sample.${kind}`, FILES[kind as keyof typeof FILES]);
      expect(response.statusCode, kind).toBe(201);
      expect(response.json()).toMatchObject({ ResultStatus: 1, Data: { FileName: `sample.${kind}`, ContentType: type } });
    }
    const list = (await call(server.app, 'GET', FIRM, clerk)).json();
    expect(list.ResultStatus).toBe(1);
    expect(list.List.map((a: { FileName: string }) => a.FileName)).toEqual(['sample.pdf', 'sample.bmp', 'sample.gif', 'sample.jpg', 'sample.png']);
  });

  it('goes by the bytes, not the name: a .png holding a PDF is a PDF; text is refused', async () => {
    const disguised = await upload(server.app, FIRM, clerk, 'scan.png', FILES.pdf, 'image/png');
    expect(disguised.statusCode).toBe(201);
    expect(disguised.json().Data.ContentType).toBe('application/pdf');
    const text = await upload(server.app, FIRM, clerk, 'notes.pdf', FILES.text, 'application/pdf');
    expect(text.statusCode).toBe(400);
    expect(text.json()).toMatchObject({ ResultStatus: 2, ResultCode: 'unsupported_file_type', Message: 'File format or type not supported.' });
    const fakeBmp = await upload(server.app, FIRM, clerk, 'b.bmp', Buffer.from('BM is not enough to be a bitmap'));
    expect(fakeBmp.statusCode).toBe(400);
  });

  it('refuses the same file name twice on one record, not on another record', async () => {
    const again = await upload(server.app, FIRM, clerk, 'sample.pdf', FILES.pdf);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ ResultCode: 'duplicate_file_name', Message: 'A file with the same name cannot be uploaded twice.' });
    expect((await upload(server.app, '/api/data/firm/B200/attachments', clerk, 'sample.pdf', FILES.pdf)).statusCode).toBe(201);
  });

  it('accepts 25 MB and refuses 25 MB + 1 byte with 413', async () => {
    const limit = 25 * 1024 * 1024;
    const big = Buffer.alloc(limit + 1);
    FILES.pdf.copy(big);
    const tooBig = await upload(server.app, FIRM, clerk, 'big.pdf', big);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toMatchObject({ ResultStatus: 2, ResultCode: 'payload_too_large', Message: 'The file is larger than 25 MB.' });
    const exact = await upload(server.app, FIRM, clerk, 'exact.pdf', big.subarray(0, limit));
    expect(exact.statusCode).toBe(201);
    expect(exact.json().Data.Size).toBe(limit);
  });

  it('downloads through the file variant; unknown ones are 404 Not Found', async () => {
    const list = (await call(server.app, 'GET', FIRM, clerk)).json();
    const gif = list.List.find((a: { FileName: string }) => a.FileName === 'sample.gif');
    const download = await call(server.app, 'GET', `${FIRM}/${gif.AttachmentKey}`, clerk);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/gif');
    expect(String(download.headers['content-disposition'])).toContain('filename="sample.gif"');
    expect(download.rawPayload.equals(FILES.gif)).toBe(true);
    for (const url of [`${FIRM}/999999`, `${FIRM}/abc`, `/api/data/firm/B200/attachments/${gif.AttachmentKey}`, '/api/data/firm/NOPE/attachments']) {
      const missing = await call(server.app, 'GET', url, clerk);
      expect(missing.statusCode, url).toBe(404);
      expect(missing.json().Message).toBe('Not Found');
    }
  });

  it('deletes with an audit row; readers without write rights cannot upload', async () => {
    const list = (await call(server.app, 'GET', FIRM, clerk)).json();
    const bmp = list.List.find((a: { FileName: string }) => a.FileName === 'sample.bmp');
    expect((await call(server.app, 'DELETE', `${FIRM}/${bmp.AttachmentKey}`, clerk)).statusCode).toBe(200);
    expect((await call(server.app, 'GET', `${FIRM}/${bmp.AttachmentKey}`, clerk)).statusCode).toBe(404);
    const audit = (await call(server.app, 'GET', '/api/data/firm/B100/audit', clerk)).json();
    expect(audit.List.some((row: Record<string, unknown>) => row['TableName'] === 'attachments' && row['Action'] === 'delete' && row['OldValue'] === 'sample.bmp')).toBe(true);
    const steel = (await signIn(server.app, 'steel', 'steel')).access_token;
    expect((await upload(server.app, FIRM, steel, 'x.pdf', FILES.pdf)).statusCode).toBe(403);
    expect((await call(server.app, 'GET', FIRM, steel)).statusCode).toBe(200);
  });
});

describe('company logo and §7 calls', () => {
  it('answers the default company with its seeded PNG logo', async () => {
    const response = await call(server.app, 'GET', '/api/Company/GetDefaultCompany', clerk);
    expect(response.statusCode).toBe(200);
    const company = response.json();
    expect(company).toMatchObject({ Name: 'Novus Metals & Electrical Supply Inc.', LogoFileType: 'image/png' });
    expect(Buffer.from(company.Logo, 'base64').subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  });

  it('stores an uploaded logo with the type found in its bytes; BMP is answered as PNG (§3)', async () => {
    const jpeg = await upload(server.app, '/api/data/company/NOVUS/logo', admin, 'logo.png', FILES.jpg, 'image/png');
    expect(jpeg.statusCode).toBe(200);
    expect(jpeg.json().Data).toMatchObject({ LogoFileType: 'image/jpeg', Logo: FILES.jpg.toString('base64') });
    expect((await call(server.app, 'GET', '/api/Company/GetDefaultCompany', clerk)).json().LogoFileType).toBe('image/jpeg');
    await upload(server.app, '/api/data/company/NOVUS/logo', admin, 'logo.bmp', FILES.bmp);
    expect((await call(server.app, 'GET', '/api/Company/GetDefaultCompany', clerk)).json().LogoFileType).toBe('image/png');
    const text = await upload(server.app, '/api/data/company/NOVUS/logo', admin, 'logo.png', FILES.text);
    expect(text.json().Message).toBe('File format or type not supported.');
    expect((await upload(server.app, '/api/data/company/NOVUS/logo', clerk, 'logo.png', FILES.png)).statusCode).toBe(403);
    const logoEdit = await call(server.app, 'PUT', '/api/data/company/NOVUS', admin, { Logo: 'AAAA', Version: 1 });
    expect(logoEdit.statusCode).toBe(400);
  });

  it('refuses a PNG logo whose pixels do not decode; one stored before is left off the PDFs, which still print', async () => {
    // A 1×1 PNG with a wrong zlib checksum: pdfkit would fail decoding it outside any caller (the server stopped).
    const corrupt = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201e2b3a56b0000000049454e44ae426082', 'hex');
    const refused = await upload(server.app, '/api/data/company/NOVUS/logo', admin, 'logo.png', corrupt);
    expect([refused.statusCode, refused.json().Message]).toEqual([400, 'File format or type not supported.']);
    await server.app.erp.database.db.updateTable('companies' as never).set({ logo: corrupt.toString('base64'), logo_file_type: 'image/png' } as never).execute();
    const pdf = await call(server.app, 'POST', '/api/reports/ar-customer-list/pdf', admin, { Parameters: {} });
    expect(pdf.statusCode, pdf.body.slice(0, 300)).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // The PDF is written whole before the answer; the server is still up for the next call.
    expect((await call(server.app, 'GET', '/api/Company/GetDefaultCompany', clerk)).statusCode).toBe(200);
  });

  it('answers the portal homepage text by control id, edited through the configuration entity', async () => {
    const url = '/api/Configuration/GetConfigurationByControlId?controlId=MOBILE_HOMEPAGE_TEXT';
    expect((await call(server.app, 'GET', url, clerk)).json().ControlValue).toContain('<h2>Welcome');
    const entry = (await call(server.app, 'GET', '/api/data/configuration/MOBILE_HOMEPAGE_TEXT', admin)).json().Data;
    const saved = await call(server.app, 'PUT', '/api/data/configuration/MOBILE_HOMEPAGE_TEXT', admin, {
      ControlValue: '<p>Closed on Canada Day.</p>',
      Version: entry.Version,
    });
    expect(saved.statusCode).toBe(200);
    expect((await call(server.app, 'GET', url, clerk)).json()).toEqual({ ControlValue: '<p>Closed on Canada Day.</p>' });
    expect((await call(server.app, 'GET', '/api/Configuration/GetConfigurationByControlId?controlId=NOPE', clerk)).statusCode).toBe(404);
    expect((await call(server.app, 'GET', '/api/Configuration/GetConfigurationByControlId', clerk)).statusCode).toBe(400);
  });

  it('lets a portal customer read only the entries meant for customers; other ids are answered as unknown', async () => {
    const portal = (await signIn(server.app, 'portal', 'portal')).access_token;
    const read = (controlId: string, token: string) =>
      call(server.app, 'GET', `/api/Configuration/GetConfigurationByControlId?controlId=${controlId}`, token);
    expect((await read('MOBILE_HOMEPAGE_TEXT', portal)).statusCode).toBe(200);
    const hidden = await read('SUPPORT_EMAIL', portal);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.body).not.toContain('support@');
    expect((await read('support_email', portal)).statusCode).toBe(404);
    expect((await read('SUPPORT_EMAIL', admin)).json()).toEqual({ ControlValue: 'support@novus.example' });
  });
});

describe('Excel export', () => {
  async function workbookOf(body: Buffer) {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(body as unknown as ArrayBuffer);
    return workbook.worksheets[0]!;
  }

  it('streams a real .xlsx of every row, with the header and X-Total-Count', async () => {
    const response = await call(server.app, 'POST', '/api/data/firm/export', clerk, { PageSize: 2147483647 });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(String(response.headers['content-disposition'])).toMatch(/^attachment; filename="firm-\d{8}-\d{6}\.xlsx"$/);
    const total = Number(response.headers['x-total-count']);
    const firms = (await call(server.app, 'GET', '/api/data/firm', clerk)).json();
    expect(total).toBe(firms.TotalCount);
    const sheet = await workbookOf(response.rawPayload);
    expect(sheet.rowCount).toBe(total + 1);
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(['Firm ID', 'Name', 'City', 'Province', 'Phone', 'Bill To Id', 'Sales rep', 'Credit limit', 'Active']);
    expect(sheet.getRow(2).getCell(1).value).toBe(firms.List[0].FirmId);
    const active = sheet.getRow(2).getCell(9).value;
    expect(active).toBe(true);
  });

  it('applies the list query: filters, sort and chosen columns', async () => {
    const response = await call(server.app, 'POST', '/api/data/firm/export', clerk, {
      'filter.FirmTypes': 'ship-to',
      SortFields: ['Name'],
      SortDescending: ['Name'],
      Columns: ['FirmId', 'Name', 'BillToId'],
    });
    expect(Number(response.headers['x-total-count'])).toBe(4);
    const sheet = await workbookOf(response.rawPayload);
    expect(sheet.rowCount).toBe(5);
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(['Firm ID', 'Name', 'Bill To Id']);
    expect(sheet.getRow(2).getCell(1).value).toBe('S301');
  });

  it('writes the sheet name and headers in the language the user works in', async () => {
    const db = server.app.erp.database.db;
    await db.updateTable('users').set({ language: 'fr-CA' }).where('user_id', '=', 'clerk').execute();
    try {
      const response = await call(server.app, 'POST', '/api/data/firm/export', clerk, { Columns: ['FirmId', 'Name', 'BillToId'] });
      expect(response.statusCode).toBe(200);
      const sheet = await workbookOf(response.rawPayload);
      expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(['Code de l’entreprise', 'Nom', 'Code de facturation']);
    } finally {
      await db.updateTable('users').set({ language: 'en-CA' }).where('user_id', '=', 'clerk').execute();
    }
  });

  it('refuses a bad query with a 400 CallResult before sending any file', async () => {
    const response = await call(server.app, 'POST', '/api/data/firm/export', clerk, { SortFields: ['Nope'] });
    expect(response.statusCode).toBe(400);
    expect(response.json().Message).toContain('Cannot sort by Nope');
    expect((await call(server.app, 'POST', '/api/data/firm/export', clerk, { Columns: ['Contacts'] })).statusCode).toBe(400);
    expect((await call(server.app, 'POST', '/api/data/user/export', clerk, {})).statusCode).toBe(403);
  });
});
