/**
 * Request and answer schemas of the generic entity routes and attachments (the convention is at the top
 * of http/schemas.ts; an entity's own calls declare theirs in its folder, tagged with its name). The
 * schemas check the shape; the definitions check the content (field names, filters, sort fields,
 * values), with the messages in the module headers of query.ts and answers.ts.
 */
import { MAX_EXPORT_PAGE_SIZE, MAX_LIST_PAGE_SIZE } from './query.ts';
import { apiSchema, BOOLEAN, callResult, INT32, integer, NO_QUERY, object, pagedList, RECORD, text, type JsonSchema } from '../http/schemas.ts';

const ENTITY = text(64, { minLength: 1, pattern: '^[A-Za-z][A-Za-z0-9_-]*$' });
const ID = text(200, { minLength: 1 });
const KEY = text(20, { minLength: 1 });
const NAMES: JsonSchema = { type: 'array', maxItems: 40, items: text(2000) };
const FILTERS = { '^filter\\.[A-Za-z0-9]+(\\.(from|to))?$': { anyOf: [text(4000), { type: 'array', maxItems: 100, items: text(200) }] } };
const BODY_FILTERS = {
  '^filter\\.[A-Za-z0-9]+(\\.(from|to))?$': {
    anyOf: [text(4000), { type: 'number' }, BOOLEAN, { type: 'array', maxItems: 100, items: { anyOf: [text(200), { type: 'number' }, BOOLEAN] } }],
  },
};
const NAMES_OR_TEXT: JsonSchema = { anyOf: [text(2000), NAMES] };

const entityParams = object({ entity: ENTITY }, ['entity']);
/** `:entity` and `:id` of a record's routes (an entity's own record calls use it too, e.g. company/routes.ts). */
export const recordParams = object({ entity: ENTITY, id: ID }, ['entity', 'id']);
const attachmentParams = object({ entity: ENTITY, id: ID, key: KEY }, ['entity', 'id', 'key']);
const tags = ['entities'];

const ENTITY_SUMMARY = object(
  { Entity: text(64), LabelKey: text(200), Application: text(64), Routes: { type: 'array', items: text(200) }, CanWrite: BOOLEAN },
  [],
);
const ATTACHMENT = object({ AttachmentKey: { type: 'integer' }, FileName: text(255), ContentType: text(100), Size: { type: 'integer' }, CreatedBy: text(64), CreatedOn: text(40) });
const FILE_ANSWER: JsonSchema = { type: 'string', format: 'binary', description: 'the file' };

export const ENTITY_SCHEMAS = {
  // Issue 12: the generic action call of documents (documents.ts runAction).
  action: apiSchema({
    summary: 'Run a document action (state transition): version check, guard and effect in one transaction',
    tags,
    params: object({ entity: ENTITY, id: ID, action: text(40, { minLength: 1, pattern: '^[a-z][a-z0-9-]*$' }) }, ['entity', 'id', 'action']),
    querystring: NO_QUERY,
    // Date: the date an action posts on where it takes one (e.g. an AR invoice's `credit`); others ignore it.
    // Invoices: the documents a user picked for an action that takes them (a receipt's `auto-apply`, issue 21 item 8).
    body: object(
      {
        Version: integer(1, INT32),
        Confirmations: { type: 'array', maxItems: 20, items: text(200) },
        Date: text(10, { pattern: '^\\d{4}-\\d{2}-\\d{2}$' }),
        Invoices: { type: 'array', maxItems: 2000, items: text(30, { minLength: 1 }) },
      },
      ['Version'],
    ),
    response: { 200: callResult(RECORD) },
  }),
  // One action on many records in one transaction (documents.ts runActions): a queue's batch.
  actions: apiSchema({
    summary: 'Run one document action on many records: each item checked and run as alone, in one transaction, each in a savepoint',
    tags,
    params: object({ entity: ENTITY, action: text(40, { minLength: 1, pattern: '^[a-z][a-z0-9-]*$' }) }, ['entity', 'action']),
    querystring: NO_QUERY,
    body: object(
      {
        Items: { type: 'array', minItems: 1, maxItems: 1000, items: object({ Id: { anyOf: [ID, integer(1, INT32)] }, Version: integer(1, INT32) }, ['Id', 'Version']) },
        Date: text(10, { pattern: '^\\d{4}-\\d{2}-\\d{2}$' }),
      },
      ['Items'],
    ),
    response: {
      200: callResult(RECORD, {
        ResultStatus: { type: 'integer', description: '1 every item done (ResultCode ok), 3 some refused (partial), 2 none done (failed); Message names what was done and each refusal' },
        List: { type: 'array', description: 'per item, in order: { Id, Number, ResultStatus, ResultCode, Message, ActionResult? }', items: RECORD },
      }),
    },
  }),
  entities: apiSchema({ summary: 'Entities the caller may read', tags, querystring: NO_QUERY, response: { 200: { type: 'array', items: ENTITY_SUMMARY } } }),
  entity: apiSchema({
    summary: 'One entity: write right, hidden and read-only fields, saved list columns',
    tags,
    params: entityParams,
    querystring: NO_QUERY,
    response: {
      200: object({
        Entity: text(64),
        CanWrite: BOOLEAN,
        Hidden: { type: 'array', items: text(64) },
        ReadOnly: { type: 'array', items: text(64) },
        Preferences: {
          anyOf: [
            object({ Columns: { type: 'array', items: text(64) }, Widths: { type: 'object', additionalProperties: { type: 'integer' } } }, ['Columns']),
            { type: 'null' },
          ],
        },
      }),
    },
  }),
  preferences: apiSchema({
    summary: 'Save the list columns the user chose',
    tags,
    params: entityParams,
    querystring: NO_QUERY,
    // Widths (issue 16 item 5): px per listed column; the route checks 40–2000 and that each is listed.
    body: object(
      {
        Columns: { type: 'array', maxItems: 100, items: text(64) },
        Widths: { type: 'object', maxProperties: 100, additionalProperties: { type: 'number', minimum: 40, maximum: 2000 } },
      },
      ['Columns'],
    ),
    response: { 200: callResult(object({ Columns: { type: 'array', items: text(64) } })) },
  }),
  list: apiSchema({
    summary: 'List records (paging, sorting, search, filters declared by the definition)',
    tags,
    params: entityParams,
    querystring: object(
      { Page: integer(1, INT32), PageSize: integer(1, MAX_LIST_PAGE_SIZE), Columns: NAMES, SortFields: NAMES, SortDescending: NAMES, Search: text(4000) },
      [],
      { patternProperties: FILTERS },
    ),
    response: { 200: callResult(undefined, pagedList(RECORD).properties as Record<string, JsonSchema>) },
  }),
  lookup: apiSchema({
    summary: 'Suggestions for a lookup to this entity: key and display label of the matching records by name, 20 a page (More: another page follows)',
    tags,
    params: entityParams,
    querystring: object({ Search: text(4000), Page: integer(1, INT32), From: text(100), Report: text(100), Field: text(200), Values: text(4000), Key: text(200) }),
    response: { 200: callResult(undefined, { List: { type: 'array', items: object({ Value: { type: 'string' }, Label: { type: 'string' }, Number: { type: 'string' }, Marks: { type: 'array', items: { type: 'string' } }, MarkFields: { type: 'array', items: { type: 'string' } } }, ['Value', 'Label']) }, More: { type: 'boolean' } }) },
  }),
  defaults: apiSchema({
    summary: "The fields that follow from a picked field (the definition's defaults), as the save would fill them",
    tags,
    params: entityParams,
    querystring: NO_QUERY,
    body: object({ Field: text(100), Values: RECORD, Line: RECORD }, ['Field']),
    response: { 200: callResult(RECORD) },
  }),
  create: apiSchema({
    summary: 'Create a record (the definition validates the fields)',
    tags,
    params: entityParams,
    querystring: NO_QUERY,
    body: RECORD,
    response: { 201: callResult(RECORD), 200: callResult() },
  }),
  export: apiSchema({
    summary: 'Export the list as .xlsx (validated completely before the first byte)',
    tags,
    params: entityParams,
    querystring: NO_QUERY,
    body: {
      ...object(
        { Page: integer(1, INT32), PageSize: integer(1, MAX_EXPORT_PAGE_SIZE), Columns: NAMES_OR_TEXT, SortFields: NAMES_OR_TEXT, SortDescending: NAMES_OR_TEXT, Search: text(4000) },
        [],
        { patternProperties: BODY_FILTERS },
      ),
      type: ['object', 'null'],
    },
    response: { 200: FILE_ANSWER },
  }),
  get: apiSchema({ summary: 'One record', tags, params: recordParams, querystring: NO_QUERY, response: { 200: callResult(RECORD) } }),
  related: apiSchema({
    summary: 'The documents related to a record, both ways (issue 40 item 4: a purchase order, its receipts, their vendor invoices)',
    tags,
    params: recordParams,
    querystring: NO_QUERY,
    response: {
      200: callResult(undefined, {
        List: {
          type: 'array',
          items: object({
            Entity: { type: 'string' },
            LabelKey: { type: 'string' },
            Screen: { type: ['string', 'null'] },
            Direction: { type: 'string', enum: ['up', 'down'] },
            Items: { type: 'array', items: object({ Id: { type: 'string' }, Number: { type: 'string' }, State: { type: ['string', 'null'] } }, ['Id', 'Number', 'State']) },
          }, ['Entity', 'LabelKey', 'Screen', 'Direction', 'Items']),
        },
        Makes: {
          type: 'array',
          items: object({
            Id: { type: 'string' },
            Entity: { type: 'string' },
            LabelKey: { type: 'string' },
            Screen: { type: ['string', 'null'] },
            Create: { type: 'boolean' },
            Values: { type: 'object' },
            Hotkey: { type: ['string', 'null'] },
          }, ['Id', 'Entity', 'LabelKey', 'Screen', 'Create', 'Values', 'Hotkey']),
        },
      }),
    },
  }),
  email: apiSchema({
    summary: 'E-mail a document to its firm with its print attached (issue 40 item 4; asks the §5 question naming the recipient first)',
    tags,
    params: recordParams,
    querystring: NO_QUERY,
    body: object({ Confirmations: { type: 'array', maxItems: 20, items: text(200) } }),
    response: { 200: callResult(undefined) },
  }),
  update: apiSchema({
    summary: 'Change a record (fields to change and the Version read)',
    tags,
    params: recordParams,
    querystring: NO_QUERY,
    body: RECORD,
    response: { 200: callResult(RECORD) },
  }),
  delete: apiSchema({
    summary: 'Delete a record',
    tags,
    params: recordParams,
    querystring: object({ Version: integer(1, INT32) }),
    response: { 200: callResult() },
  }),
  audit: apiSchema({
    summary: '§3 audit rows of a record, newest first',
    tags,
    params: recordParams,
    querystring: object({ Page: integer(1, INT32), PageSize: integer(1, 1000) }),
    response: { 200: callResult(undefined, pagedList(RECORD).properties as Record<string, JsonSchema>) },
  }),
  // Issue 42 item 4 (history.ts): the query is checked there, so a bad value gets the caller's language.
  history: apiSchema({
    summary: "A record's changes: one entry per save or action (who, when, each field from → to, lines by position), newest first",
    tags,
    params: recordParams,
    querystring: object({ Page: text(12), PageSize: text(12) }),
    response: { 200: callResult(undefined, pagedList(RECORD).properties as Record<string, JsonSchema>) },
  }),
  asOf: apiSchema({
    summary: 'A record as it stood at the end of a day (header X-Time-Zone, default UTC), rebuilt from the audit trail',
    tags,
    params: recordParams,
    querystring: object({ Date: text(40) }),
    response: {
      200: callResult(RECORD, {
        Date: text(10),
        Until: text(40),
        Changed: { type: 'array', items: text(64) },
        Lines: RECORD,
        Unknown: { type: 'array', items: text(64) },
        Names: RECORD,
        LastChange: { anyOf: [RECORD, { type: 'null' }] },
      }),
    },
  }),
  upload: apiSchema({
    summary: 'Attach one file (multipart/form-data, field `file`)',
    tags: ['attachments'],
    params: recordParams,
    querystring: NO_QUERY,
    upload: true,
    response: { 201: callResult(ATTACHMENT) },
  }),
  attachments: apiSchema({
    summary: 'The attachments of a record',
    tags: ['attachments'],
    params: recordParams,
    querystring: NO_QUERY,
    response: { 200: callResult(undefined, { List: { type: 'array', items: ATTACHMENT } }) },
  }),
  download: apiSchema({ summary: 'Download an attachment', tags: ['attachments'], params: attachmentParams, querystring: NO_QUERY, response: { 200: FILE_ANSWER } }),
  deleteAttachment: apiSchema({ summary: 'Delete an attachment', tags: ['attachments'], params: attachmentParams, querystring: NO_QUERY, response: { 200: callResult() } }),
} satisfies Record<string, JsonSchema>;

