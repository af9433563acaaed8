/**
 * What an action's or a process's answer says (issue 68 item 5): every answer names the document(s) and the effect,
 * and a partial or total failure says so, naming each failure. One builder for document actions, batch actions
 * (documents.ts) and process runs (processes/routes.ts); modules give a richer sentence through their action's
 * outcome (`ActionOutcome.messageKey`), never through branches here.
 *
 * - `documentParams(def, record, transition, language)`: what every action sentence may name — `kind` (what one
 *   record is called: the definition's `globalSearch.kindKey`, default `<namespace>:<name>.kind`, "Purchase order
 *   receipt"), `number` (the record's business number, `numberField`), `action` (the transition's label) and
 *   `state` (the label of the state it leaves the record in). A module's own message key gets them too, under its
 *   own params, so "Receipt {{number}} posted: {{count}} lines received into {{warehouse}}" needs no plumbing.
 * - `actionMessage(...)`: the module's sentence, else `entities:result.actionNamed` ("Purchase order receipt
 *   PRC005020 is now Posted.") or, for a transition that keeps the state, `entities:result.actionNamedSame`
 *   ("Cash receipt CR000123: Select open invoices done.").
 * - `summaryMessage(language, what, done, failed)`: a run over many — "<what> — 3 done: A, B, C." / "… 1 failed:
 *   D (reason)." / "Nothing done." — with i18next plurals (`entities:result.summary.*`), at most SUMMARY_NAMES
 *   names of each (then "and 7 more"): the answer's List names every item.
 */
import type { AnyEntity, TransitionSpec } from '@erp/shared/entities/define';
import { messageIn } from './call-result.ts';

/** Names a summary lists before "and N more" (the List names every item). */
export const SUMMARY_NAMES = 10;

/** The i18n key of what one record of `def` is called. */
export function kindKeyOf(def: AnyEntity): string {
  return def.globalSearch?.kindKey ?? `${def.namespace}:${def.name}.kind`;
}

/** The label of `state` of the definition's state field (the state's value when it has none). */
export function stateLabel(def: AnyEntity, state: string, language: string | null | undefined): string {
  const field = def.states ? (def.fields[def.states.field] as { options?: readonly { value: string; labelKey: string }[] }) : undefined;
  const option = field?.options?.find((candidate) => candidate.value === state);
  return option ? messageIn(language, option.labelKey) : state;
}

/** The record's business number as text (its key when the definition names no other). */
export function numberOf(def: AnyEntity, record: Readonly<Record<string, unknown>>): string {
  return String(record[def.numberField] ?? record[def.key] ?? '');
}

/** What every action sentence may name (module header). */
export function documentParams(def: AnyEntity, record: Readonly<Record<string, unknown>>, transition: TransitionSpec, language: string | null | undefined): Record<string, unknown> {
  const state = transition.to ?? (def.states ? String(record[def.states.field] ?? '') : '');
  return {
    kind: messageIn(language, kindKeyOf(def)),
    number: numberOf(def, record),
    action: messageIn(language, transition.labelKey),
    state: stateLabel(def, state, language),
  };
}

/** An action's success sentence (module header). */
export function actionMessage(
  def: AnyEntity,
  record: Readonly<Record<string, unknown>>,
  transition: TransitionSpec,
  language: string | null | undefined,
  outcome?: { messageKey?: string; messageParams?: Record<string, unknown> } | void,
): string {
  const params = documentParams(def, record, transition, language);
  if (outcome?.messageKey) return messageIn(language, outcome.messageKey, { ...params, ...(outcome.messageParams ?? {}) });
  return messageIn(language, transition.to === null ? 'entities:result.actionNamedSame' : 'entities:result.actionNamed', params);
}

/** "A, B, C" — or the first SUMMARY_NAMES and "and N more". */
function listed(language: string | null | undefined, names: readonly string[], separator = 'entities:result.summary.separator'): string {
  const shown = names.slice(0, SUMMARY_NAMES).join(messageIn(language, separator));
  const more = names.length - SUMMARY_NAMES;
  return more > 0 ? messageIn(language, 'entities:result.summary.more', { names: shown, count: more }) : shown;
}

/** A run over many items (module header): `done` the names of what was done, `failed` each failure and why. */
export function summaryMessage(
  language: string | null | undefined,
  what: string,
  done: readonly string[],
  failed: readonly { name: string; reason: string }[],
): string {
  const doneText = done.length === 0 ? messageIn(language, 'entities:result.summary.none') : messageIn(language, 'entities:result.summary.done', { count: done.length, names: listed(language, done) });
  if (failed.length === 0) return messageIn(language, 'entities:result.summary.line', { what, parts: doneText });
  const failures = failed.map((failure) => messageIn(language, 'entities:result.summary.failure', { name: failure.name, reason: failure.reason.replace(/[.。]\s*$/u, '') }));
  const failedText = messageIn(language, 'entities:result.summary.failed', { count: failed.length, names: listed(language, failures, 'entities:result.summary.failureSeparator') });
  return messageIn(language, 'entities:result.summary.lineWithFailures', { what, done: doneText, failed: failedText });
}
