/**
 * The typed part of the OpenAPI document (issue 72 item 1), generated from the definitions — never a hand list.
 *
 * Contract:
 * - `entityComponents(defs)`: per entity (PascalCase of its name, `sales-order` → `SalesOrder`) three schemas —
 *   `SalesOrder` (the record as answered: every field but write-only ones, the §3 record trail, read-only fields
 *   `readOnly: true`), `SalesOrderInput` (a create's body: the writable fields, `required` as the save requires
 *   them) and `SalesOrderUpdate` (an update's body: any writable field, `Version` required) — and one per child
 *   collection row and line child row (`SalesOrderLine`, `SalesOrderLineLot`). Field types map to JSON Schema:
 *   dates `format: date`, datetimes `date-time`, enums their options, decimals strings with a pattern for their
 *   scale, lookups their key's type, sets arrays. Each record schema carries one example built from the fields'
 *   definitions (defaults, options, bounds): cheap and deterministic, no database read.
 * - `entityOperations(def, generic)`: the concrete paths of one entity — list, create, read, update, delete and
 *   one per document action (`/api/data/sales-order/{id}/actions/commit`) — documenting the SAME urls the generic
 *   routes (`/api/data/:entity…`, entities/routes.ts) serve: they are documentation, not handlers. Each starts from
 *   the generic route's operation (parameters, Idempotency-Key, error answers) with the entity's schemas in.
 * - `reportOperations` / `processOperations`: the same for each report's run and each process's preview and run,
 *   with their parameters typed.
 * - `names`: readable operationIds (`listSalesOrders`, `getSalesOrder`, `commitSalesOrder`, `runArAgingReport`).
 * - `entityWebhooks(defs, built, kinds)`: the document's `webhooks` (issue 72 item 3) — per entity event
 *   (`sales-order.status_changed`) the signed POST a subscription receives, its body `SalesOrderEvent`.
 */
import type { AnyEntity, ChildrenField, FieldDefinition, LineChildrenDefinition, ScalarField } from '@erp/shared/entities/define';
import { TRAIL_FIELDS } from '@erp/shared/entities/define';
import { DEFAULT_MAX_CHILD_ROWS, DEFAULT_MAX_LONG_TEXT, DEFAULT_MAX_LOOKUP, DEFAULT_MAX_TEXT, INTEGER_MAX, INTEGER_MIN, isSingleLine } from '@erp/shared/entities/field-value';
import type { ReportColumn, ReportParameter } from '@erp/shared/reports/define';
import type { JsonSchema } from './schemas.ts';

export type Operation = Record<string, unknown>;
export type Components = Record<string, JsonSchema>;

const words = (name: string) => name.split(/[^A-Za-z0-9]+/).filter(Boolean);
/** `sales-order` → `SalesOrder`. */
export const pascal = (name: string) =>
  words(name)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join('');
/** `auto-apply` → `autoApply`. */
export const camel = (name: string) => {
  const p = pascal(name);
  return p[0]!.toLowerCase() + p.slice(1);
};
/** English plural of a PascalCase name, for list operations (`SalesOrders`, `Countries`, `Branches`). */
export function plural(name: string): string {
  if (/[^aeiou]y$/.test(name)) return `${name.slice(0, -1)}ies`;
  if (/(x|ch|sh|ss)$/.test(name)) return `${name}es`;
  if (/s$/.test(name)) return name;
  return `${name}s`;
}
/** `Lines` → `Line`, `Contacts` → `Contact` (a row of a collection). */
const singular = (name: string) => (/ies$/.test(name) ? `${name.slice(0, -3)}y` : /[^s]s$/.test(name) ? name.slice(0, -1) : name);

const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });
const orNull = (schema: JsonSchema): JsonSchema => {
  if (Array.isArray(schema['enum'])) return { ...schema, type: [schema['type'], 'null'], enum: [...(schema['enum'] as unknown[]), null] };
  if (typeof schema['type'] === 'string') return { ...schema, type: [schema['type'], 'null'] };
  return { anyOf: [schema, { type: 'null' }] };
};

/** A decimal of `precision` digits, `scale` after the point: a string (exact on the wire, never a float). */
export function decimalPattern(precision: number, scale: number): string {
  const whole = Math.max(1, precision - scale);
  return scale > 0 ? `^-?\\d{1,${whole}}(\\.\\d{1,${scale}})?$` : `^-?\\d{1,${whole}}$`;
}

/** The JSON Schema of one scalar field's value (not null). */
export function scalarSchema(field: ScalarField): JsonSchema {
  switch (field.type) {
    case 'text': {
      const long = !isSingleLine(field);
      const schema: JsonSchema = { type: 'string', maxLength: field.maxLength ?? (long ? DEFAULT_MAX_LONG_TEXT : DEFAULT_MAX_TEXT) };
      if (field.minLength !== undefined) schema['minLength'] = field.minLength;
      if (field.pattern !== undefined) schema['pattern'] = `^(?:${field.pattern})$`;
      if (field.format === 'email') schema['format'] = 'email';
      if (field.format === 'password') schema['format'] = 'password';
      if (field.format === 'base64') schema['contentEncoding'] = 'base64';
      return schema;
    }
    case 'integer':
      return { type: 'integer', minimum: field.min ?? INTEGER_MIN, maximum: field.max ?? INTEGER_MAX };
    case 'decimal': {
      const scale = field.scale ?? 2;
      const bounds = [field.min !== undefined ? `at least ${field.min}` : '', field.max !== undefined ? `at most ${field.max}` : ''].filter(Boolean).join(', ');
      return {
        type: 'string',
        format: 'decimal',
        pattern: decimalPattern(field.precision ?? 15, scale),
        description: `Exact decimal, ${scale} digit${scale === 1 ? '' : 's'} after the point${bounds ? `; ${bounds}` : ''}.`,
      };
    }
    case 'boolean':
      return { type: 'boolean' };
    case 'date':
      return { type: 'string', format: 'date' };
    case 'datetime':
      return { type: 'string', format: 'date-time' };
    case 'enum':
      return { type: 'string', enum: field.options.map((option) => option.value) };
    case 'lookup':
      return field.valueType === 'integer'
        ? { type: 'integer', minimum: INTEGER_MIN, maximum: INTEGER_MAX, description: `Key of a ${field.entity} record.` }
        : { type: 'string', maxLength: field.maxLength ?? DEFAULT_MAX_LOOKUP, description: `Key of a ${field.entity} record.` };
  }
}

/** An example value that the field's own checks accept (defaults first), or undefined when none is found. */
function exampleOf(field: FieldDefinition, schema: JsonSchema): unknown {
  if (field.defaultValue !== undefined && field.defaultValue !== null && field.defaultValue !== '') return field.defaultValue;
  switch (field.type) {
    case 'text': {
      if (field.format === 'email') return 'orders@example.com';
      const min = field.minLength ?? 1;
      const max = (schema['maxLength'] as number | undefined) ?? DEFAULT_MAX_TEXT;
      const candidates = ['B100', 'Example', 'A', '1', 'A1', '100', 'AB', 'ABC', 'X'.repeat(min), '1'.repeat(min)];
      const pattern = field.pattern === undefined ? null : new RegExp(`^(?:${field.pattern})$`, 'u');
      return candidates.find((value) => value.length >= min && value.length <= max && (!pattern || pattern.test(value)) && (!field.uppercase || value === value.toUpperCase()));
    }
    case 'integer':
      return Math.min(Math.max(1, field.min ?? INTEGER_MIN), field.max ?? INTEGER_MAX);
    case 'decimal': {
      const scale = field.scale ?? 2;
      const one = scale > 0 ? `1.${'0'.repeat(scale)}` : '1';
      return field.min !== undefined && Number(field.min) > 1 ? field.min : field.max !== undefined && Number(field.max) < 1 ? field.max : one;
    }
    case 'boolean':
      return false;
    case 'date':
      return field.min ?? '2026-01-15';
    case 'datetime':
      return '2026-01-15T14:30:00.000Z';
    case 'enum':
      return field.options[0]?.value;
    case 'lookup':
      return field.valueType === 'integer' ? 1 : 'B100'.slice(0, field.maxLength ?? DEFAULT_MAX_LOOKUP);
    case 'set':
      return [];
    case 'children':
      return [];
  }
}

const TRAIL: Record<string, JsonSchema> = {
  CreatedBy: { type: 'string', readOnly: true },
  CreatedOn: { type: 'string', format: 'date-time', readOnly: true },
  UpdatedBy: { type: 'string', readOnly: true },
  UpdatedOn: { type: 'string', format: 'date-time', readOnly: true },
  Version: { type: 'integer', minimum: 1, readOnly: true, description: 'Sent back on update and on an action (optimistic concurrency, 409 version_conflict).' },
};

interface Built {
  components: Components;
  /** Names of every entity's record, input and update schemas. */
  names: Map<string, { record: string; input: string; update: string; key: JsonSchema }>;
}

/** The component schemas of every entity (records, inputs, updates, rows of collections). */
export function entityComponents(defs: readonly AnyEntity[]): Built {
  const components: Components = {};
  const names: Built['names'] = new Map();
  const taken = new Set(defs.map((def) => pascal(def.name)));
  const rowName = (base: string, field: string) => {
    let name = `${base}${singular(field)}`;
    if (taken.has(name) || components[name]) name = `${name}Row`;
    taken.add(name);
    return name;
  };

  for (const def of defs) {
    const base = pascal(def.name);
    const computed = new Set(Object.keys(def.computed));
    // Fields the save fills when they are blank: the state, the number, what follows from a picked field (issue 40 item 5).
    const filled = new Set<string>([...Object.values(def.defaults).flat(), ...(def.numbering ? [def.numbering.field] : []), ...(def.states ? [def.states.field] : [])]);
    const recordProps: Record<string, JsonSchema> = {};
    const inputProps: Record<string, JsonSchema> = {};
    const updateProps: Record<string, JsonSchema> = {};
    const inputRequired: string[] = [];
    const example: Record<string, unknown> = {};

    const collectionRow = (name: string, fields: Readonly<Record<string, ScalarField>>, key: string, prefix: string, subs?: Readonly<Record<string, LineChildrenDefinition>>, maxSubs?: (sub: string) => string) => {
      const properties: Record<string, JsonSchema> = {};
      for (const [fieldName, field] of Object.entries(fields)) {
        const readOnly = fieldName === key || field.readOnly === true || computed.has(`${prefix}.${fieldName}`);
        const schema = orNull(scalarSchema(field));
        properties[fieldName] = { ...schema, ...(readOnly ? { readOnly: true } : {}), ...(fieldName === key ? { description: 'Row key, kept by the server; omit on a new row.' } : {}) };
      }
      for (const [subName, sub] of Object.entries(subs ?? {})) {
        properties[subName] = { type: 'array', maxItems: sub.maxItems ?? DEFAULT_MAX_CHILD_ROWS, items: ref(maxSubs!(subName)) };
      }
      const required = Object.entries(fields)
        .filter(([fieldName, field]) => field.required && fieldName !== key && !field.readOnly && field.defaultValue === undefined && !computed.has(`${prefix}.${fieldName}`))
        .map(([fieldName]) => fieldName);
      components[name] = { type: 'object', additionalProperties: false, properties, ...(required.length ? { required } : {}) };
    };

    for (const [name, field] of Object.entries(def.fields)) {
      if (field.type === 'children') {
        const collection = field as ChildrenField;
        const row = rowName(base, name);
        const subNames: Record<string, string> = {};
        for (const [subName, sub] of Object.entries(collection.lineChildren ?? {})) {
          subNames[subName] = rowName(row, subName);
          collectionRow(subNames[subName]!, sub.fields, sub.key, `${name}.${subName}`);
        }
        collectionRow(row, collection.fields, collection.key, name, collection.lineChildren, (sub) => subNames[sub]!);
        const schema: JsonSchema = { type: 'array', maxItems: collection.maxItems ?? DEFAULT_MAX_CHILD_ROWS, items: ref(row) };
        const readOnly = field.readOnly === true;
        if (!field.writeOnly) recordProps[name] = readOnly ? { ...schema, readOnly: true } : schema;
        if (!readOnly) {
          inputProps[name] = schema;
          updateProps[name] = schema;
        }
        continue;
      }
      let schema: JsonSchema;
      if (field.type === 'set') {
        const items: JsonSchema = field.options ? { type: 'string', enum: field.options.map((option) => option.value) } : { type: 'string', maxLength: DEFAULT_MAX_LOOKUP };
        schema = { type: 'array', uniqueItems: true, items, maxItems: field.maxItems ?? DEFAULT_MAX_CHILD_ROWS, ...(field.minItems ? { minItems: field.minItems } : {}) };
      } else schema = scalarSchema(field);
      const isKey = name === def.key;
      const readOnly = field.readOnly === true || computed.has(name) || (isKey && def.keyKind === 'auto');
      const nullable = field.type === 'set' ? schema : orNull(schema);
      if (!field.writeOnly) recordProps[name] = { ...(isKey ? schema : nullable), ...(readOnly ? { readOnly: true } : {}), ...(field.readRoles ? { description: `Only callers with the role ${field.readRoles.join(' or ')} see it.` } : {}) };
      if (readOnly) continue;
      const needed = (field.required === true || isKey) && field.defaultValue === undefined && !filled.has(name);
      inputProps[name] = needed ? schema : nullable;
      if (field.writeOnly) inputProps[name] = { ...inputProps[name], writeOnly: true };
      if (needed) inputRequired.push(name);
      if (!isKey) updateProps[name] = inputProps[name]!;
      if (needed || field.defaultValue !== undefined) {
        const value = exampleOf(field, schema);
        if (value !== undefined) example[name] = value;
      }
    }
    const recordRequired = def.fields[def.key] && !def.fields[def.key]!.writeOnly ? [def.key, 'Version'] : ['Version'];
    components[base] = {
      type: 'object',
      description: `A ${def.name} record as the API answers it (fields the caller may not read are left out).`,
      properties: { ...recordProps, ...TRAIL },
      required: recordRequired,
    };
    components[`${base}Input`] = {
      type: 'object',
      description: `A new ${def.name} record: the writable fields (the record trail may be sent back and is ignored).`,
      additionalProperties: false,
      properties: { ...inputProps, ...Object.fromEntries(TRAIL_FIELDS.map((name) => [name, TRAIL[name]!])) },
      ...(inputRequired.length ? { required: inputRequired } : {}),
      // An example only when every required field has a value its checks accept.
      ...(inputRequired.every((name) => name in example) ? { examples: [example] } : {}),
    };
    components[`${base}Update`] = {
      type: 'object',
      description: `Changes to a ${def.name} record: the fields to change and the Version read.`,
      additionalProperties: false,
      properties: { ...updateProps, ...TRAIL, Version: { type: 'integer', minimum: 1, description: 'The Version read (409 version_conflict when another save came first).' } },
      required: ['Version'],
    };
    names.set(def.name, { record: base, input: `${base}Input`, update: `${base}Update`, key: scalarSchema(def.fields[def.key] as ScalarField) });
  }
  return { components, names };
}

/** The §3 CallResult with `Data` of the given schema. */
export const resultWith = (data: JsonSchema | undefined, extra: Record<string, JsonSchema> = {}): JsonSchema => ({
  allOf: [ref('CallResult'), { type: 'object', properties: { ...(data ? { Data: data } : {}), ...extra } }],
});

const json = (schema: JsonSchema) => ({ 'application/json': { schema } });

function withoutParameter(operation: Operation, name: string, extra: Operation[] = []): Operation[] {
  return [...((operation['parameters'] as Operation[]) ?? []).filter((parameter) => parameter['name'] !== name), ...extra];
}

/** `:entity` filled in: the generic operation's parameters without it, the id typed as the entity's key. */
function concrete(generic: Operation | undefined, operationId: string, summary: string, tag: string, drop: string[], change: (operation: Operation) => void): Operation | null {
  if (!generic) return null;
  let parameters = (generic['parameters'] as Operation[]) ?? [];
  for (const name of drop) parameters = parameters.filter((parameter) => parameter['name'] !== name);
  const operation: Operation = { ...generic, operationId, summary, tags: [tag], parameters };
  delete operation['description'];
  change(operation);
  return operation;
}

const FILTER_VALUE: JsonSchema = { type: 'string', maxLength: 4000 };

/** The concrete paths of one entity (documentation of the generic routes' urls with the entity filled in). */
export function entityOperations(def: AnyEntity, built: Built, generic: (path: string, method: string) => Operation | undefined, tag: string): Record<string, Record<string, Operation>> {
  const name = built.names.get(def.name)!;
  const one = pascal(def.name);
  const many = plural(one);
  const base = `/api/data/${def.name}`;
  const idParameter = { name: 'id', in: 'path', required: true, description: `The record's ${def.key}.`, schema: name.key };
  const withId = (operation: Operation) => {
    operation['parameters'] = [idParameter, ...withoutParameter(operation, 'id')];
  };
  const paths: Record<string, Record<string, Operation>> = {};
  const put = (path: string, method: string, operation: Operation | null) => {
    if (operation) (paths[path] ??= {})[method] = operation;
  };
  put(
    base,
    'get',
    concrete(generic('/api/data/{entity}', 'get'), `list${many}`, `List ${def.name} records`, tag, ['entity'], (operation) => {
      // The definition's filters as named query parameters (`filter.Status`, `filter.OrderDate.from`).
      const filters = def.filters.flatMap((filter) =>
        filter.op === 'range'
          ? [`filter.${filter.field}.from`, `filter.${filter.field}.to`].map((n) => ({ name: n, in: 'query', required: false, schema: FILTER_VALUE }))
          : [{ name: `filter.${filter.field}`, in: 'query', required: false, description: `${filter.op}${filter.op === 'in' ? ' (comma list)' : ''}`, schema: FILTER_VALUE }],
      );
      operation['parameters'] = [...withoutParameter(operation, '^filter\\.[A-Za-z0-9]+(\\.(from|to))?$').filter((p) => !String(p['name']).startsWith('^')), ...filters];
      operation['responses'] = {
        ...(operation['responses'] as Operation),
        200: {
          description: `A page of ${def.name} records`,
          content: json(resultWith(undefined, { Page: { type: 'integer' }, PageSize: { type: 'integer' }, TotalCount: { type: 'integer' }, List: { type: 'array', items: ref(name.record) } })),
        },
      };
    }),
  );
  put(
    base,
    'post',
    concrete(generic('/api/data/{entity}', 'post'), `create${one}`, `Create a ${def.name} record`, tag, ['entity'], (operation) => {
      operation['requestBody'] = { required: true, content: json(ref(name.input)) };
      operation['responses'] = {
        ...(operation['responses'] as Operation),
        // Typed as the 201 so a client reads `Data` the same way (absent here).
        200: { description: 'Not created: a question to confirm (ResultStatus 3, §5), no Data', content: json(resultWith(ref(name.record))) },
        201: { description: `The ${def.name} record created`, content: json(resultWith(ref(name.record))) },
      };
    }),
  );
  const record = `${base}/{id}`;
  const answer = { 200: { description: `The ${def.name} record`, content: json(resultWith(ref(name.record))) } };
  put(record, 'get', concrete(generic('/api/data/{entity}/{id}', 'get'), `get${one}`, `One ${def.name} record`, tag, ['entity'], (operation) => {
    withId(operation);
    operation['responses'] = { ...(operation['responses'] as Operation), ...answer };
  }));
  put(record, 'put', concrete(generic('/api/data/{entity}/{id}', 'put'), `update${one}`, `Change a ${def.name} record`, tag, ['entity'], (operation) => {
    withId(operation);
    operation['requestBody'] = { required: true, content: json(ref(name.update)) };
    operation['responses'] = { ...(operation['responses'] as Operation), ...answer };
  }));
  put(record, 'delete', concrete(generic('/api/data/{entity}/{id}', 'delete'), `delete${one}`, `Delete a ${def.name} record`, tag, ['entity'], withId));
  const actions = [...new Set(def.states?.transitions.map((transition) => transition.action) ?? [])];
  for (const action of actions) {
    const to = def.states!.transitions.filter((transition) => transition.action === action);
    const summary = `${action} a ${def.name} (from ${[...new Set(to.flatMap((transition) => transition.from))].join(', ')})`;
    put(
      `${record}/actions/${action}`,
      'post',
      concrete(generic('/api/data/{entity}/{id}/actions/{action}', 'post'), `${camel(action)}${one}`, summary, tag, ['entity', 'action'], (operation) => {
        withId(operation);
        operation['responses'] = { ...(operation['responses'] as Operation), 200: { description: `The ${def.name} record after the action`, content: json(resultWith(ref(name.record))) } };
      }),
    );
  }
  return paths;
}

/** A report's or process's Parameters object, typed from its parameter definitions. */
export function parametersSchema(parameters: readonly ReportParameter[]): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const parameter of parameters) {
    if (parameter.fixed !== undefined) continue;
    let schema: JsonSchema;
    if (parameter.type === 'date') schema = { type: 'string', format: 'date' };
    else if (parameter.type === 'integer') schema = { type: 'integer', ...(parameter.min !== undefined ? { minimum: parameter.min } : {}), ...(parameter.max !== undefined ? { maximum: parameter.max } : {}) };
    else if (parameter.type === 'enum') schema = { type: 'string', enum: (parameter.options ?? []).map((option) => option.value) };
    else schema = { anyOf: [{ type: 'string', maxLength: parameter.maxLength ?? 200 }, { type: 'integer' }], ...(parameter.entity ? { description: `Key of a ${parameter.entity} record.` } : {}) };
    properties[parameter.name] = schema;
  }
  const required = parameters.filter((parameter) => parameter.required && parameter.fixed === undefined).map((parameter) => parameter.name);
  return { type: 'object', additionalProperties: false, properties, ...(required.length ? { required } : {}) };
}

/** A report's row or a process's item, from its columns (decimals exact strings at their scale). */
export function rowSchema(columns: readonly ReportColumn[]): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const column of columns) {
    const scale = column.scale ?? 2;
    const type: JsonSchema =
      column.type === 'decimal'
        ? { type: 'string', pattern: decimalPattern(30, scale) }
        : column.type === 'integer'
          ? { type: 'integer' }
          : column.type === 'date'
            ? { type: 'string', format: 'date' }
            : column.type === 'datetime'
              ? { type: 'string', format: 'date-time' }
              : { type: 'string' };
    properties[column.field] = orNull(type);
  }
  return { type: 'object', properties };
}

/**
 * A report's or process's operation: the generic one with `:name` filled in, its Parameters typed and the rows
 * of its answer's `List` the component `row`.
 */
export function namedOperation(generic: Operation | undefined, operationId: string, summary: string, tag: string, drop: string, parameters: JsonSchema, row?: string): Operation | null {
  return concrete(generic, operationId, summary, tag, [drop], (operation) => {
    const body = (operation['requestBody'] as { content: Record<string, { schema: JsonSchema }> } | undefined)?.content['application/json']?.schema;
    if (body) {
      const properties = { ...((body['properties'] as Record<string, JsonSchema>) ?? {}), Parameters: parameters };
      operation['requestBody'] = { required: true, content: json({ ...body, properties }) };
    }
    const responses = operation['responses'] as Record<string, { content?: Record<string, { schema: JsonSchema }> }>;
    const answer = responses['200']?.content?.['application/json']?.schema;
    const list = (answer?.['properties'] as Record<string, JsonSchema> | undefined)?.['List'];
    if (!row || !answer || !list) return;
    const typed = { ...answer, properties: { ...(answer['properties'] as Record<string, JsonSchema>), List: { ...list, items: ref(row) } } };
    operation['responses'] = { ...responses, 200: { ...responses['200'], content: json(typed) } };
  });
}

const EVENT_HEADERS: Operation[] = [
  { name: 'webhook-id', in: 'header', required: true, description: 'The message id (`msg_…`): the same on every retry and replay; drop one you have seen.', schema: { type: 'string', pattern: '^msg_[0-9a-f]{32}$' } },
  { name: 'webhook-timestamp', in: 'header', required: true, description: 'When this attempt was signed, in seconds since 1970 (refuse one far from your clock).', schema: { type: 'string', pattern: '^[0-9]+$' } },
  {
    name: 'webhook-signature',
    in: 'header',
    required: true,
    description: '`v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">` keyed with the base64-decoded part of the subscription\'s `whsec_…` secret (Standard Webhooks).',
    schema: { type: 'string', pattern: '^v1,[A-Za-z0-9+/=]+( v1,[A-Za-z0-9+/=]+)*$' },
  },
];

/**
 * The OpenAPI `webhooks` of issue 72 item 3: per entity and event (`kinds(def)`: server/src/webhooks/outbox.ts), the
 * POST the server sends a subscription — the Standard Webhooks headers and an `<Entity>Event` body whose `Record`
 * is the entity's record schema (null for a deletion, or a record deleted before it was sent).
 */
export function entityWebhooks(defs: readonly AnyEntity[], built: Built, kinds: (def: AnyEntity) => readonly string[]): { webhooks: Record<string, Record<string, Operation>>; components: Components } {
  const webhooks: Record<string, Record<string, Operation>> = {};
  const components: Components = {};
  for (const def of defs) {
    const names = built.names.get(def.name);
    const raised = kinds(def);
    if (!names || raised.length === 0) continue;
    const event = `${names.record}Event`;
    components[event] = {
      type: 'object',
      description: `A change of a ${def.name} record, as a webhook delivers it.`,
      required: ['type', 'timestamp', 'data'],
      properties: {
        type: { type: 'string', enum: raised.map((kind) => `${def.name}.${kind}`) },
        timestamp: { type: 'string', format: 'date-time', description: 'When the change was committed.' },
        data: {
          type: 'object',
          required: ['Entity', 'Id', 'ChangedBy', 'Record'],
          properties: {
            Entity: { type: 'string', const: def.name },
            Id: { type: 'string', description: `The record's ${def.key}, as text.` },
            ...(def.states ? { Status: { type: 'string', description: `The state the change left the document in (\`${def.name}.status_changed\`).` } } : {}),
            ChangedBy: { type: ['string', 'null'], description: 'The user (or API client) whose call made the change.' },
            Record: { anyOf: [ref(names.record), { type: 'null' }], description: 'The record as the subscription\'s owner may read it when first sent; null when deleted.' },
          },
        },
      },
    };
    for (const kind of raised) {
      webhooks[`${def.name}.${kind}`] = {
        post: {
          operationId: `on${names.record}${pascal(kind)}`,
          summary: `A ${def.name} record ${kind === 'status_changed' ? 'changed state' : kind}`,
          tags: ['webhooks'],
          security: [],
          parameters: EVENT_HEADERS,
          requestBody: { required: true, content: { 'application/json': { schema: ref(event) } } },
          responses: {
            '200': { description: 'Received (any 2xx). Anything else, or no answer in 10 s, is tried again with exponential backoff for 24 hours.' },
            '400': { description: 'Not accepted (a bad signature): tried again like any failure.' },
          },
        },
      };
    }
  }
  return { webhooks, components };
}

