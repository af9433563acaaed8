/**
 * The blocks a posted document repeats (issue 20 "a posted document preset"): a Draft document numbered from a
 * sequence, edited and deleted only while Draft, posted by a confirmed `post` action (Alt+P, the main button) to
 * Posted, with the journal the post wrote; later states (Reversed, Credited …) and their actions as the document
 * needs. Keys follow the entity's namespace: `<ns>:<name>.statuses.<State>`, `.actions.<action>`,
 * `.confirm.<action>`. Spread the parts into `defineEntity`:
 *
 *   const POSTED = postedDocument({ namespace: 'ar', name, sequence: 'AR-RECEIPT', prefix: 'RC' });
 *   defineEntity({ …, fields: { ReceiptId, ...POSTED.fields, … }, numbering: POSTED.numbering, states: POSTED.states })
 */
import type { EnumField, IntegerField, StateMachine, TextField, TransitionSpec } from './define.ts';

/** A state after Posted, reached by its action from Posted (e.g. `reverse` → Reversed). */
export interface LaterState {
  state: string;
  action: string;
}

export interface PostedDocumentOptions {
  namespace: string;
  /** The entity's name (the key prefix of its strings). */
  name: string;
  /** The sequence counter and prefix of DocumentNo; absent when the server numbers it (e.g. by document type). */
  sequence?: string;
  prefix?: string;
  later?: readonly LaterState[];
  /**
   * States the server moves a posted document into by itself, with no action of the user (issue 21 item 8: an
   * A/R invoice paid in full is Paid); the later actions are offered from them as from Posted.
   */
  settled?: readonly string[];
  /** Actions offered while Draft beside post (shown before it), e.g. auto-apply. */
  draftActions?: readonly TransitionSpec[];
}

export function postedDocument({ namespace, name, sequence, prefix, later = [], settled = [], draftActions = [] }: PostedDocumentOptions) {
  const key = (part: string) => `${namespace}:${name}.${part}`;
  const states = ['Draft', 'Posted', ...settled, ...later.map((s) => s.state)];
  const fields = {
    DocumentNo: { type: 'text', maxLength: 30, readOnly: true } satisfies TextField,
    Status: {
      type: 'enum',
      readOnly: true,
      defaultValue: 'Draft',
      options: states.map((value) => ({ value, labelKey: key(`statuses.${value}`) })),
    } satisfies EnumField,
    // The posting's G/L batch (shared by the day's postings of a source): the ledger finds the posting by the
    // document's number, so the batch's id is not shown (issue 40 item 3).
    JournalId: { type: 'integer', readOnly: true, internal: true } satisfies IntegerField,
  };
  const machine: StateMachine<'Status'> = {
    field: 'Status',
    initial: 'Draft',
    editable: ['Draft'],
    deletable: ['Draft'],
    transitions: [
      ...draftActions,
      { action: 'post', labelKey: key('actions.post'), from: ['Draft'], to: 'Posted', irreversible: true, confirmKey: key('confirm.post'), primary: true, hotkey: 'Alt+P' },
      ...later.map(({ state, action }) => ({ action, labelKey: key(`actions.${action}`), from: ['Posted', ...settled], to: state, irreversible: true, confirmKey: key(`confirm.${action}`) })),
    ],
  };
  const numbering = sequence ? { sequence, field: 'DocumentNo' as const, ...(prefix ? { prefix } : {}) } : undefined;
  return { fields, numbering, states: machine };
}

/**
 * The states of a document whose `Status` starts at `initial` and which is edited and deleted only in that
 * state (an order while Open, a bill while Draft); later states are reached by `transitions` only.
 */
export function editedWhile(initial: string, transitions: readonly TransitionSpec[]): StateMachine<'Status'> {
  return { field: 'Status', initial, editable: [initial], deletable: [initial], transitions };
}
