/**
 * Issue 72 item 1: the OpenAPI 3.1 document a partner generates a client from.
 * - Redocly CLI's recommended rules find no error in the served document.
 * - It is generated from the definitions: a path per entity (list, read, create, update, delete, each action),
 *   report and process, a schema per record and line with the fields' types, the §8 errors as responses,
 *   readable unique operationIds.
 * - A TypeScript client generated from it (openapi-typescript + openapi-fetch) compiles under `tsc --strict` —
 *   with compile-time proofs that fail when a field loses its type — and creates and reads a sales order.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEntities } from '@erp/shared/entities/index';
import { registeredProcesses } from '../src/processes/engine.ts';
import { registeredReports } from '../src/reports/engine.ts';
import { signIn, startServer, type TestServer } from './helpers/app.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

let server: TestServer;
let admin: string;
let document: Json;
let folder: string;

beforeAll(async () => {
  server = await startServer();
  admin = (await signIn(server.app, 'admin', 'admin')).access_token;
  const response = await server.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(response.statusCode).toBe(200);
  document = response.json() as Json;
  // A folder of its own; its node_modules is the repository's, so the generated client resolves openapi-fetch.
  folder = mkdtempSync(join(tmpdir(), 'erp-openapi-'));
  symlinkSync(join(ROOT, 'node_modules'), join(folder, 'node_modules'), 'dir');
  writeFileSync(join(folder, 'openapi.json'), response.body);
});
afterAll(async () => {
  if (folder) rmSync(folder, { recursive: true, force: true });
  await server?.stop();
});

const operations = () => Object.entries(document.paths as Json).flatMap(([path, byMethod]) => Object.entries(byMethod as Json).map(([method, operation]) => ({ path, method, operation: operation as Json })));

describe('the OpenAPI document', () => {
  it('passes Redocly CLI’s recommended rules with no error', async () => {
    const cli = join(ROOT, 'node_modules/@redocly/cli/bin/cli.js');
    // Exit code 1 when it finds errors: read its report either way.
    const { stdout } = await run(process.execPath, [cli, 'lint', '--extends', 'recommended', '--format', 'json', '--max-problems', '10000', join(folder, 'openapi.json')], {
      cwd: folder,
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
      maxBuffer: 64 * 1024 * 1024,
    }).catch((error: { stdout: string }) => error);
    const report = JSON.parse(stdout.slice(stdout.indexOf('{'))) as { totals: { errors: number }; problems: { ruleId: string; severity: string; message: string }[] };
    const errors = report.problems.filter((problem) => problem.severity === 'error').map((problem) => `${problem.ruleId}: ${problem.message}`);
    expect(errors.slice(0, 20)).toEqual([]);
    expect(report.totals.errors).toBe(0);
  }, 120_000);

  it('has a readable, unique operationId on every operation', () => {
    const ids = operations().map(({ operation }) => operation.operationId as string);
    expect(ids.every((id) => /^[a-z][A-Za-z0-9]*$/.test(id)), ids.filter((id) => !/^[a-z][A-Za-z0-9]*$/.test(id)).join(', ')).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    const id = (path: string, method: string) => document.paths[path]?.[method]?.operationId;
    expect(id('/api/data/sales-order', 'get')).toBe('listSalesOrders');
    expect(id('/api/data/sales-order', 'post')).toBe('createSalesOrder');
    expect(id('/api/data/sales-order/{id}', 'get')).toBe('getSalesOrder');
    expect(id('/api/data/sales-order/{id}', 'put')).toBe('updateSalesOrder');
    expect(id('/api/data/sales-order/{id}', 'delete')).toBe('deleteSalesOrder');
    expect(id('/api/data/ap-invoice/{id}/actions/post', 'post')).toBe('postApInvoice');
    expect(id('/api/data/country', 'get')).toBe('listCountries');
    expect(id('/api/shell/applications', 'get')).toBe('getShellApplications');
  });

  it('documents every entity, action, report and process at its own path, from the registries', () => {
    const missing: string[] = [];
    for (const def of allEntities()) {
      const base = `/api/data/${def.name}`;
      const want: [string, string][] = [
        [base, 'get'],
        [base, 'post'],
        [`${base}/{id}`, 'get'],
        [`${base}/{id}`, 'put'],
        [`${base}/{id}`, 'delete'],
        ...(def.states?.transitions ?? []).map((t): [string, string] => [`${base}/{id}/actions/${t.action}`, 'post']),
      ];
      for (const [path, method] of want) if (!document.paths[path]?.[method]) missing.push(`${method} ${path}`);
      for (const name of ['', 'Input', 'Update']) if (!document.components.schemas[`${def.name.split('-').map((w) => w[0]!.toUpperCase() + w.slice(1)).join('')}${name}`]) missing.push(`schema of ${def.name}${name}`);
    }
    for (const report of registeredReports()) {
      const run = document.paths[`/api/reports/${report.def.name}/run`]?.post as Json | undefined;
      if (!run) missing.push(`report ${report.def.name}`);
      // Its rows typed from its columns, its Parameters from its parameters.
      const list = run?.responses[200].content['application/json'].schema.properties.List.items.$ref as string | undefined;
      const row = document.components.schemas[String(list?.split('/').pop())] as Json | undefined;
      if (Object.keys(row?.properties ?? {}).join() !== report.def.columns.map((c) => c.field).join()) missing.push(`rows of report ${report.def.name}`);
      const parameters = run?.requestBody.content['application/json'].schema.properties.Parameters.properties as Json | undefined;
      for (const parameter of report.def.parameters) if (parameter.fixed === undefined && !parameters?.[parameter.name]) missing.push(`parameter ${parameter.name} of report ${report.def.name}`);
    }
    for (const process of registeredProcesses()) {
      for (const step of ['preview', 'run']) if (!document.paths[`/api/processes/${process.def.name}/${step}`]?.post) missing.push(`process ${process.def.name} ${step}`);
    }
    expect(missing).toEqual([]);
    // The generic routes stay documented (the same urls), their {entity} one of the registry's names.
    const entity = (document.paths['/api/data/{entity}/{id}'].get.parameters as Json[]).find((p) => p.name === 'entity')!;
    expect(entity.schema.enum).toContain('sales-order');
  });

  it('types every field: formats, enums, required, lengths, decimals as strings, read-only fields', () => {
    const schemas = document.components.schemas as Json;
    const order = schemas.SalesOrder.properties as Json;
    expect(order.OrderDate).toMatchObject({ type: ['string', 'null'], format: 'date' });
    expect(order.OrderKey).toMatchObject({ type: 'integer', readOnly: true });
    expect(order.Status.enum).toEqual(expect.arrayContaining(['Entered', 'Committed', 'Shipped', 'Invoiced', 'Cancelled']));
    expect(order.Lines).toEqual({ type: 'array', maxItems: expect.any(Number), items: { $ref: '#/components/schemas/SalesOrderLine' } });
    expect(order.CreatedOn).toMatchObject({ format: 'date-time', readOnly: true });
    const input = schemas.SalesOrderInput as Json;
    expect(input.required).toEqual(expect.arrayContaining(['OrderDate', 'BillToId']));
    expect(input.properties.OrderKey).toBeUndefined();
    expect(input.properties.BillToId).toMatchObject({ type: 'string', maxLength: expect.any(Number) });
    const line = schemas.SalesOrderLine.properties as Json;
    expect(line.Quantity.type).toEqual(['string', 'null']);
    expect(new RegExp(line.Quantity.pattern).test('12.5000')).toBe(true);
    expect(new RegExp(line.Quantity.pattern).test('1e3')).toBe(false);
    expect(schemas.SalesOrderUpdate.required).toEqual(['Version']);
    // An example per record type that its own schema accepts (checked by Redocly's no-invalid-schema-examples too).
    expect(input.examples[0]).toMatchObject({ OrderDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), BillToId: expect.any(String) });
  });

  it('answers errors with the §8 catalogue as reusable CallResult responses, and names its security', () => {
    const responses = document.components.responses as Json;
    for (const name of ['BadRequest', 'Unauthorized', 'Forbidden', 'NotFound', 'Conflict', 'UnprocessableContent', 'TooManyRequests', 'ServiceUnavailable']) {
      expect(responses[name].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/CallResult' });
    }
    const get = document.paths['/api/data/sales-order/{id}'].get as Json;
    for (const code of ['400', '401', '403', '404', '409', '422', '429', '503']) expect(get.responses[code].$ref).toMatch(/^#\/components\/responses\//);
    expect(get.security).toEqual([{ bearer: [] }, { dpop: [] }]);
    expect(Object.keys(document.components.securitySchemes)).toEqual(['bearer', 'dpop']);
    const tags = new Set((document.tags as Json[]).map((tag) => tag.name));
    for (const { operation } of operations()) for (const tag of operation.tags as string[]) expect(tags.has(tag), tag).toBe(true);
  });
});

const CLIENT = `
import createClient from 'openapi-fetch';
import type { components, paths } from './api.ts';

type SalesOrder = components['schemas']['SalesOrder'];
type Input = components['schemas']['SalesOrderInput'];
type Line = components['schemas']['SalesOrderLine'];

// Compile-time proofs: each line is an error only while the document keeps the field's type.
// @ts-expect-error OrderDate is a date string, never a number
export const notADate: Input['OrderDate'] = 20260115;
// @ts-expect-error OrderType takes only its options
export const notAType: Input['OrderType'] = 'Whatever';
// @ts-expect-error a quantity is an exact decimal string, never a float
export const notAQuantity: Line['Quantity'] = 1.5;
// @ts-expect-error BillToId is required
export const noBillTo: Input = { OrderDate: '2026-01-15' };
// @ts-expect-error the record's key is an integer
export const notAKey: SalesOrder['OrderKey'] = 'one';

export async function createAndRead(fetch: (request: Request) => Promise<Response>, token: string, values: Input): Promise<{ created: SalesOrder; read: SalesOrder }> {
  const client = createClient<paths>({ baseUrl: 'http://localhost', fetch, headers: { authorization: 'Bearer ' + token } });
  const made = await client.POST('/api/data/sales-order', { body: values });
  if (!made.data?.Data) throw new Error('not created: ' + JSON.stringify(made.error ?? made.data));
  const key: number = made.data.Data.OrderKey;
  const read = await client.GET('/api/data/sales-order/{id}', { params: { path: { id: key } } });
  if (!read.data?.Data) throw new Error('not read: ' + JSON.stringify(read.error));
  const status: 'Entered' | 'Committed' | 'Shipped' | 'Invoiced' | 'Cancelled' | null | undefined = read.data.Data.Status;
  const quantity: string | null | undefined = read.data.Data.Lines?.[0]?.Quantity;
  void status;
  void quantity;
  return { created: made.data.Data, read: read.data.Data };
}
`;

describe('a TypeScript client generated from it (openapi-typescript + openapi-fetch)', () => {
  it('compiles strictly and creates and reads a sales order with typed fields', async () => {
    writeFileSync(join(folder, 'api.ts'), astToString(await openapiTS(document as Parameters<typeof openapiTS>[0])));
    writeFileSync(join(folder, 'client.ts'), CLIENT);
    writeFileSync(
      join(folder, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: { strict: true, noEmit: true, target: 'es2022', module: 'nodenext', moduleResolution: 'nodenext', allowImportingTsExtensions: true, skipLibCheck: true, types: [], lib: ['es2022', 'dom'] },
        files: ['client.ts'],
      }),
    );
    const tsc = join(ROOT, 'node_modules/typescript/bin/tsc');
    const checked = await run(process.execPath, [tsc, '-p', join(folder, 'tsconfig.json')], { cwd: folder, maxBuffer: 16 * 1024 * 1024 }).then(
      () => '',
      (error: { stdout?: string }) => error.stdout ?? String(error),
    );
    expect(checked).toBe('');

    // The same client, run against this server (requests go through app.inject).
    const fetch = async (request: Request) => {
      const url = new URL(request.url);
      const body = request.method === 'GET' ? undefined : await request.text();
      const answer = await server.app.inject({
        method: request.method as 'GET',
        url: url.pathname + url.search,
        headers: Object.fromEntries(request.headers),
        ...(body ? { payload: body } : {}),
      });
      const headers = new Headers();
      for (const [name, value] of Object.entries(answer.headers)) if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
      return new Response(answer.body, { status: answer.statusCode, headers });
    };
    const client = (await import(pathToFileURL(join(folder, 'client.ts')).href)) as {
      createAndRead(fetch: (request: Request) => Promise<Response>, token: string, values: Json): Promise<{ created: Json; read: Json }>;
    };
    const today = new Date().toISOString().slice(0, 10);
    const { created, read } = await client.createAndRead(fetch, admin, {
      OrderDate: today,
      BillToId: 'B100',
      ShipToId: 'S101',
      WarehouseId: 'TOR-01',
      DeliveryDate: today,
      Lines: [{ ProductId: 'AL-6061-SH125', Quantity: '2.0000' }],
    });
    expect(read.OrderKey).toBe(created.OrderKey);
    expect(read).toMatchObject({ OrderDate: today, BillToId: 'B100', Status: 'Entered' });
    expect(read.Lines[0].Quantity).toBe('2.0000');
  }, 120_000);
});
