/**
 * Issue 41: a module's hooks of an entity of a module it requires are composed after the owner's (registry.ts,
 * `composeHooks` in hooks.ts): rules add up, the first refusal answers, effects and audit entries run in order, a
 * document action belongs to one of them. Plain functions: no server is started.
 */
import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../src/entities/audit.ts';
import { composeHooks, type Change, type EntityContext, type EntityHooks, type Refusal } from '../src/entities/hooks.ts';
import { entityHooks, registerEntityHooks } from '../src/entities/registry.ts';

const ctx = {} as EntityContext;
const change = { mode: 'create', id: 'A', value: {}, changed: new Set(), current: null, next: {}, body: {} } as unknown as Change & { id: string };
const refusal = (code: string): Refusal => ({ status: 400, body: { ResultStatus: 2, ResultCode: code, Message: code, EntityId: null, Exception: null } });
const audit = (column: string): AuditEntry => ({ table: 't', idName: 'id', idValue: 'A', column, old: null, new: 'x', action: 'insert' });

describe('composed entity hooks', () => {
  it('is the owner’s own object when nothing is added', () => {
    const owner: EntityHooks = { inputKeys: ['X'] };
    expect(composeHooks(owner, [])).toBe(owner);
  });

  it('adds rules, answers the first refusal, runs effects in order and joins what they answer', async () => {
    const ran: string[] = [];
    const owner: EntityHooks = {
      inputKeys: ['ConfirmA'],
      validate: async () => [{ field: 'A', key: 'owner:rule' }],
      confirm: async () => null,
      beforeWrite: async () => void ran.push('owner before'),
      afterWrite: async () => [audit('owner')],
      readVirtual: async () => ({ OnHand: 1 }),
      canView: async () => null,
    };
    const added: EntityHooks = {
      inputKeys: ['ConfirmB', 'ConfirmA'],
      validate: async () => [{ field: 'B', key: 'mod:rule' }],
      confirm: async () => refusal('mod_confirm'),
      beforeWrite: async () => void ran.push('added before'),
      afterWrite: async () => [audit('added')],
      readVirtual: async () => ({ Balance: 2 }),
      beforeDelete: async () => refusal('in_use'),
    };
    const hooks = composeHooks(owner, [added]);
    expect(hooks.inputKeys).toEqual(['ConfirmA', 'ConfirmB']);
    expect(await hooks.validate!(ctx, change)).toEqual([{ field: 'A', key: 'owner:rule' }, { field: 'B', key: 'mod:rule' }]);
    expect((await hooks.confirm!(ctx, change))?.body.ResultCode).toBe('mod_confirm');
    await hooks.beforeWrite!(ctx, {} as never, change, new Set());
    expect(ran).toEqual(['owner before', 'added before']);
    expect((await hooks.afterWrite!(ctx, {} as never, change)).map((entry) => entry.column)).toEqual(['owner', 'added']);
    expect(await hooks.readVirtual!(ctx, {})).toEqual({ OnHand: 1, Balance: 2 });
    expect(await hooks.canView!(ctx, {})).toBeNull();
    expect((await hooks.beforeDelete!(ctx, {}))?.body.ResultCode).toBe('in_use');
    expect(hooks.onDelete).toBeUndefined();
    expect(() => composeHooks({ actions: { post: {} } }, [{ actions: { post: {} } }])).toThrow(/two handlers/);
  });

  it('registers another module’s hooks of an entity after the owner’s, whatever order they come in; a second owner is an error', async () => {
    const owner: EntityHooks = { validate: async () => [{ field: 'A', key: 'owner' }] };
    const added: EntityHooks = { validate: async () => [{ field: 'B', key: 'added' }] };
    registerEntityHooks({ 'compose-test': added }, new Set(['other']));
    expect(entityHooks('compose-test')).toBe(added);
    registerEntityHooks({ 'compose-test': owner }, new Set(['compose-test']));
    registerEntityHooks({ 'compose-test': owner }, new Set(['compose-test']));
    expect((await entityHooks('compose-test').validate!(ctx, change)).map((issue) => issue.key)).toEqual(['owner', 'added']);
    expect(() => registerEntityHooks({ 'compose-test': {} }, new Set(['compose-test']))).toThrow(/already has hooks/);
  });
});
