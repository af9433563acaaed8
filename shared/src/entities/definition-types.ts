/**
 * The shapes of a definition (issue 20: kept apart from `defineEntity`, which fills and checks them):
 * fields and their types, list columns, filters, forms, states and transitions, the input `defineEntity` takes
 * and the normalized definition every registry and generic screen reads; the value types of records.
 * `define.ts` re-exports them all, so importers name `@erp/shared/entities/define` as before.
 * Over 400 lines on purpose: it is one contract, read as a whole (the field types, the input and the normalized
 * definition refer to each other throughout).
 */

/** Every field type a definition can use. */
export type FieldType =
  | 'text'
  | 'integer'
  | 'decimal'
  | 'boolean'
  | 'date'
  | 'datetime'
  | 'enum'
  | 'lookup'
  | 'set'
  | 'children';

/** One choice of an enum or set field. */
export interface FieldOption {
  value: string;
  labelKey: string;
  /**
   * Offered only while the record's other fields hold one of these values (issue 21 item 5: a sub type
   * under its type), e.g. `{ TicketType: ['Adjustment'] }`; the entity's rules refuse the others.
   */
  when?: Readonly<Record<string, readonly string[]>>;
}

interface FieldCommon {
  /** i18n key of the label; default `entities:<entity>.fields.<Field>`. */
  labelKey?: string;
  /** A value must be given (and, for text, not be blank). */
  required?: boolean;
  /** Message key when a required value is blank; default `entities:validation.required`. */
  requiredKey?: string;
  /** Shown but never written through the generic routes (set by the server or a special endpoint). */
  readOnly?: boolean;
  /**
   * Issue 40 item 3: an internal key of another record (a receipt line's PO line): carried on the wire, never shown
   * — a user knows documents by their numbers, which the line or its header shows.
   */
  internal?: boolean;
  /** Accepted on write, never answered (initial passwords). */
  writeOnly?: boolean;
  /** Value used on create when the field is not given. */
  defaultValue?: unknown;
  /** Database column; default the snake_case form of the field name. */
  column?: string;
  /** No column of its own: the server's entity hooks store and load it. */
  virtual?: boolean;
  /** How the audit log records a change: the values ('value', default) or only that it changed ('mask'). */
  audit?: 'value' | 'mask';
  /**
   * Only callers holding one of these roles see or write the field (issue 29: an employee's SIN, bank and
   * wages for the payroll role only); for anyone else it is hidden on every generic route — list, record,
   * lookup, export and audit trail — whatever the form widgets security says.
   */
  readRoles?: readonly string[];
  /** Help text key, shown by the form beside the field. */
  helpKey?: string;
  /**
   * A field widget the browser's form renders instead of the generic input (registered by name with
   * `registerFieldWidget` in @erp/records: `company-logo`, `securables`, `none` …). Generic code looks the
   * name up; it never branches on entity names.
   */
  widget?: string;
}

export interface TextField extends FieldCommon {
  type: 'text';
  maxLength?: number;
  minLength?: number;
  /** A regular expression (source text, matched against the whole value). */
  pattern?: string;
  /** Message key when the pattern does not match; default `entities:validation.pattern`. */
  patternKey?: string;
  /** Rendering and extra checks: email is checked; multiline/html get a text area; password is masked. */
  format?: 'email' | 'multiline' | 'html' | 'password' | 'base64' | 'phone' | 'postal-code';
  /** Stored in upper case (codes and ids). */
  uppercase?: boolean;
  /** Suggestions from the module's own call as the user types (issue 71 item 2: a line's lots). */
  suggest?: FieldSuggest;
}

/**
 * A text field's suggestions from its module's own call (issue 71 item 2: a sales order line's lot picker): GET
 * `/api/<path>?Search=<typed>&Values=<JSON>` — Values holds the named fields: the row's value, else its
 * line's, else the document header's (the first that is not blank) — answers `{ List: [{ Value, Label, Detail?,
 * Fill? }] }`: the value taken, what the suggestion shows, and other fields of the row a pick fills (a lot's
 * quantity and heat). The module's save rule decides what is accepted; the suggestions only offer it.
 */
export interface FieldSuggest {
  path: string;
  values: readonly string[];
}

export interface IntegerField extends FieldCommon {
  type: 'integer';
  min?: number;
  max?: number;
  minKey?: string;
  maxKey?: string;
}

/**
 * An exact decimal (shared/src/decimal.ts): a string with exactly `scale` decimals on the wire
 * (`"1250.00"`), NUMERIC(precision, scale) on PostgreSQL, integer units of 10^-scale on SQLite
 * (server/src/db/decimal-codec.ts). Presets: MONEY, RATE, QUANTITY in common.ts.
 */
export interface DecimalField extends FieldCommon {
  type: 'decimal';
  /** Bounds, as decimal strings (inclusive). */
  min?: string;
  max?: string;
  minKey?: string;
  maxKey?: string;
  /** Total digits; default 15. */
  precision?: number;
  /** Digits after the decimal point (display and rounding); default 2. */
  scale?: number;
}

export interface BooleanField extends FieldCommon {
  type: 'boolean';
}

/** `YYYY-MM-DD`. */
export interface DateField extends FieldCommon {
  type: 'date';
  min?: string;
  max?: string;
}

/** ISO-8601 with a `Z` or an offset (§9: timestamps are sent with a local offset, or Z). */
export interface DateTimeField extends FieldCommon {
  type: 'datetime';
}

export interface EnumField extends FieldCommon {
  type: 'enum';
  options: readonly FieldOption[];
}

/** A lookup's condition on its target's scalar fields (field → required value). */
/** Per target field, the value it must hold, or one of several values (`{ Status: ['Entered', 'Committed'] }`). */
export type LookupWhere = Readonly<Record<string, string | number | boolean | readonly (string | number)[]>>;

/** A reference to a record of another entity, by that entity's key (or `targetField`). */
export interface LookupField extends FieldCommon {
  type: 'lookup';
  entity: string;
  /** Field of the target entity the value refers to; default its key. */
  targetField?: string;
  /** The value's type; default text. */
  valueType?: 'text' | 'integer';
  maxLength?: number;
  /** Stored in upper case (when the target's key is an upper-case code). */
  uppercase?: boolean;
  /** The target must be active (its definition's `activeField`). */
  activeOnly?: boolean;
  /**
   * What else the target must be (issue 21 item 5): target field → the value it must hold. The lookup
   * route offers only such records and the save refuses others (invalidKey), so what is offered is what
   * is accepted, e.g. `where: { IsPostable: true, IsControl: false }` on a journal line's account. On a set
   * stored as flag columns the value is an option the record must hold (`{ FirmTypes: 'vendor' }`).
   */
  where?: LookupWhere;
  /**
   * Message key per `where` field, when the record exists but fails that condition (params: value), e.g.
   * `{ IsControl: '<ns>:rules.controlAccountEntered' }`: the refusal says why (issue 21 item 6); default invalidKey.
   */
  whereKeys?: Readonly<Record<string, string>>;
  /**
   * Conditions whose value comes from the record being edited (issue 21 item 8): target field → field of
   * that record (the document's header for a line), e.g. `{ FirmId: 'FirmId' }`: a receipt line's invoice is
   * one of the receipt's customer. The lookup route reads the values from its `Values` parameter (what the
   * form holds), the save from the record itself; a blank value accepts nothing. Messages: `whereKeys`.
   */
  whereFrom?: Readonly<Record<string, string>>;
  /**
   * As `whereFrom`, but a blank value of the record accepts any (issue 71 item 2: a vendor invoice's receipt is one
   * of the invoice's vendor once a vendor is chosen; before, any vendor's — the receipt then brings its vendor).
   */
  whereFromIfSet?: Readonly<Record<string, string>>;
  /** Message key when no such record exists; default `entities:validation.lookupInvalid`. */
  invalidKey?: string;
  /** Message key when the record is inactive; default `entities:validation.lookupInactive`. */
  inactiveKey?: string;
  /**
   * §6 assigned customers, declared once (issue 68 item 2): true — the record belongs to the customer this field
   * names: a firm of the `customers` entity, or a record of another entity whose own customer it inherits (a
   * lot's job site, a return's order). A user restricted to assigned customers reads the record only when every
   * such field is blank or names a customer assigned to them — on every read path, and writes only such values;
   * the server composes the rule into the entity's hooks (server/src/entities/customers.ts). false: the
   * field names a firm that is not the record's customer (a ship-to, a vendor's remit-to). On a field of document
   * lines (a route's cash-in, one line per customer's order): the record is each line's customer's, and a restricted
   * user reads it only when every line's customer is theirs.
   */
  customer?: boolean;
}

/** How a set field is stored: one flag column per option, or rows of a link table. */
export type SetStorage =
  | { kind: 'flags'; columns: Readonly<Record<string, string>> }
  | { kind: 'link'; table: string; parentColumn: string; valueColumn: string };

/** A multi-choice set (firm types; a user's roles). Values answer sorted in option order. */
export interface SetField extends FieldCommon {
  type: 'set';
  /** Fixed choices. */
  options?: readonly FieldOption[];
  /** Or: the choices are the keys of this entity's records (checked by the server). */
  entity?: string;
  minItems?: number;
  minItemsKey?: string;
  maxItems?: number;
  storage: SetStorage;
  /** Unchecking an option the record had saved must be confirmed (§5 firm types: that account is deleted). */
  removalConfirm?: RemovalConfirmation;
}

/**
 * The confirmation of a set field whose saved options are destructive to remove (§5 firm types). The form asks
 * when the user unchecks a saved option, and an update that removes one carries `flag: true` (the server
 * refuses such an update without it); a server answer with `resultCode` (what the removal deletes listed in
 * `Data[resultList]`) is asked the same way and the save resent with the flag.
 */
export interface RemovalConfirmation {
  headingKey: string;
  /** The question; `param` names its parameter, the labels of the options removed (comma list). */
  messageKey: string;
  param: string;
  /** The question when the server's answer lists nothing. */
  messageKeyUnlisted: string;
  /** The confirming button. */
  confirmKey: string;
  flag: string;
  resultCode: string;
  resultList: string;
}

/** A scalar field: what a child collection's rows may hold. */
export type ScalarField =
  | TextField
  | IntegerField
  | DecimalField
  | BooleanField
  | DateField
  | DateTimeField
  | EnumField
  | LookupField;

/** A child collection (firm contacts): rows of `table`, written with the parent, in its transaction. */
export interface ChildrenField extends FieldCommon {
  type: 'children';
  table: string;
  /** Column of `table` holding the parent's key. */
  parentColumn: string;
  /** Field name of the child rows' auto-increment key. */
  key: string;
  fields: Readonly<Record<string, ScalarField>>;
  maxItems?: number;
  /**
   * Document lines (issue 12): the form shows the collection as a keyboard-first line grid
   * (DocumentScreen) and the server validates every line field, lookups included, in the save's
   * transaction. Row keys are stable ids (never reused by the server).
   */
  lines?: boolean;
  /** Message key when a line has an error the field checks do not name (default `entities:result.linesInvalid`). */
  linesInvalidKey?: string;
  /**
   * Message key the document screen shows when a line action (the lines' "Delete line" button) runs with no
   * line selected (default `records:messages.selectRow`; GL: §8 "Select a GL detail row.").
   */
  selectLineKey?: string;
  /**
   * A line's own child rows (issue 12 item 2, e.g. lot quantities under a line), by the name each line
   * carries them under (`Lines: [{ …, Lots: [{ LotNo, Quantity }] }]`). Only on `lines` collections.
   * Stored in their own table (parent column = the line's key), written with the record in its
   * transaction, validated like the lines (every field, lookups in the transaction, keys only of this
   * line's own rows).
   */
  lineChildren?: Readonly<Record<string, LineChildrenDefinition>>;
  /**
   * The expanded line window (§2, §8 "Saving expanded order lines failed."): one line's fields as a form in a
   * dialog (Ctrl+Enter in the grid, or "Expand line"), its OK saves the document. `only`: line fields shown
   * there and not as grid columns (a line's longer details: its notes, the vendor's item number …).
   */
  expanded?: { only?: readonly string[] };
  /**
   * Server-computed line figures shown as the user types (issue 26: a sales order line's price and availability
   * appear once product and quantity are typed). When one of `on` changes, the document form posts
   * `{ Header, Line }` (wire form) to `path` (under /api/) and fills the line's read-only fields from the answer's
   * `Data`; an answer for values since changed is dropped. The save stays the authority (it computes them again).
   * `header`: the header fields the figures depend on; when one changes, every line is asked again (issue 71
   * item 2: the warehouse → each line's availability). Not declared: any header field.
   */
  linePreview?: { path: string; on: readonly string[]; header?: readonly string[] };
  /**
   * Other documents this collection takes lines from (issue 23: a purchase order's "Add from sales order"):
   * LineSource. The form offers a button per source while the document is editable.
   */
  sources?: readonly LineSource[];
}

/**
 * One source of a document's lines. Its dialog picks the source record with the header lookup field `field`
 * (so it offers only what the save accepts), then posts `{ Header, Key }` (wire values) to `path` (under
 * /api/); the answer's `Data.Lines` proposes lines `{ Values, Selected, NoteKey? }` (a note says why a line is
 * not ticked). The user ticks lines and may change each one's `quantity` field; OK sets the header field and
 * appends the ticked lines. A line whose `unique` field value is already on the document is not offered
 * (§8 "Product already added."). The save stays the authority.
 */
export interface LineSource {
  id: string;
  labelKey: string;
  hotkey?: string;
  field: string;
  path: string;
  quantity: string;
  unique?: string;
}

/**
 * A sum rule over a line's child rows, as data: when a line has child rows, the sum of their
 * `childField` must equal the line's `lineField` (exact decimals), else `messageKey`
 * (default `entities:validation.lineChildrenSum`, params `{ sum, expected }`).
 */
export interface SumEqualsRule {
  childField: string;
  lineField: string;
  messageKey?: string;
}

/** Child rows of each line of a line collection (see `ChildrenField.lineChildren`). */
export interface LineChildrenDefinition {
  /** Heading of the rows' editor in the document screen (default: the collection's name). */
  labelKey?: string;
  table: string;
  /** Column of `table` holding the line's key. */
  parentColumn: string;
  /** Field name of the child rows' auto-increment key. */
  key: string;
  fields: Readonly<Record<string, ScalarField>>;
  maxItems?: number;
  sumEquals?: SumEqualsRule;
  /**
   * Offered only when the line's lookup `field` names a record whose lookup mark `mark` (a boolean of the
   * target's `lookupMarks`) holds, e.g. lots only for lot-tracked products (issue 21 item 5). The server's own
   * rule still refuses rows on other lines.
   */
  onlyWhen?: { field: string; mark: string };
}

export type FieldDefinition = ScalarField | SetField | ChildrenField;

/** A list column; a bare field name is a visible column of default width. */
export interface ListColumn<K extends string = string> {
  field: K;
  /** false: offered in the column chooser but hidden until the user picks it. */
  visible?: boolean;
  /** Width in px. */
  width?: number;
  /** A total under the column (numeric fields). */
  total?: 'sum' | 'avg' | 'count';
  /** Sortable from the list (default true; the server keeps an index per sortable column). */
  sortable?: boolean;
  /**
   * Typed in the list itself (an entry view, e.g. counted quantities): the cell is the field's input, Enter
   * saves the record and moves down (EntryCell.tsx). A writable decimal, integer, text or date field.
   */
  edit?: boolean;
}

export interface SortSpec<K extends string = string> {
  field: K;
  descending?: boolean;
}

/**
 * A list filter. Query names (GET /api/data/:entity): `filter.<Field>` for eq / contains / startsWith /
 * in (comma list), `filter.<Field>.from` and `filter.<Field>.to` for range (inclusive).
 */
export interface FilterSpec<K extends string = string> {
  field: K;
  op: 'eq' | 'contains' | 'startsWith' | 'range' | 'in';
  labelKey?: string;
}

/** A button of the generic screens (list toolbar or record form), with an optional hotkey. */
export interface ActionSpec {
  id: string;
  labelKey: string;
  scope: 'list' | 'record';
  /** e.g. 'Alt+N', 'Ctrl+S'. */
  hotkey?: string;
  /** Ask before running (message key). */
  confirmKey?: string;
  /** Needs write rights. */
  write?: boolean;
}

export interface FormSection<K extends string = string> {
  titleKey?: string;
  /** Rows of field names, laid out left to right. */
  rows: readonly (readonly K[])[];
  /**
   * A document's section shown under its lines (its totals): issue 40 item 8, the lines show without scrolling
   * at 1440×900. The record form ignores it.
   */
  afterLines?: boolean;
}

/**
 * What a route's Props value selects (§2 firm maintenance: `firmType: vendor` shows the vendors): list filters
 * preset as query parameters (`filter.FirmTypes`), a new record's values, and the form's title key.
 */
export interface RouteView {
  filters?: Readonly<Record<string, string>>;
  defaults?: Readonly<Record<string, unknown>>;
  titleKey?: string;
}

/** Who may read and write through the API: role ids, or `*` for every signed-in user — of those who open one of the entity's applications (§6). */
export interface EntityRoles {
  read: readonly string[] | '*';
  write: readonly string[] | '*';
}

/** A rule's finding; `message` is the English default (else the catalogue's text for `key`). */
export interface RuleIssue {
  field: string;
  key: string;
  params?: Record<string, unknown>;
  message?: string;
}

/** A synchronous shape rule over the whole record (after the field checks passed). */
export type SyncRule = (
  record: Readonly<Record<string, unknown>>,
  context: { mode: 'create' | 'update'; changed: ReadonlySet<string> },
) => RuleIssue | readonly RuleIssue[] | null | undefined;

/**
 * A computed field's formula (issue 12: declared once, evaluated the same way in the browser and on the
 * server by shared/src/entities/compute.ts with exact decimals). Operands name fields of the same record
 * (or of the same line, for a line field), or decimal literals (`{ value: '1.00' }`).
 */
export type Formula =
  | { op: 'sum'; collection: string; field: string }
  | { op: 'add' | 'sub'; args: readonly Operand[] }
  | { op: 'mul'; args: readonly [Operand, Operand] }
  | { op: 'neg'; arg: Operand };
export type Operand = string | { value: string } | Formula;

/** A transition of a state machine: an action the record form offers as a button (issue 12). */
export interface TransitionSpec {
  /** Action id, as in POST /api/data/:entity/:id/actions/:action. */
  action: string;
  labelKey: string;
  /** States the action may run from. */
  from: readonly string[];
  /** State after the action; null when the action keeps the state (e.g. Reverse creates another record). */
  to: string | null;
  /**
   * Issue 40 item 8: the action cannot be undone (post, approve, pay, commit, run …): the form asks the one
   * confirmation every irreversible action asks (Yes / No) before it is sent. Reversible actions ask nothing.
   * Declared here, never guessed from the action's name; a transition that leaves no way back to a state it
   * starts from must say so (apps/records/src/document/irreversible.test.ts).
   */
  irreversible?: boolean;
  /**
   * Issue 40 item 8: the action voids the document (cancel an order, a cheque; lose a quote). A new, unsaved
   * document does not offer it: it offers Discard (a new purchase order offered "Cancel order").
   */
  voids?: boolean;
  /** The question's text (what will happen); only an irreversible action has one. Default: the generic one. */
  confirmKey?: string;
  /** Roles that may run it; default the entity's write roles. */
  roles?: readonly string[] | '*';
  hotkey?: string;
  /** Shown as the main button. */
  primary?: boolean;
}

/**
 * States of a document (issue 12 "States and actions"): the enum field holding the state, the states in
 * which the record may be edited or deleted, and the transitions. Guards and effects are server code
 * (EntityHooks.actions, keyed by action id); the server refuses any edit, delete or action the state does
 * not allow whatever the client sends.
 */
export interface StateMachine<K extends string = string> {
  field: K;
  initial: string;
  editable: readonly string[];
  deletable: readonly string[];
  transitions: readonly TransitionSpec[];
}

export interface EntityInput<F extends Record<string, FieldDefinition>> {
  /** Entity name in URLs: /api/data/<name>. Lower-case kebab. */
  name: string;
  /** Database table. */
  table: string;
  /** Key field (never changes once created). */
  key: keyof F & string;
  /** 'auto': an integer the database assigns (not given on create). Default 'natural'. */
  keyKind?: 'natural' | 'auto';
  /**
   * i18n namespace of the default label keys (default `entities`): a module's definitions use the module's
   * namespace (`gl`), so their strings live in `locales/<lng>/gl.json` and load with the module.
   */
  namespace?: string;
  /** Title key; default `<namespace>:<name>.title`. */
  labelKey?: string;
  /**
   * Application whose screens show it (e.g. SHELL, NOVUS-OE). Absent only on a ground-floor entity whose home is an
   * application of a module above: that module gives it (`EntityExtension.application`, issue 73 item 4).
   */
  application?: string;
  /**
   * Other applications whose menus show its screens (e.g. the A/R sales invoices under Waste Disposal). §6: an
   * entity is read and written only by roles that open one of its applications — this one, these, or its routes'.
   * Only the owner's own applications and those of modules it requires: a module above it that shows the screen
   * adds its application itself (`EntityExtension.shownIn`, issue 73 item 4).
   */
  shownIn?: readonly string[];
  /**
   * Shell routes (full hash paths) that mount the generic screen of this entity; a module above it whose menu
   * mounts it adds its route itself (`EntityExtension.routes`).
   */
  routes?: readonly string[];
  fields: F;
  listColumns: readonly (ListColumn<keyof F & string> | (keyof F & string))[];
  defaultSort: readonly SortSpec<keyof F & string>[];
  filters?: readonly FilterSpec<keyof F & string>[];
  /** Text fields matched by the list's `Search` (contains, case-insensitive). */
  search?: readonly (keyof F & string)[];
  /** Extra actions beside the standard ones. */
  actions?: readonly ActionSpec[];
  roles: EntityRoles;
  formLayout?: { sections: readonly FormSection<keyof F & string>[] };
  /** Field combinations that must be unique. */
  uniques?: readonly (readonly (keyof F & string)[])[];
  /**
   * Compound indexes for the lists users run most: a filter field, then the sort field (e.g. SalesRep,
   * Name: one sales rep's firms by name reads only that page). Every sortable column, filter and default
   * sort field already has its own single-column index.
   */
  indexes?: readonly (readonly (keyof F & string)[])[];
  /** The boolean field meaning "active" (lookups with activeOnly check it). */
  activeField?: keyof F & string;
  /** The field shown for a record in lookups (default the key). */
  displayField?: keyof F & string;
  /**
   * The business number users know a record by (issue 40 item 3: AP000039, PAY000002, PO200037), named once:
   * headings, action messages and every field that refers to the record show it, never an internal key.
   * Default the `numbering` field, else the key.
   */
  numberField?: keyof F & string;
  /**
   * Documents that refer to this one (issue 40 item 4: a purchase order's receipts, a receipt's vendor invoices):
   * each names the other entity and its field that holds this record's key — a header field, or `Lines.Field` of
   * its line collection. One declaration relates both ways: the document screen's Related panel shows the
   * receipts on the order and the order on each receipt.
   */
  related?: readonly RelationSpec[];
  /** The hash path of the screen that opens this entity's records (issue 40 item 4: a Related link opens it as a tab). */
  screen?: string;
  /**
   * Issue 42 item 1: the entity's records are found by the command palette's global search — by their business
   * number (`numberField`), by any word of their name (`displayField`) and of the `words` fields (text fields the
   * search also reads: a product's description). The engine keeps the index (server/src/search/) by database
   * triggers, so every write — generic save, module action, process, seed, bulk load — indexes in its own
   * transaction. `roles` narrows who finds them below the entity's read right (employees: payroll staff only).
   */
  globalSearch?: GlobalSearchSpec<keyof F & string>;
  /**
   * The documents made from this one (issue 40 item 4; ERPNext's "Create", Odoo's smart buttons): a purchase
   * order's Receive, a posted receipt's Enter vendor invoice. Offered in the given states to whoever may write
   * the other entity; its values come from this record.
   */
  makes?: readonly MakeSpec[];
  /**
   * The lookup widget of fields that refer to this entity (registered with `registerLookupWidget` in
   * @erp/records, e.g. `firm-lookup`: search by id or name); default the generic search.
   */
  lookupWidget?: string;
  /**
   * Boolean fields named beside a record in lookups when true (issue 21 item 5: the product lookup marks
   * lot-tracked products), by their labels.
   */
  lookupMarks?: readonly (keyof F & string)[];
  /** Fields shown after the display field in a lookup suggestion's label (issue 21 item 8: an invoice's due date, then its balance). */
  lookupDetails?: readonly (keyof F & string)[];
  /**
   * Issue 40 item 5: the header fields that follow from another — picking a vendor fills its name, terms, bill-to
   * and ship-to — declared once: lookup field (or `'new'`: a new record's own defaults, the only bank, today) →
   * the fields it fills. One server function (the entity's `defaults` hook) answers them both when the form
   * picks (POST /api/defaults/<entity>) and when the save finds them blank, so what the form shows is what the
   * save would fill. A line's lookup (`'Lines.ProductId'`) fills fields of its own line (a PO line's price). A
   * header trigger may fill the line collection: the form takes those lines while its grid is blank (issue 71
   * item 2: a vendor invoice opened from a receipt shows the receipt's lines).
   */
  defaults?: Readonly<Record<string, readonly string[]>>;
  rules?: readonly SyncRule[];
  /** Attachments allowed on records (default true). */
  attachments?: boolean;
  /** Document states and transitions (issue 12). */
  states?: StateMachine<keyof F & string>;
  /**
   * Computed fields: record fields (`TotalDebit`) and line fields (`Lines.Amount`), each a read-only
   * decimal the server recomputes on every save (what the client sends for them is ignored).
   */
  computed?: Readonly<Record<string, Formula>>;
  /**
   * Derived figures (issue 71 item 2): read-only record fields the save computes itself (a hook: a run's total
   * paid, an order's totals), declared here so the document form shows them following every change as the user
   * types — a line edited, added or removed, a line's server figures (linePreview) answered after a header field
   * changed. Evaluated in the browser only, by the same evaluator as `computed` (after it), over the lines as shown
   * (read-only line fields included); the server never reads this: what the save computes is the authority.
   */
  derived?: Readonly<Record<string, Formula>>;
  /** Document number: the sequence counter (`sequence_counters`) and the field that receives it on create. */
  numbering?: { sequence: string; field: keyof F & string; prefix?: string };
  /** The document as a printed PDF (Print, Ctrl+P): a report of one document, run with the record's field. */
  print?: DocumentPrint<keyof F & string>;
  /** The document e-mailed to its firm with its print's PDF attached (E-mail; issue 40 item 4). Needs `print`. */
  email?: DocumentEmail<keyof F & string>;
  /** Views the route's Props select: Props name → Props value → view (e.g. `firmType` → `vendor`). */
  routeViews?: Readonly<Record<string, Readonly<Record<string, RouteView>>>>;
  /** Catalogue keys of result codes only this entity's server rules answer (§6 firm: `not_assigned`). */
  resultKeys?: Readonly<Record<string, string>>;
  /**
   * §6: this entity's records are the customers a user may be restricted to (the firm; `user_customers` holds
   * their keys). A lookup to it flagged `customer` makes the referring record that customer's.
   */
  customers?: boolean;
}

/** What of an entity the global search reads (EntityInput.globalSearch). */
export interface GlobalSearchSpec<K extends string = string> {
  /** The name shown beside the number: these fields joined by spaces (default the `displayField` unless it is the number). */
  name?: readonly K[];
  /** Text fields searched besides the number and the name (never a field with `readRoles`). */
  words?: readonly K[];
  /** Only callers holding one of these roles find the entity (besides its read right). */
  roles?: readonly string[];
  /** What one record is called, the palette's group heading (default `<namespace>:<name>.kind`: "Vendor invoice"). */
  kindKey?: string;
  /**
   * Portal customers find these records too, only those of their own accounts (issue 42: "portal users see only
   * their own accounts' documents"): `account` holds the record's bill-to firm, one of the bill-tos of the
   * caller's securables (§3); `screen` is the portal screen that opens them. `record`: the field holding the key
   * the portal screen opens the record by (a sales order's portal order); a record without one is not found there.
   * `states`: the states (of the definition's state machine) in which a customer finds the record — an A/R invoice
   * once posted, never as the office's draft; absent: every state.
   */
  portal?: { account: K; screen: string; record?: K; states?: readonly string[] };
}

/** Records of `entity` whose `field` (a header field, or `Lines.Field`) holds the declaring record's key (EntityInput.related). */
export interface RelationSpec {
  entity: string;
  field: string;
  /** The field holds the record's business number (`numberField`: a receipt line's invoice number), not its key. */
  by?: 'number';
}

/**
 * A document made from another (EntityInput.makes). `values`: the new record's field → this record's field, or
 * `$today` (the user's date). `create`: the server makes it at once (the receipt of an order's open lines, which
 * its save fills) and the other screen opens it; otherwise the other screen opens a new record with the values
 * (a vendor invoice still needs the vendor's number and amount; its save fills the receipt's lines).
 */
export interface MakeSpec {
  id: string;
  entity: string;
  labelKey: string;
  /** States of this record in which it is offered (default any, once saved). */
  states?: readonly string[];
  /** A boolean field of this record that must be true for the offer (a receipt still to invoice: `Invoiceable`). */
  when?: string;
  values: Readonly<Record<string, string>>;
  create?: boolean;
  hotkey?: string;
}

/**
 * A document's print (issue 23: a purchase order a vendor accepts): the report (`group.document`, one group per
 * document) that renders it, and its parameter that takes the record's `field` (default the document number).
 * The report's rights decide who may print; the form offers Print once the record is saved.
 */
export interface DocumentPrint<K extends string = string> {
  report: string;
  parameter: string;
  field?: K;
  /** The states in which the document can be printed (default any, once saved): e.g. only once invoiced. */
  states?: readonly string[];
}

/**
 * A document e-mailed (issue 40 item 4): the print's PDF attached, to the firm a lookup field names (its primary
 * contact's address, else the firm's own: the recipient resolver its entity registers on the server), with the
 * subject and body of an e-mail template (OE-17) whose placeholders take the record's fields. Offered in the
 * print's states; the server sends it (POST /api/data/:entity/:id/email) and keeps it on the record's history.
 */
export interface DocumentEmail<K extends string = string> {
  /** The e-mail template's id (`INVOICE`). */
  template: string;
  /** The lookup field naming the recipient firm (`BillToId`). */
  to: K;
  /** Template placeholder → this record's field (`InvoiceNo: 'DocumentNo'`); the recipient's and company's are added. */
  values: Readonly<Record<string, K>>;
}

/** A normalized definition: every default filled in. */
export interface EntityDefinition<F extends Record<string, FieldDefinition> = Record<string, FieldDefinition>> {
  name: string;
  /** i18n namespace of the definition's own strings (`entities`, or its module's, e.g. `gl`). */
  namespace: string;
  table: string;
  key: keyof F & string;
  keyKind: 'natural' | 'auto';
  labelKey: string;
  application: string;
  shownIn: readonly string[];
  routes: readonly string[];
  fields: { readonly [K in keyof F]: F[K] & { labelKey: string; column: string } };
  listColumns: readonly (ListColumn<keyof F & string> & { visible: boolean; sortable: boolean })[];
  defaultSort: readonly SortSpec<keyof F & string>[];
  filters: readonly FilterSpec<keyof F & string>[];
  search: readonly (keyof F & string)[];
  actions: readonly ActionSpec[];
  roles: EntityRoles;
  formLayout: { sections: readonly FormSection<keyof F & string>[] };
  uniques: readonly (readonly (keyof F & string)[])[];
  indexes: readonly (readonly (keyof F & string)[])[];
  activeField: (keyof F & string) | null;
  displayField: keyof F & string;
  numberField: keyof F & string;
  related: readonly RelationSpec[];
  screen: string | null;
  globalSearch: GlobalSearchSpec<keyof F & string> | null;
  makes: readonly MakeSpec[];
  lookupWidget: string | null;
  lookupMarks: readonly (keyof F & string)[];
  lookupDetails: readonly (keyof F & string)[];
  defaults: Readonly<Record<string, readonly string[]>>;
  rules: readonly SyncRule[];
  attachments: boolean;
  states: StateMachine<keyof F & string> | null;
  computed: Readonly<Record<string, Formula>>;
  derived: Readonly<Record<string, Formula>>;
  numbering: { sequence: string; field: keyof F & string; prefix?: string } | null;
  print: DocumentPrint<keyof F & string> | null;
  email: DocumentEmail<keyof F & string> | null;
  routeViews: Readonly<Record<string, Readonly<Record<string, RouteView>>>>;
  resultKeys: Readonly<Record<string, string>>;
  customers: boolean;
}

/** Any normalized definition (what registries and generic code take). */
export type AnyEntity = EntityDefinition<Record<string, FieldDefinition>>;

/** The TypeScript value type of one field. */
export type FieldValue<T extends FieldDefinition> = T extends { type: 'enum'; options: readonly { value: infer V extends string }[] }
  ? V
  : T extends { type: 'text' | 'date' | 'datetime' | 'enum' }
  ? string
  : T extends { type: 'decimal' }
    ? string
    : T extends { type: 'integer' }
    ? number
    : T extends { type: 'boolean' }
      ? boolean
      : T extends { type: 'lookup'; valueType: 'integer' }
        ? number
        : T extends { type: 'lookup' }
          ? string
          : T extends { type: 'set' }
            ? string[]
            : T extends { type: 'children'; fields: infer C extends Record<string, ScalarField> }
              ? { [K in keyof C]: FieldValue<C[K]> | null }[]
              : never;

/**
 * A record of an entity in wire form, as the API answers it and its hooks see it (fields + record trail), typed from
 * its definition (`defineEntity` keeps the fields' literal types): an enum is the union of its options' values, a
 * required field is never null (validation refuses a save without it), sets and lines are lists, others may be null.
 * Module borders name it once per entity (`export type SalesOrderRecord = EntityRecord<typeof salesOrder>`).
 */
export type EntityRecord<D> =
  D extends EntityDefinition<infer F>
    ? { [K in keyof F]: F[K] extends { type: 'set' | 'children' } | { required: true } ? FieldValue<F[K]> : FieldValue<F[K]> | null } & {
        CreatedBy: string;
        CreatedOn: string;
        UpdatedBy: string;
        UpdatedOn: string;
        Version: number;
      }
    : never;
