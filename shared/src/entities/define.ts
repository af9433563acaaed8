/**
 * Screens as data (DESIGN.md "Screens"): one declarative definition per entity, shared by the generic
 * list and form screens in the browser and by the server (table, validation, generic data routes).
 * Models: Frappe's DocType (a field dictionary) and Odoo's views (list columns, form layout, hotkeys).
 *
 * A definition names its fields by their wire names (PascalCase, like every §3 shape); the server maps
 * each to a snake_case column (`FirmId` → `firm_id`) unless `column` says otherwise. `defineEntity()`
 * fills the defaults (label keys, columns, standard actions) and checks the definition's own
 * consistency at load time, so a typo in a definition fails the unit tests, not a user.
 *
 * Label and message keys live in the i18n namespace `entities` (`modules/shell/locales/<lng>/entities.json`, the shell module's) and are
 * written with that prefix: `entities:firm.fields.FirmId`.
 */

export type * from './definition-types.ts';
import type { FieldOption, LookupField, ScalarField, LineChildrenDefinition, FieldDefinition, ListColumn, FilterSpec, ActionSpec, EntityInput, EntityDefinition, AnyEntity, MakeSpec, RelationSpec } from './definition-types.ts';
import { registerMessages } from './messages.ts';


/** The record-trail fields every answer carries (§3 Record trail). */
export const TRAIL_FIELDS = ['CreatedBy', 'CreatedOn', 'UpdatedBy', 'UpdatedOn', 'Version'] as const;

/** The record-trail columns, in the order of TRAIL_FIELDS. */
export const TRAIL_COLUMNS = ['created_by', 'created_on', 'updated_by', 'updated_on', 'version'] as const;

/** The actions every generic screen offers (write ones only to writers). */
export const STANDARD_ACTIONS: readonly ActionSpec[] = [
  { id: 'new', labelKey: 'entities:actions.new', scope: 'list', hotkey: 'Alt+N', write: true },
  { id: 'export', labelKey: 'entities:actions.export', scope: 'list', hotkey: 'Alt+E' },
  { id: 'columns', labelKey: 'entities:actions.columns', scope: 'list' },
  { id: 'save', labelKey: 'entities:actions.save', scope: 'record', hotkey: 'Ctrl+S', write: true },
  { id: 'reload', labelKey: 'entities:actions.reload', scope: 'record', hotkey: 'Alt+R' },
  {
    id: 'delete',
    labelKey: 'entities:actions.delete',
    scope: 'record',
    hotkey: 'Alt+D',
    write: true,
    confirmKey: 'entities:confirm.delete',
  },
  { id: 'attachments', labelKey: 'entities:actions.attachments', scope: 'record' },
  { id: 'audit', labelKey: 'entities:actions.audit', scope: 'record' },
];

/** `FirmId` → `firm_id`, `ApFirmId` → `ap_firm_id`, `IsActive` → `is_active`, `URLPath` → `url_path`. */
export function snakeCase(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .toLowerCase();
}

/** Thrown at load time for an inconsistent definition. */
export class DefinitionError extends Error {
  override name = 'DefinitionError';
}

const NAME = /^[a-z][a-z0-9-]*$/;
const FIELD = /^[A-Z][A-Za-z0-9]*$/;
const COLUMN = /^[a-z_][a-z0-9_]*$/;

function fail(entity: string, message: string): never {
  throw new DefinitionError(`entity ${entity}: ${message}`);
}

function checkPattern(entity: string, field: string, pattern: string | undefined): void {
  if (pattern === undefined) return;
  try {
    new RegExp(pattern, 'u');
  } catch {
    fail(entity, `field ${field} has an invalid pattern`);
  }
}

function normalizeField<T extends FieldDefinition>(entity: string, prefix: string, name: string, field: T, namespace = 'entities') {
  if (!FIELD.test(name)) fail(entity, `field name ${name} must be PascalCase`);
  const column = field.column ?? snakeCase(name);
  if (!COLUMN.test(column)) fail(entity, `column ${column} of ${name} is not a plain name`);
  if (field.type === 'text' || field.type === 'lookup') checkPattern(entity, name, field.type === 'text' ? field.pattern : undefined);
  if (field.type === 'enum' && field.options.length === 0) {
    fail(entity, `enum field ${name} has no options`);
  }
  if (field.type === 'set' && !field.options && !field.entity) fail(entity, `set field ${name} needs options or an entity`);
  if (field.type === 'decimal') {
    const precision = field.precision ?? 15;
    const scale = field.scale ?? 2;
    // Precision ≤ 15 keeps SQLite's integer units below 2^53 (exact in a JS number on read).
    if (!Number.isInteger(precision) || !Number.isInteger(scale) || scale < 0 || precision < 1 || precision > 15 || scale >= precision) {
      fail(entity, `decimal field ${name} needs 0 ≤ scale < precision ≤ 15`);
    }
    for (const bound of [field.min, field.max]) {
      if (bound !== undefined && !/^-?\d+(\.\d+)?$/.test(bound)) fail(entity, `decimal field ${name} has a bound that is not a decimal string`);
    }
  }
  const normalized = { ...field, labelKey: field.labelKey ?? `${namespace}:${prefix}.fields.${name}`, column };
  if (field.type === 'children') {
    const children: Record<string, ScalarField & { labelKey: string; column: string }> = {};
    for (const [childName, child] of Object.entries(field.fields)) {
      // §6 assigned customers: a line's customer is the record's only on document lines (each line's, all of them).
      if (child.type === 'lookup' && child.customer !== undefined && !field.lines) fail(entity, `children ${name}: only a lines collection's field can declare customer (${childName})`);
      children[childName] = normalizeField(entity, `${prefix}.${name}`, childName, child, namespace);
    }
    if (!(field.key in children)) fail(entity, `children ${name}: key ${field.key} is not one of its fields`);
    if (field.expanded && !field.lines) fail(entity, `children ${name}: an expanded line window needs a lines collection`);
    for (const only of field.expanded?.only ?? []) if (!(only in children) || only === field.key) fail(entity, `children ${name}: expanded field ${only} is not a line field`);
    if (!field.lineChildren) return { ...normalized, fields: children };
    if (!field.lines) fail(entity, `children ${name}: lineChildren needs a lines collection`);
    const lineChildren: Record<string, LineChildrenDefinition> = {};
    for (const [subName, sub] of Object.entries(field.lineChildren)) {
      if (subName in children) fail(entity, `children ${name}: lineChildren ${subName} is also a line field`);
      if (!/^[A-Za-z][A-Za-z0-9]*$/.test(subName)) fail(entity, `children ${name}: lineChildren ${subName} is not a field name`);
      const subFields: Record<string, ScalarField & { labelKey: string; column: string }> = {};
      for (const [childName, child] of Object.entries(sub.fields)) {
        subFields[childName] = normalizeField(entity, `${prefix}.${name}.${subName}`, childName, child, namespace);
      }
      if (!(sub.key in subFields)) fail(entity, `children ${name}.${subName}: key ${sub.key} is not one of its fields`);
      if (sub.maxItems !== undefined && (!Number.isInteger(sub.maxItems) || sub.maxItems < 0)) fail(entity, `children ${name}.${subName}: bad maxItems`);
      const rule = sub.sumEquals;
      if (rule) {
        const numeric = (f: ScalarField | undefined) => f !== undefined && (f.type === 'decimal' || f.type === 'integer');
        if (!numeric(subFields[rule.childField]) || rule.childField === sub.key) fail(entity, `children ${name}.${subName}: sumEquals childField ${rule.childField} is not a number field`);
        if (!numeric(children[rule.lineField])) fail(entity, `children ${name}.${subName}: sumEquals lineField ${rule.lineField} is not a number field of the line`);
      }
      if (sub.onlyWhen && children[sub.onlyWhen.field]?.type !== 'lookup') {
        fail(entity, `children ${name}.${subName}: onlyWhen field ${sub.onlyWhen.field} is not a lookup of the line`);
      }
      lineChildren[subName] = { ...sub, fields: subFields };
    }
    return { ...normalized, fields: children, lineChildren };
  }
  return normalized;
}

/** A document's makes name its own fields (`values`' sources, a boolean `when`), by kebab ids given once. */
function checkMakes(entity: string, fields: Readonly<Record<string, FieldDefinition>>, makes: readonly MakeSpec[], taken: readonly MakeSpec[] = []): void {
  const ids = new Set(taken.map((make) => make.id));
  const must = (field: string, where: string) => {
    if (!Object.hasOwn(fields, field)) fail(entity, `${where} names unknown field ${field}`);
  };
  for (const make of makes) {
    if (!/^[a-z][a-z0-9-]*$/.test(make.id)) fail(entity, `make ${make.id} must be lower-case kebab`);
    if (ids.has(make.id)) fail(entity, `make ${make.id} is defined twice`);
    ids.add(make.id);
    for (const source of Object.values(make.values)) if (source !== '$today') must(source, `makes ${make.id}`);
    if (make.when !== undefined) {
      must(make.when, `makes ${make.id} when`);
      if (fields[make.when]!.type !== 'boolean') fail(entity, `make ${make.id}: when ${make.when} must be a boolean field`);
    }
  }
}

/**
 * Normalizes and checks a definition. Typed: the key, columns, sorts, filters, search fields and form
 * layout must name fields of `fields`.
 */
export function defineEntity<const F extends Record<string, FieldDefinition>>(input: EntityInput<F>): EntityDefinition<F> {
  const { name } = input;
  if (!NAME.test(name)) fail(name, 'name must be lower-case kebab');
  if (!COLUMN.test(input.table)) fail(name, `table ${input.table} is not a plain name`);
  const fieldNames = Object.keys(input.fields);
  const known = new Set(fieldNames);
  const must = (field: string, where: string) => {
    if (!known.has(field)) fail(name, `${where} names unknown field ${field}`);
  };

  const fields = {} as Record<string, FieldDefinition & { labelKey: string; column: string }>;
  const namespace = input.namespace ?? 'entities';
  for (const fieldName of fieldNames) fields[fieldName] = normalizeField(name, name, fieldName, input.fields[fieldName]!, namespace);

  must(input.key, 'key');
  const keyField = fields[input.key]!;
  const keyKind = input.keyKind ?? 'natural';
  if (keyField.type !== 'text' && keyField.type !== 'integer') fail(name, 'the key must be a text or integer field');
  if (keyKind === 'auto' && keyField.type !== 'integer') fail(name, 'an auto key must be an integer field');
  if (keyField.virtual) fail(name, 'the key cannot be virtual');
  // A natural key is always required; an auto key is assigned by the database.
  if (keyKind === 'natural' && !keyField.required) fields[input.key] = { ...keyField, required: true };

  const scalar = (field: string) => {
    const type = fields[field]!.type;
    return type !== 'set' && type !== 'children' && !fields[field]!.virtual && !fields[field]!.writeOnly;
  };

  const listColumns = input.listColumns.map((column) => {
    const spec: ListColumn<keyof F & string> = typeof column === 'string' ? { field: column } : column;
    must(spec.field, 'listColumns');
    if (!scalar(spec.field)) fail(name, `list column ${spec.field} must be a stored scalar field`);
    if (spec.edit) {
      const field = fields[spec.field]!;
      if (field.readOnly || !['decimal', 'integer', 'text', 'date'].includes(field.type) || spec.field === input.key) fail(name, `list column ${spec.field} cannot be typed in the list`);
    }
    return { ...spec, visible: spec.visible ?? true, sortable: spec.sortable ?? true };
  });
  for (const sort of input.defaultSort) {
    must(sort.field, 'defaultSort');
    if (!scalar(sort.field)) fail(name, `cannot sort by ${sort.field}`);
  }
  for (const filter of input.filters ?? []) {
    must(filter.field, 'filters');
    const field = fields[filter.field]!;
    // A set stored as flag columns filters like an enum: filter.FirmTypes=vendor (eq or in).
    const flagSet = field.type === 'set' && field.storage.kind === 'flags' && (filter.op === 'eq' || filter.op === 'in');
    if (!scalar(filter.field) && !flagSet) fail(name, `cannot filter on ${filter.field}`);
    if (filter.op === 'range' && !['integer', 'decimal', 'date', 'datetime'].includes(field.type)) {
      fail(name, `range filter on ${filter.field} needs a number or date field`);
    }
  }
  for (const field of input.search ?? []) {
    must(field, 'search');
    const type = fields[field]!.type;
    if (type !== 'text' && type !== 'lookup') fail(name, `search field ${field} must be text`);
  }
  for (const unique of input.uniques ?? []) for (const field of unique) must(field, 'uniques');
  for (const index of input.indexes ?? []) {
    if (index.length < 2) fail(name, 'a compound index needs two fields or more');
    for (const field of index) {
      must(field, 'indexes');
      if (!scalar(field)) fail(name, `cannot index ${field}`);
    }
  }
  if (input.activeField !== undefined) {
    must(input.activeField, 'activeField');
    if (fields[input.activeField]!.type !== 'boolean') fail(name, 'activeField must be boolean');
  }
  for (const detail of input.lookupDetails ?? []) must(detail, 'lookupDetails');
  // Issue 40 item 5: a default follows from a header lookup (or a new record) and fills header scalar fields;
  // a line's ('Lines.ProductId') fills fields of the same line (a PO line's price from the vendor's last cost).
  for (const [trigger, filled] of Object.entries(input.defaults ?? {})) {
    const [collection, lineTrigger] = trigger.split('.');
    if (lineTrigger !== undefined) {
      must(collection!, 'defaults');
      const lines = fields[collection!]!;
      const lineFields = lines.type === 'children' && lines.lines ? lines.fields : null;
      if (!lineFields) fail(name, `defaults: ${collection} is not a line collection`);
      const lineField = (field: string) => (lineFields as Record<string, FieldDefinition>)[field];
      if (lineField(lineTrigger)?.type !== 'lookup') fail(name, `defaults: ${trigger} must be a line lookup field`);
      for (const field of filled) {
        const target = lineField(field);
        if (!target || target.type === 'children' || target.type === 'set' || field === lineTrigger) fail(name, `defaults: ${trigger} cannot fill ${field}`);
      }
      continue;
    }
    if (trigger !== 'new') {
      must(trigger, 'defaults');
      if (fields[trigger]!.type !== 'lookup') fail(name, `defaults: ${trigger} must be a lookup field or 'new'`);
    }
    for (const field of filled) {
      must(field, `defaults of ${trigger}`);
      // A header trigger may fill the line collection too (issue 71 item 2: a vendor invoice's receipt lines).
      const lineCollection = fields[field]!.type === 'children' && (fields[field] as { lines?: boolean }).lines === true;
      if ((!scalar(field) && !lineCollection) || field === trigger) fail(name, `defaults: ${trigger} cannot fill ${field}`);
    }
  }
  for (const mark of input.lookupMarks ?? []) {
    must(mark, 'lookupMarks');
    if (fields[mark]!.type !== 'boolean') fail(name, `lookup mark ${mark} must be boolean`);
  }
  if (input.displayField !== undefined) must(input.displayField, 'displayField');
  checkMakes(name, fields, input.makes ?? []);
  if (input.numberField !== undefined) {
    must(input.numberField, 'numberField');
    if (!['text', 'integer'].includes(fields[input.numberField]!.type)) fail(name, 'numberField must be a text or integer field');
  }

  const sections = input.formLayout?.sections ?? [
    {
      rows: fieldNames
        .filter((field) => fields[field]!.type !== 'children')
        .map((field) => [field as keyof F & string]),
    },
  ];
  for (const section of sections) for (const row of section.rows) for (const field of row) must(field, 'formLayout');

  if (input.states) {
    const machine = input.states;
    must(machine.field, 'states.field');
    const stateField = fields[machine.field]!;
    if (stateField.type !== 'enum') fail(name, 'states.field must be an enum field');
    const known = new Set(stateField.options.map((option) => option.value));
    for (const state of [machine.initial, ...machine.editable, ...machine.deletable]) {
      if (!known.has(state)) fail(name, `state ${state} is not an option of ${machine.field}`);
    }
    const ids = new Set<string>();
    for (const transition of machine.transitions) {
      if (!/^[a-z][a-z0-9-]*$/.test(transition.action)) fail(name, `action id ${transition.action} must be lower-case kebab`);
      if (ids.has(transition.action)) fail(name, `transition ${transition.action} twice`);
      ids.add(transition.action);
      // Issue 40 item 8: one confirmation, asked for irreversible actions only.
      if (transition.confirmKey !== undefined && transition.irreversible !== true) fail(name, `transition ${transition.action}: a reversible action asks nothing (confirmKey needs irreversible)`);
      for (const state of [...transition.from, ...(transition.to === null ? [] : [transition.to])]) {
        if (!known.has(state)) fail(name, `transition ${transition.action}: ${state} is not a state`);
      }
    }
  }
  for (const [target, formula] of Object.entries(input.computed ?? {})) {
    const [first, second] = target.split('.');
    const field = second === undefined ? fields[first!] : (() => {
      const collection = fields[first!];
      return collection?.type === 'children' ? collection.fields[second] : undefined;
    })();
    if (!field || field.type !== 'decimal') fail(name, `computed ${target} must name a decimal field`);
    if (formula.op === 'sum') {
      const collection = fields[formula.collection];
      if (collection?.type !== 'children' || !(formula.field in collection.fields)) fail(name, `computed ${target} sums an unknown line field`);
    }
  }
  for (const [target, formula] of Object.entries(input.derived ?? {})) {
    const field = fields[target];
    if (!field || field.type !== 'decimal' || field.readOnly !== true) fail(name, `derived ${target} must name a read-only decimal field`);
    if (target in (input.computed ?? {})) fail(name, `derived ${target} is computed already`);
    if (formula.op === 'sum') {
      const collection = fields[formula.collection];
      if (collection?.type !== 'children' || !(formula.field in collection.fields)) fail(name, `derived ${target} sums an unknown line field`);
    }
  }
  if (input.print) must(input.print.field ?? input.numbering?.field ?? input.key, 'print.field');
  if (input.email) {
    // Issue 40 item 4: the e-mail attaches the print's PDF and goes to the firm of a lookup field.
    if (!input.print) fail(name, 'email needs print');
    if (fields[input.email.to]?.type !== 'lookup') fail(name, 'email.to must be a lookup field');
    for (const field of Object.values(input.email.values)) must(field, 'email.values');
  }
  const portalAccount = input.globalSearch?.portal?.account;
  if (portalAccount !== undefined) {
    must(portalAccount, 'globalSearch.portal.account');
    const account = fields[portalAccount]!;
    if (account.type !== 'lookup' || account.entity !== 'firm') fail(name, `globalSearch portal account ${portalAccount} must be a firm lookup`);
    const record = input.globalSearch!.portal!.record;
    if (record !== undefined) must(record, 'globalSearch.portal.record');
  }
  for (const word of [...(input.globalSearch?.words ?? []), ...(input.globalSearch?.name ?? [])]) {
    must(word, 'globalSearch.words');
    // Issue 42 item 1: the index is read by every role; a field kept from some roles cannot be in it.
    if (!['text', 'lookup'].includes(fields[word]!.type) || fields[word]!.readRoles) fail(name, `globalSearch word ${word} must be a text field every reader sees`);
  }
  if (input.numbering) {
    must(input.numbering.field, 'numbering.field');
    if (fields[input.numbering.field]!.type !== 'text') fail(name, 'numbering.field must be a text field');
  }

  const filterParams = new Set(
    (input.filters ?? []).flatMap((filter) => (filter.op === 'range' ? [`filter.${filter.field}.from`, `filter.${filter.field}.to`] : [`filter.${filter.field}`])),
  );
  for (const [prop, views] of Object.entries(input.routeViews ?? {})) {
    for (const [value, view] of Object.entries(views)) {
      for (const param of Object.keys(view.filters ?? {})) if (!filterParams.has(param)) fail(name, `route view ${prop}=${value} presets unknown filter ${param}`);
      for (const field of Object.keys(view.defaults ?? {})) must(field, `route view ${prop}=${value}`);
    }
  }

  const actionIds = new Set<string>();
  const actions = [...STANDARD_ACTIONS, ...(input.actions ?? [])];
  for (const action of actions) {
    if (actionIds.has(action.id)) fail(name, `action ${action.id} twice`);
    actionIds.add(action.id);
  }

  return {
    name,
    namespace,
    table: input.table,
    key: input.key,
    keyKind,
    labelKey: input.labelKey ?? `${namespace}:${name}.title`,
    // Empty until the module above that is its home says so (EntityExtension.application): the shell's firm.
    application: input.application ?? '',
    // Copies: modules above extend them (extendEntity).
    shownIn: [...(input.shownIn ?? [])],
    routes: [...(input.routes ?? [])],
    fields: fields as EntityDefinition<F>['fields'],
    listColumns: listColumns as EntityDefinition<F>['listColumns'],
    defaultSort: input.defaultSort,
    filters: input.filters ?? [],
    search: input.search ?? [],
    actions,
    roles: input.roles,
    formLayout: { sections },
    uniques: input.uniques ?? [],
    indexes: input.indexes ?? [],
    activeField: input.activeField ?? null,
    displayField: input.displayField ?? input.key,
    numberField: input.numberField ?? input.numbering?.field ?? input.key,
    related: [...(input.related ?? [])],
    screen: input.screen ?? null,
    globalSearch: input.globalSearch ? { ...input.globalSearch, kindKey: input.globalSearch.kindKey ?? `${namespace}:${name}.kind` } : null,
    makes: [...(input.makes ?? [])],
    lookupWidget: input.lookupWidget ?? null,
    lookupMarks: input.lookupMarks ?? [],
    lookupDetails: input.lookupDetails ?? [],
    defaults: input.defaults ?? {},
    rules: input.rules ?? [],
    attachments: input.attachments ?? true,
    states: input.states ?? null,
    computed: input.computed ?? {},
    derived: input.derived ?? {},
    numbering: input.numbering ?? null,
    print: input.print ? { ...input.print, field: input.print.field ?? input.numbering?.field ?? input.key } : null,
    email: input.email ?? null,
    routeViews: input.routeViews ?? {},
    resultKeys: input.resultKeys ?? {},
    customers: input.customers ?? false,
  };
}


/**
 * Where an extension's list column or filter goes among the owner's (and earlier extensions'): before or after the
 * one of that field. Unplaced, it follows the one placed before it in the same extension (else it goes last), so a
 * run of columns is placed by its first.
 */
export interface Placement {
  before?: string;
  after?: string;
}

/** Rows of an extension's form section (found by title key, else a new section). */
export interface ExtensionFormRows {
  section: string;
  rows: readonly (readonly string[])[];
  /** A one-field row joins the section's last row while that holds fewer fields (flags laid out two by two, whoever adds them). */
  pack?: number;
  /** A new section goes before the section of this title key (else last); a section that exists stays where it is. */
  before?: string;
  /** The rows go after the row holding this field (else at the end of the section). */
  afterRowOf?: string;
}

/** A field joining an existing form row, beside the field named by `before` or `after` (exactly one). */
export interface ExtensionFormField {
  field: string;
  before?: string;
  after?: string;
}

/**
 * What a module adds to an entity of a module it requires (issue 41: Odoo's `_inherit`, Tryton's `Pool.register`).
 * The owner's definition names none of it; `registerModule` / `registerExtensions` apply it
 * (shared/src/entities/index.ts), in module dependency order, so an extension may place its parts beside what a
 * module it requires added. It may add:
 * - `fields`: stored fields, labelled in the extending module's namespace (`<ns>:<entity>.fields.<Field>`);
 * - `options`: more choices of an existing enum or set field (fixed options), after the owner's;
 * - `listColumns` and `filters`: at a `Placement` (before / after a named one), with the owner's options
 *   (width, visibility, total; the filter's op);
 * - `indexes`: compound indexes (a filter field, then a sort field) over its fields and the owner's;
 * - `formRows`: rows of a section (an existing one, or a new one placed `before` a named section), after the row
 *   holding a named field or at the section's end; `formFields`: fields joining a row beside a named field;
 * - `messages`: the English defaults of the message keys its fields use (the catalogue of messages.ts, for
 *   code that translates without the locale files).
 * Every name is checked like `defineEntity` checks the owner's (unknown fields, anchors, a field twice).
 * Server rules of the extended entity that need the database are the extending module's hooks of that entity,
 * composed after the owner's (server/src/entities/registry.ts).
 */
export interface EntityExtension {
  entity: string;
  /** New fields; their labels default to the extending module's namespace (`<ns>:<entity>.fields.<Field>`). */
  fields?: Readonly<Record<string, FieldDefinition>>;
  /** More choices of an existing enum or set field (fixed options), after the owner's. */
  options?: Readonly<Record<string, readonly FieldOption[]>>;
  listColumns?: readonly (string | (ListColumn & Placement))[];
  filters?: readonly (FilterSpec & Placement)[];
  indexes?: readonly (readonly string[])[];
  formRows?: ExtensionFormRows;
  formFields?: readonly ExtensionFormField[];
  messages?: Readonly<Record<string, string>>;
  /**
   * Issue 73 item 4: the extending module's applications whose menus show the entity's screens (§6: their roles
   * read and write it), and its routes that mount the entity's generic screen — the module that adds the screen
   * to its menus says so; the owner never names a module above it.
   */
  shownIn?: readonly string[];
  routes?: readonly string[];
  /**
   * The entity's home application, when its owner is a floor below every application that shows it and gives none
   * (the shell's firm: Order Entry's NOVUS-OE): §6 its grant opens it, the palette names it. One module gives it.
   */
  application?: string;
  /** Documents of the extending module made from this one (`EntityInput.makes`: a receipt's vendor invoice). */
  makes?: readonly MakeSpec[];
  /** Its records made from this one, for the Related panel (`EntityInput.related`). */
  related?: readonly RelationSpec[];
}

/** `items` with `added` inserted by their placements (see `Placement`), without the placement keys. */
function placed<T extends { field: string }>(entity: string, what: string, items: readonly T[], added: readonly (T & Placement)[]): T[] {
  const result = [...items];
  let cursor = result.length;
  for (const { before, after, ...item } of added) {
    const anchor = before ?? after;
    if (before !== undefined && after !== undefined) fail(entity, `extension ${what} ${item.field} is placed both before and after`);
    if (anchor !== undefined) {
      const index = result.findIndex((candidate) => candidate.field === anchor);
      if (index < 0) fail(entity, `extension ${what} ${item.field} is placed beside unknown ${what} ${anchor}`);
      cursor = before !== undefined ? index : index + 1;
    }
    result.splice(cursor, 0, item as unknown as T);
    cursor += 1;
  }
  return result;
}

/**
 * The extensions by which a module's application `application` shows other modules' entities on its menus
 * (issue 73 item 4, §6: its roles read and write them): one per entity.
 */
export function showIn(application: string, ...entities: readonly string[]): EntityExtension[] {
  return entities.map((entity) => ({ entity, shownIn: [application] }));
}

/** The index of the row of `rows` holding `field`, or -1. */
function rowOf(rows: readonly (readonly string[])[], field: string): number {
  return rows.findIndex((row) => row.includes(field));
}

function extendForm(def: AnyEntity, extension: EntityExtension, namespace: string): void {
  const name = def.name;
  const known = (field: string, where: string) => {
    if (!(field in def.fields)) fail(name, `extension of ${namespace}: ${where} names unknown field ${field}`);
  };
  const sections = def.formLayout.sections as { titleKey?: string; rows: (readonly string[])[] }[];
  const placedFields = new Set(sections.flatMap((section) => section.rows.flat()));
  const place = (field: string) => {
    if (placedFields.has(field)) fail(name, `extension of ${namespace}: form field ${field} is placed twice`);
    placedFields.add(field);
  };
  const rows = extension.formRows;
  if (rows) {
    for (const row of rows.rows) for (const field of row) known(field, 'form row');
    let target = sections.find((candidate) => candidate.titleKey === rows.section);
    if (!target) {
      target = { titleKey: rows.section, rows: [] };
      const index = rows.before === undefined ? sections.length : sections.findIndex((candidate) => candidate.titleKey === rows.before);
      if (index < 0) fail(name, `extension of ${namespace}: no form section ${rows.before} to go before`);
      sections.splice(index, 0, target);
    }
    const next = [...target.rows];
    let at = next.length;
    if (rows.afterRowOf !== undefined) {
      const found = rowOf(next, rows.afterRowOf);
      if (found < 0) fail(name, `extension of ${namespace}: no row of ${rows.afterRowOf} in section ${rows.section}`);
      at = found + 1;
    }
    for (const row of rows.rows) {
      for (const field of row) place(field);
      const last = next[at - 1];
      if (rows.pack && row.length === 1 && last && last.length < rows.pack && at === next.length) next[at - 1] = [...last, ...row];
      else next.splice(at++, 0, row);
    }
    target.rows = next;
  }
  for (const { field, before, after } of extension.formFields ?? []) {
    known(field, 'form field');
    const anchor = before ?? after;
    if (anchor === undefined || (before !== undefined && after !== undefined)) fail(name, `extension of ${namespace}: form field ${field} needs one of before / after`);
    const section = sections.find((candidate) => rowOf(candidate.rows, anchor) >= 0);
    if (!section) fail(name, `extension of ${namespace}: form field ${field} is placed beside ${anchor}, which is on no row`);
    place(field);
    const index = rowOf(section.rows, anchor);
    const row = [...section.rows[index]!];
    row.splice(row.indexOf(anchor) + (after !== undefined ? 1 : 0), 0, field);
    section.rows = section.rows.map((candidate, i) => (i === index ? row : candidate));
  }
}

/**
 * What `extension` is placed beside that `def` does not hold yet (a column, filter, section or form field another
 * module's extension adds), or null when it can be applied. The registry keeps such an extension waiting until the
 * other one is in, so extensions apply whatever order the bundles register them in (index.ts).
 */
export function missingAnchor(def: AnyEntity, extension: EntityExtension): string | null {
  const missing = (list: readonly (string | { field: string } & Placement)[], have: readonly string[], what: string): string | null => {
    const known = new Set(have);
    for (const item of list) {
      if (typeof item === 'string') {
        known.add(item);
        continue;
      }
      const anchor = item.before ?? item.after;
      if (anchor !== undefined && !known.has(anchor)) return `${what} ${anchor}`;
      known.add(item.field);
    }
    return null;
  };
  const sections = def.formLayout.sections;
  const onRows = new Set(sections.flatMap((section) => section.rows.flat()));
  const rows = extension.formRows;
  const target = rows && sections.find((section) => section.titleKey === rows.section);
  const found =
    missing(extension.listColumns ?? [], def.listColumns.map((column) => column.field), 'list column') ??
    missing(extension.filters ?? [], def.filters.map((filter) => filter.field), 'filter') ??
    (rows && !target && rows.before !== undefined && !sections.some((section) => section.titleKey === rows.before) ? `form section ${rows.before}` : null) ??
    (rows?.afterRowOf !== undefined && !(target && rowOf(target.rows, rows.afterRowOf) >= 0) ? `the form row of ${rows.afterRowOf}` : null);
  if (found) return found;
  for (const row of rows?.rows ?? []) for (const field of row) onRows.add(field);
  for (const { field, before, after } of extension.formFields ?? []) {
    const beside = before ?? after;
    if (beside !== undefined && !onRows.has(beside)) return `form field ${beside}`;
    onRows.add(field);
  }
  return null;
}

/**
 * Applies `extension` of module namespace `namespace` to `def`, in place: every holder of the definition (the
 * owner's imports, the registry) sees one entity. Checked like `defineEntity` (names, columns, no field twice).
 */
export function extendEntity(def: AnyEntity, extension: EntityExtension, namespace: string): void {
  const name = def.name;
  const fields = def.fields as Record<string, FieldDefinition & { labelKey: string; column: string }>;
  for (const [fieldName, field] of Object.entries(extension.fields ?? {})) {
    if (fieldName in fields) fail(name, `field ${fieldName} is defined twice (extension of ${namespace})`);
    fields[fieldName] = normalizeField(name, name, fieldName, field, namespace);
  }
  for (const [fieldName, more] of Object.entries(extension.options ?? {})) {
    const field = fields[fieldName];
    if (!field || (field.type !== 'enum' && field.type !== 'set') || !field.options) fail(name, `extension of ${namespace}: ${fieldName} is not a field with options`);
    const taken = new Set(field.options.map((option) => option.value));
    for (const option of more) if (taken.has(option.value)) fail(name, `option ${option.value} of ${fieldName} is defined twice`);
    // The same array object: a report column or rule holding the owner's options sees the new ones.
    (field.options as FieldOption[]).push(...more);
  }
  const stored = (field: string) => {
    const found = fields[field];
    return found !== undefined && found.type !== 'set' && found.type !== 'children' && !found.virtual;
  };
  const columns = (extension.listColumns ?? []).map((column) => {
    const spec: ListColumn & Placement = typeof column === 'string' ? { field: column } : column;
    if (!stored(spec.field)) fail(name, `extension list column ${spec.field} must be a stored scalar field`);
    return { ...spec, visible: spec.visible ?? true, sortable: spec.sortable ?? true };
  });
  // The same array objects, as for options: whoever holds the owner's lists sees the additions.
  const listColumns = def.listColumns as ListColumn[];
  listColumns.splice(0, listColumns.length, ...placed(name, 'list column', listColumns, columns));
  for (const filter of extension.filters ?? []) {
    if (!stored(filter.field)) fail(name, `extension filter ${filter.field} must be a stored scalar field`);
    if (filter.op === 'range' && !['integer', 'decimal', 'date', 'datetime'].includes(fields[filter.field]!.type)) fail(name, `range filter on ${filter.field} needs a number or date field`);
  }
  const filters = def.filters as FilterSpec[];
  filters.splice(0, filters.length, ...placed(name, 'filter', filters, extension.filters ?? []));
  for (const index of extension.indexes ?? []) {
    if (index.length < 2) fail(name, 'a compound index needs two fields or more');
    for (const field of index) if (!stored(field)) fail(name, `extension index field ${field} must be a stored scalar field`);
    (def.indexes as (readonly string[])[]).push(index);
  }
  extendForm(def, extension, namespace);
  registerMessages(extension.messages ?? {});
  if (extension.application !== undefined) {
    if (def.application !== '') fail(name, `extension of ${namespace} gives application ${extension.application}, but it has ${def.application}`);
    (def as { application: string }).application = extension.application;
  }
  checkMakes(name, def.fields, extension.makes ?? [], def.makes);
  (def.makes as MakeSpec[]).push(...(extension.makes ?? []));
  for (const relation of extension.related ?? []) {
    if (def.related.some((known) => known.entity === relation.entity && known.field === relation.field)) fail(name, `related ${relation.entity} is named twice (extension of ${namespace})`);
    (def.related as RelationSpec[]).push(relation);
  }
  // The entity's own arrays (defineEntity copies them): whoever holds the definition sees the additions.
  for (const [what, list, added] of [
    ['application', def.shownIn, extension.shownIn],
    ['route', def.routes, extension.routes],
  ] as const) {
    for (const item of added ?? []) {
      if (list.includes(item)) fail(name, `${what} ${item} is named twice (extension of ${namespace})`);
      (list as string[]).push(item);
    }
  }
}

/** Field names of a definition that hold a column (not virtual, set or children). */
export function storedFields(def: AnyEntity): string[] {
  return Object.entries(def.fields)
    .filter(([, field]) => !field.virtual && field.type !== 'set' && field.type !== 'children')
    .map(([name]) => name);
}

/** What a lookup field looks up: its target entity and the conditions a target record must meet. */
export type LookupTarget = Pick<LookupField, 'entity' | 'targetField' | 'activeOnly' | 'where' | 'whereFrom' | 'whereFromIfSet'>;

/**
 * The lookup a field of `def` declares, by its path: `Field`, `Children.Field` for a field of a child or line
 * grid, `Lines.LineChildren.Field` for a field of a line's own rows; a set of records (`set` with `entity`)
 * looks up that entity. Null when the path names no lookup. The lookup route asks it which lookup a call
 * serves (issue 21 item 11: the screen's rights cover it).
 */
export function lookupAt(def: AnyEntity, path: string): LookupTarget | null {
  const [name, childName, ...rest] = path.split('.');
  if (rest.length > 1 || !name || !Object.hasOwn(def.fields, name)) return null;
  const field = def.fields[name]!;
  if (childName !== undefined) {
    if (field.type !== 'children') return null;
    let fields: Readonly<Record<string, ScalarField>> = field.fields;
    let last = childName;
    if (rest.length === 1) {
      const nested = field.lineChildren ?? {};
      if (!Object.hasOwn(nested, childName)) return null;
      fields = nested[childName]!.fields;
      last = rest[0]!;
    }
    if (!Object.hasOwn(fields, last)) return null;
    const child = fields[last]!;
    return child.type === 'lookup' ? child : null;
  }
  if (field.type === 'lookup') return field;
  if (field.type === 'set' && field.entity) return { entity: field.entity };
  return null;
}

/** Is `option` offered for `record` (its `when`: each named field holds one of the listed values)? */
export function optionOffered(option: FieldOption, record: Readonly<Record<string, unknown>>): boolean {
  return Object.entries(option.when ?? {}).every(([field, values]) => values.includes(String(record[field] ?? '')));
}
