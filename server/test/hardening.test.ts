/**
 * Issue #11: each defect found by the adversarial test, fixed as a class and tried with many variants.
 * 1. the API guard decides by the route the router matched (every registered route enumerated);
 * 3. bad input never reaches a 500: non-finite / out-of-range numbers, prototype names, exports validated
 *    before the first byte, child keys, one strict JSON typing, over-long addresses, malformed headers;
 * 5. uploaded file names: NFC, no invisible characters, one name per record whatever its case, one file
 *    per request.
 */
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_PREFIXES } from '../src/http/route-catalog.ts';
import { signIn, startServer, type TestServer } from './helpers/app.ts';
import { call, FILES, multipart, upload } from './helpers/entities.ts';

let server: TestServer;
let admin: string;
let portal: string;

beforeAll(async () => {
  server = await startServer();
  admin = (await signIn(server.app, 'admin', 'admin')).access_token;
  portal = (await signIn(server.app, 'portal', 'portal')).access_token;
  // Cart writes must name the account last switched to.
  await call(server.app, 'POST', '/api/PortalOrder/account-switch', portal, { BillToId: 'B100' });
});
afterAll(async () => server?.stop());

/** A concrete URL for a route pattern (`:entity` → firm, other parameters → 1, `*` → x). */
export function concreteUrl(pattern: string): string {
  return pattern
    .replace(/:entity\b/g, 'firm')
    .replace(/:id\b/g, 'B100')
    .replace(/:[A-Za-z]+/g, '1')
    .replace(/\*/g, 'x');
}

function expectCallResult(response: { statusCode: number; body: string }, status: number | number[]) {
  const statuses = Array.isArray(status) ? status : [status];
  expect(statuses, response.body.slice(0, 200)).toContain(response.statusCode);
  const body = JSON.parse(response.body) as { ResultStatus: number; Message: string };
  expect(body.ResultStatus).toBe(2);
  expect(typeof body.Message).toBe('string');
  expect(body.Message.length).toBeGreaterThan(0);
}

describe('1. the API guard works on the path the router sees', () => {
  it('every registered /api route refuses an anonymous call unless it is declared public', async () => {
    const routes = server.app.routeCatalog;
    expect(routes.length).toBeGreaterThan(30);
    for (const route of routes) {
      if (!route.protected) continue;
      const response = await server.app.inject({ method: route.method, url: concreteUrl(route.url) });
      expect(
        response.statusCode,
        `${route.method} ${route.url} answered ${response.statusCode} without a token. Every route under /api needs a token; ` +
          'a route meant for anonymous callers must say so with `config: { public: true }` (server/src/http/route-catalog.ts).',
      ).toBe(401);
    }
  });

  it('routes outside /api are only the shell page, the built files and the identity provider', () => {
    const staticPrefixes = ['/vendor/', '/shared/', '/elements/', '/apps/', '/root-config/', '/locales/'];
    let checked = 0;
    for (const route of server.app.routeCatalog) {
      if (route.protected) continue;
      checked++;
      if (route.public && route.url.toLowerCase().startsWith('/api')) continue; // declared public on purpose
      // A folder (ending in '/', not the root itself) admits what is under it; anything else is one exact path.
      const allowed = [...PUBLIC_PREFIXES, ...staticPrefixes].some((place) =>
        place.length > 1 && place.endsWith('/') ? route.url.startsWith(place) : route.url === place,
      );
      expect(allowed, `${route.method} ${route.url} is public outside /api: put it under /api (protected) or add its place to PUBLIC_PREFIXES on purpose`).toBe(true);
    }
    expect(checked).toBeGreaterThan(5);
  });

  /** Spellings of one path a lenient router might decode to the same route. */
  function spellings(path: string): string[] {
    const rest = path.slice('/api'.length);
    return [
      `/%61pi${rest}`,
      `/a%70i${rest}`,
      `/ap%69${rest}`,
      `/%61%70%69${rest}`,
      `/%2561pi${rest}`,
      `/API${rest}`,
      `/Api${rest}`,
      `//api${rest}`,
      `/api/${rest}`,
      `/./api${rest}`,
      `/x/../api${rest}`,
      `/api/.${rest}`,
      `/api/%2e${rest}`,
      `/x/%2e%2e/api${rest}`,
      `/%2fapi${rest}`,
      `/api%2f${rest.slice(1)}`,
      `\\api${rest}`,
      `/api${rest}?`,
      `/api${rest}#x`,
      `/api${rest}/`,
    ];
  }

  it('no spelling of a protected path reaches its handler without a token', async () => {
    const paths = ['/api/tenant', '/api/Company/GetDefaultCompany', '/api/shell/applications', '/api/data/firm', '/api/PortalOrder/securables'];
    for (const path of paths) {
      for (const url of spellings(path)) {
        const response = await server.app.inject({ method: 'GET', url });
        expect([400, 401, 404, 414], `${url} → ${response.statusCode} ${response.body.slice(0, 120)}`).toContain(response.statusCode);
        expect(response.body).not.toContain('releaseNumber');
        expect(response.body).not.toContain('Novus Metals');
        if (response.headers['content-type']?.toString().includes('json')) expectCallResult(response, [400, 401, 404, 414]);
      }
    }
  });

  it('an unknown path under /api in any spelling is refused like a protected one (no route map for strangers)', async () => {
    for (const url of ['/api/nothing-here', '/%61pi/nothing', '//api/nothing', '/API/nothing']) {
      expectCallResult(await server.app.inject({ method: 'GET', url }), 401);
    }
  });
});

const NON_FINITE = ['Infinity', '-Infinity', '1e309', '-1e309', 'NaN', '1e5', '0x10', '0b1', ' 1', '1 ', '+1', '1.5', '-1', '0', '', '99999999999999999999', '1,2', 'true', '[]', '%00'];
const PROTOTYPE_NAMES = ['__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty', 'isPrototypeOf', 'propertyIsEnumerable', 'toLocaleString', '__defineGetter__', '__lookupSetter__'];

describe('3. bad input never reaches a 500', () => {
  it('paging numbers are finite and in range on portal and entity lists', async () => {
    const lists = [
      (v: string) => `/api/PortalProduct/search?billToId=B100&page=${v}`,
      (v: string) => `/api/PortalProduct/search?billToId=B100&pageSize=${v}`,
      (v: string) => `/api/PortalOrder/list?billToId=B100&page=${v}`,
      (v: string) => `/api/PortalOrder/list?billToId=B100&pageSize=${v}`,
      (v: string) => `/api/PortalNotification/list?billToId=B100&page=${v}`,
      (v: string) => `/api/data/firm?Page=${v}`,
      (v: string) => `/api/data/firm?PageSize=${v}`,
      (v: string) => `/api/data/firm/B100/audit?Page=${v}`,
    ];
    for (const list of lists) {
      for (const value of NON_FINITE) {
        const token = list('').includes('Portal') ? portal : admin;
        const response = await call(server.app, 'GET', list(encodeURIComponent(value)), token);
        // '1e5' / '0' / '-1' may be well-formed but out of range; none is a 200 with a strange page and none a 500.
        expectCallResult(response, 400);
      }
    }
  });

  it('field names never find something on Object.prototype', async () => {
    for (const name of PROTOTYPE_NAMES) {
      const q = encodeURIComponent(name);
      for (const url of [`/api/data/firm?Columns=${q}`, `/api/data/firm?SortFields=${q}`, `/api/data/firm?SortFields=FirmId&SortDescending=${q}`, `/api/data/firm?filter.${q}=1`, `/api/data/firm?${q}=1`]) {
        expectCallResult(await call(server.app, 'GET', url, admin), 400);
      }
      expectCallResult(await call(server.app, 'PUT', '/api/entities/firm/preferences', admin, { Columns: [name] }), 400);
      const body = `{"FirmId":"B901","Name":"Proto","FirmTypes":["bill-to"],${JSON.stringify(name)}:1}`;
      expectCallResult(await call(server.app, 'POST', '/api/data/firm', admin, body), 400);
      const child = { FirmId: 'B902', Name: 'Proto', FirmTypes: ['bill-to'], Contacts: [{ Name: 'A', [name]: 1 }] };
      expectCallResult(await call(server.app, 'POST', '/api/data/firm', admin, JSON.stringify(child).replace('"Name":"A"', `"Name":"A",${JSON.stringify(name)}:1`)), 400);
    }
  });

  it('a NUL character in a path parameter is bad input on every GET route: never a 500 (PostgreSQL cannot store it)', async () => {
    // Found by the fuzz suite (seed 782719835): GET /api/oe/price-table/%00/export answered 500 on PostgreSQL.
    const routes = server.app.routeCatalog.filter((route) => route.protected && route.method === 'GET' && route.url.includes('/:'));
    expect(routes.length).toBeGreaterThan(10);
    for (const route of routes) {
      const url = route.url.replace(/:entity\b/g, 'firm').replace(/:[A-Za-z]+/g, '%00');
      const response = await call(server.app, 'GET', url, admin);
      expect(response.statusCode, `GET ${url}: ${response.body.slice(0, 200)}`).toBeLessThan(500);
      if (response.statusCode >= 400) expectCallResult(response, response.statusCode);
    }
    expectCallResult(await call(server.app, 'GET', '/api/oe/price-table/%00/export', admin), [400, 404]);
  });

  it('an export is validated completely before its first byte', async () => {
    for (const name of [...PROTOTYPE_NAMES, 'Nope', 'CardNumber']) {
      const response = await call(server.app, 'POST', '/api/data/firm/export', admin, { Columns: [name] });
      expectCallResult(response, 400);
      expect(response.headers['content-disposition']).toBeUndefined();
    }
    for (const value of [Number.MAX_VALUE, -1, 0, 1.5, 'x', true, null, [1]]) {
      expectCallResult(await call(server.app, 'POST', '/api/data/firm/export', admin, { Page: value }), 400);
    }
    expectCallResult(await call(server.app, 'POST', '/api/data/firm/export', admin, '{"PageSize":1e309}'), 400);
    const good = await call(server.app, 'POST', '/api/data/firm/export', admin, { Columns: ['FirmId', 'Name'], PageSize: 3 });
    expect(good.statusCode).toBe(200);
    expect(good.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect(good.rawPayload.length).toBeGreaterThan(1000);
  });

  it('child rows may name only their own record’s child keys', async () => {
    const other = (await call(server.app, 'GET', '/api/data/firm/B100', admin)).json().Data as { Contacts: { ContactKey: number }[] };
    const created = await call(server.app, 'POST', '/api/data/firm', admin, { FirmId: 'B903', Name: 'Child Keys', FirmTypes: ['bill-to'], Contacts: [{ Name: 'Own' }] });
    expect(created.statusCode).toBe(201);
    const mine = created.json().Data as { Contacts: { ContactKey: number }[]; Version: number };
    const foreign = other.Contacts[0]?.ContactKey ?? 1;
    const attempts: unknown[][] = [
      [{ ContactKey: foreign, Name: 'Stolen' }],
      [{ ContactKey: 2147483647, Name: 'Missing' }],
      [{ ContactKey: mine.Contacts[0]!.ContactKey, Name: 'A' }, { ContactKey: mine.Contacts[0]!.ContactKey, Name: 'B' }],
      [{ ContactKey: 0, Name: 'Zero' }],
      [{ ContactKey: -1, Name: 'Negative' }],
      [{ ContactKey: '1', Name: 'Text' }],
      [{ ContactKey: 1.5, Name: 'Fraction' }],
    ];
    for (const contacts of attempts) {
      expectCallResult(await call(server.app, 'POST', '/api/data/firm', admin, { FirmId: 'B904', Name: 'Keys', FirmTypes: ['bill-to'], Contacts: contacts }), 400);
      expectCallResult(await call(server.app, 'PUT', '/api/data/firm/B903', admin, { Contacts: contacts, Version: mine.Version }), 400);
    }
    const after = (await call(server.app, 'GET', '/api/data/firm/B100', admin)).json().Data as { Contacts: unknown[] };
    expect(after.Contacts).toEqual(other.Contacts);
  });

  it('JSON bodies are strictly typed: portal and entity calls refuse wrong types alike', async () => {
    // Wrong types: the same refusal from both kinds of call.
    for (const Quantity of [true, false, '1', '01', 1.5, [1], { n: 1 }]) {
      expectCallResult(await call(server.app, 'POST', '/api/PortalCart/add', portal, { BillToId: 'B100', Lines: [{ ProductId: 'CU-WIRE-12', Quantity }] }), 400);
      expectCallResult(await call(server.app, 'POST', '/api/data/firm', admin, { FirmId: 'B905', Name: 'Typed', FirmTypes: ['bill-to'], ApFirmId: Quantity }), 400);
    }
    // Out of range or missing for the portal's required quantity.
    for (const Quantity of [null, -1, 0, 100001]) {
      expectCallResult(await call(server.app, 'POST', '/api/PortalCart/add', portal, { BillToId: 'B100', Lines: [{ ProductId: 'CU-WIRE-12', Quantity }] }), 400);
    }
    for (const BillToId of [100, true, null, ['B100'], { id: 'B100' }]) {
      expectCallResult(await call(server.app, 'POST', '/api/PortalCart/add', portal, { BillToId, Lines: [{ ProductId: 'CU-WIRE-12', Quantity: 1 }] }), 400);
      expectCallResult(await call(server.app, 'POST', '/api/data/firm', admin, { FirmId: 'B906', Name: BillToId, FirmTypes: ['bill-to'] }), 400);
    }
    for (const Replace of ['true', 1, 0, null]) {
      expectCallResult(await call(server.app, 'POST', '/api/PortalCart/add', portal, { BillToId: 'B100', Lines: [{ ProductId: 'CU-WIRE-12', Quantity: 1 }], Replace }), 400);
    }
    // Bodies that are not JSON objects, or carry prototype keys, or numbers beyond a double.
    for (const raw of ['', ' ', 'null', '[]', '"x"', '1', '{', '{"BillToId":"B100",}', '{"__proto__":{"x":1}}', '{"constructor":{"prototype":{}}}', '{"BillToId":1e999}']) {
      expectCallResult(await call(server.app, 'POST', '/api/PortalOrder/account-switch', portal, raw), 400);
      expectCallResult(await call(server.app, 'POST', '/api/data/firm', admin, raw), 400);
    }
  });

  it('over-long addresses and query strings answer in the CallResult shape', async () => {
    for (const length of [8200, 20_000, 100_000]) {
      expectCallResult(await call(server.app, 'GET', `/api/data/firm?Search=${'a'.repeat(length)}`, admin), 414);
      expectCallResult(await server.app.inject({ method: 'GET', url: `/api/tenant?${'x='.repeat(length / 2)}` }), 414);
    }
  });

  it('malformed and over-large headers answer in the CallResult shape (real HTTP)', async () => {
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (server.app.server.address() as AddressInfo).port;
    const raw = (request: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () => socket.end(request));
        let answer = '';
        socket.on('data', (chunk) => (answer += chunk.toString('utf8')));
        socket.on('close', () => resolve(answer));
        socket.on('error', reject);
      });
    const requests = [
      'GET /api/tenant HTTP/1.1\r\nHost: x\r\nNo colon here\r\n\r\n',
      'GET /api/tenant HTTP/1.1\r\nHost: x\r\nBad\u0001Name: 1\r\n\r\n',
      'GET /api/tenant HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n',
      'GET /api/tenant HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n',
      `GET /api/tenant HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
      'GARBAGE\r\n\r\n',
    ];
    for (const request of requests) {
      const answer = await raw(request);
      const [head, body] = answer.split('\r\n\r\n');
      expect(head, request.slice(0, 60)).toMatch(/^HTTP\/1\.1 4\d\d /);
      const parsed = JSON.parse(body ?? '') as { ResultStatus: number; Message: string };
      expect(parsed.ResultStatus).toBe(2);
      expect(parsed.Message.length).toBeGreaterThan(0);
    }
  });
});

describe('5. uploaded file names', () => {
  const URL = '/api/data/firm/B200/attachments';

  it('refuses invisible, bidirectional and control characters in names', async () => {
    const names = [
      'invoice\u202efdp.exe',
      'invoice\u202dpdf.pdf',
      'a\u2066b\u2069.pdf',
      'a\u200bb.pdf',
      'a\u200db.pdf',
      'a\u2060b.pdf',
      '\ufeffa.pdf',
      'a\u00adb.pdf',
      'a\u0085b.pdf',
      'a\u2028b.pdf',
      'a\u2029b.pdf',
      'a\ue000b.pdf',
      'a\u0007b.pdf',
      'a\u061cb.pdf',
      'a\u180eb.pdf',
      '...',
      '   ',
    ];
    for (const name of names) {
      const response = await upload(server.app, URL, admin, name, FILES.pdf);
      expect(response.statusCode, JSON.stringify(name)).toBe(400);
      expect(response.json().ResultCode, JSON.stringify(name)).toMatch(/^(bad_file_name|no_file|bad_request)$/);
    }
    const listed = (await call(server.app, 'GET', URL, admin)).json() as { List: { FileName: string }[] };
    expect(listed.List ?? []).toEqual([]);
  });

  it('stores names in NFC and refuses the same name twice whatever its case or form', async () => {
    const decomposed = 'cafe\u0301 Report.pdf';
    const first = await upload(server.app, URL, admin, decomposed, FILES.pdf);
    expect(first.statusCode).toBe(201);
    expect(first.json().Data.FileName).toBe('caf\u00e9 Report.pdf');
    for (const again of ['café report.pdf', 'CAFÉ REPORT.PDF', 'Cafe\u0301 Report.PDF', 'ｃａｆé Report.pdf', 'caf\u00e9 Report.pdf']) {
      const response = await upload(server.app, URL, admin, again, FILES.pdf);
      expect(response.statusCode, again).toBe(400);
      expect(response.json().ResultCode).toBe('duplicate_file_name');
    }
  });

  it('a request with several files is refused and stores none', async () => {
    const before = ((await call(server.app, 'GET', URL, admin)).json() as { List?: unknown[] }).List?.length ?? 0;
    const one = multipart('first.pdf', FILES.pdf);
    const boundary = /boundary=(.*)$/.exec(one.contentType)![1]!;
    const second = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file2"; filename="second.png"\r\nContent-Type: image/png\r\n\r\n`,
    );
    const body = Buffer.concat([one.payload.subarray(0, one.payload.length - `--${boundary}--\r\n`.length), second, FILES.png, Buffer.from(`\r\n--${boundary}--\r\n`)]);
    const response = await server.app.inject({ method: 'POST', url: URL, headers: { authorization: `Bearer ${admin}`, 'content-type': one.contentType }, payload: body });
    expectCallResult(response, 400);
    expect(response.json().ResultCode).toBe('one_file');
    const after = ((await call(server.app, 'GET', URL, admin)).json() as { List?: unknown[] }).List?.length ?? 0;
    expect(after).toBe(before);
  });
});
