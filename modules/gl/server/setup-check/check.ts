/**
 * The set-up check (issue 40 item 1; contract: ../../definitions/setup-check.ts, needs: ./needs.ts): reads every
 * module's `server/setup.ts` (modules in dependency order; a module without one needs nothing) and answers each
 * missing item once per need, in the caller's language.
 *
 * - integration: missing when none of the keys names an account that exists, is active and postable — the
 *   posting service refuses anything else ("An account entered is not valid.");
 * - rows: missing when the table holds no matching row;
 * - find: the module's finder answers the missing items.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { moduleDir, moduleManifests } from '@erp/modules/manifests';
import { entityByName } from '@erp/shared/entities/index';
import { messageIn } from '@erp/server/entities/call-result';
import { registeredProcess } from '@erp/server/processes/engine';
import { dynamicDb } from '@erp/server/db/dynamic-db';
import type { Kysely } from 'kysely';
import type { SetupGap } from '../../definitions/setup-check.ts';
import { glDb } from '../tables.generated.ts';
import type { IntegrationSubLedger } from '../ledger/types.ts';
import type { FinderDb, IntegrationKey, Missing, ModuleSetup, SetupNeed } from './needs.ts';

let loading: Promise<readonly { module: string; setup: ModuleSetup }[]> | undefined;

/** Every module's declared set-up (once per process). */
export function moduleSetups(): Promise<readonly { module: string; setup: ModuleSetup }[]> {
  loading ??= Promise.all(
    moduleManifests().map(async (manifest) => {
      const file = join(moduleDir(manifest.name), 'server', 'setup.ts');
      if (!existsSync(file)) return { module: manifest.name, setup: { setupNeeds: [] } };
      const loaded = (await import(pathToFileURL(file).href)) as Partial<ModuleSetup>;
      if (!loaded.setupNeeds) throw new Error(`modules/${manifest.name}/server/setup.ts exports no setupNeeds`);
      return { module: manifest.name, setup: { setupNeeds: loaded.setupNeeds, setupFree: loaded.setupFree ?? [] } };
    }),
  );
  return loading;
}

function truthy(raw: unknown): boolean {
  return raw === true || raw === 1 || raw === '1' || raw === 't' || raw === 'true';
}

/** True when one of the keys names an account that exists, is active and postable (see the header); any module's connection. */
export async function integrationResolved<D>(typed: Kysely<D>, keys: readonly IntegrationKey[]): Promise<boolean> {
  const db = glDb(typed);
  for (const [subLedger, type] of keys) {
    const row = await db
      .selectFrom('gl_integration as i')
      .innerJoin('gl_accounts as a', 'a.account_id', 'i.account_id')
      .select(['a.is_active as is_active', 'a.is_postable as is_postable'])
      .where('i.sub_ledger', '=', subLedger as IntegrationSubLedger)
      .where('i.transaction_type', '=', type)
      .executeTakeFirst();
    if (row && truthy(row.is_active) && truthy(row.is_postable)) return true;
  }
  return false;
}

async function integrationMissing(db: FinderDb, keys: readonly IntegrationKey[]): Promise<Missing[]> {
  if (await integrationResolved(db, keys)) return [];
  const [subLedger, type] = keys[0]!;
  return [{ key: 'gl:setup-check.items.integration', params: { subLedger, type } }];
}

async function missingOf(db: FinderDb, need: SetupNeed, today: string): Promise<readonly Missing[]> {
  const check = need.check;
  if (check.kind === 'integration') return integrationMissing(db, check.keys);
  if (check.kind === 'find') return check.find(db, today);
  // A table and columns the declaring module names (any module's): counted through the dynamic view.
  const named = dynamicDb(db);
  let query = named.selectFrom(check.table).select(named.fn.countAll().as('n'));
  for (const [column, value] of Object.entries(check.where ?? {})) query = query.where(column, '=', value);
  const row = await query.executeTakeFirst();
  return Number(row?.n ?? 0) > 0 ? [] : [{ key: check.key }];
}

/** The title of a process or document named by a need, in `language`. */
function titleOf(name: string, language: string | null | undefined): string {
  const process = registeredProcess(name);
  if (process) return messageIn(language, process.def.titleKey);
  const entity = entityByName(name);
  return entity ? messageIn(language, entity.labelKey) : name;
}

/** Every missing item, module by module, in the caller's language. */
export async function setupGaps(db: FinderDb, language: string | null | undefined, today: string = new Date().toISOString().slice(0, 10)): Promise<SetupGap[]> {
  const gaps: SetupGap[] = [];
  for (const { module, setup } of await moduleSetups()) {
    for (const need of setup.setupNeeds) {
      for (const missing of await missingOf(db, need, today)) {
        gaps.push({
          Module: module,
          UsedBy: (missing.usedBy ?? need.usedBy).map((name) => titleOf(name, language)).join(', '),
          Item: messageIn(language, missing.key, missing.params ?? {}),
          Fix: missing.fix ?? need.fix,
        });
      }
    }
  }
  return gaps;
}
