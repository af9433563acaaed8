/**
 * The generic data service behind /api/data/:entity (routes.ts): list, get, create, update, delete and
 * a record's audit log, for any entity of the registry. Answers are §3 shapes (CallResult, PagedList);
 * routes.ts only turns them into HTTP. This file is the service's one import point; the work is in:
 *
 * | file | what |
 * |---|---|
 * | answers.ts | the Answer type, failure answers, constraint errors as 4xx, Version parsing |
 * | read.ts | list page, lookup suggestions, one record, a record's §3 audit log |
 * | checks.ts | the generic database rules of a save (lookups, child keys, uniqueness) and `validate` |
 * | save.ts | create and update: one pipeline, the row writer as the difference |
 * | write.ts | the columns, link sets and child rows a save or delete writes, with their audit entries |
 * | delete.ts | delete: in-use check, children, attachments, the row |
 *
 * Guarantees:
 * - every write runs in ONE transaction with its §3 audit rows (audit.ts): a failed write leaves no row
 *   and no audit row;
 * - optimistic concurrency: updates and deletes name the Version they read; the row is written with
 *   `WHERE key = ? AND version = ?`, so of concurrent saves of one version exactly one wins and the
 *   others are told the record changed (409 version_conflict) — nothing is overwritten;
 * - inputs are validated by the shared validateRecord (unknown fields refused) and database rules
 *   (lookups, uniqueness, the entity's hooks) before anything is written; database constraint errors
 *   that still happen (races) are answered 4xx, never 500.
 */
export { badRequest, constraintAnswer, failureAnswer, forbidden, issueOf, notFound, type Answer } from './answers.ts';
export { getRecord, listFields, listRecords, LOOKUP_PAGE_SIZE, lookupRecords, visibleColumns } from './read.ts';
export { recordAudit } from './history.ts';
export { createRecord, updateRecord } from './save.ts';
export { deleteRecord } from './delete.ts';
