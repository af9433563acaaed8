/**
 * Demo seed: loads the catalog (`seed/catalog.ts`: applications, menus, routes, languages, roles, users,
 * firms) into an empty database.
 *
 * Contract: `seedDatabase(db, options)` fills each table only while it is empty, inside one transaction,
 * so it is idempotent — running it on a seeded database changes nothing — and it never overwrites what
 * administrators changed later. Passwords are hashed here (scrypt); the catalog holds them in clear
 * because they are the documented demo passwords (README "Demo users").
 */
import { HOME_APPLICATION } from '@erp/shared/types';
import type { Kysely, Transaction } from 'kysely';
import { hashPassword } from '../auth/password.ts';
import * as catalog from '../seed/catalog.ts';
import { flag, type DB } from './schema.ts';

export interface SeedOptions {
  /** §2, §6: the company domain of the steel user (STEEL_COMPANY_DOMAIN). */
  steelDomain: string;
}

/** Which tables this call filled (empty when the database was already seeded). */
export type SeedReport = string[];

const SEED_ACTOR = 'seed';

function trail(now: string) {
  return { created_by: SEED_ACTOR, created_on: now, updated_by: SEED_ACTOR, updated_on: now, version: 1 };
}

async function isEmpty(trx: Transaction<DB>, table: keyof DB): Promise<boolean> {
  const row = await trx.selectFrom(table).select((eb) => eb.lit(1).as('one')).limit(1).executeTakeFirst();
  return row === undefined;
}

export async function seedDatabase(db: Kysely<DB>, options: SeedOptions): Promise<SeedReport> {
  const users = catalog.demoUsers({ steelDomain: options.steelDomain });
  // Hashing is slow on purpose; do it before the transaction so the transaction stays short, and only
  // when the users are still to be seeded (a restart hashes nothing).
  const hashes = new Map<string, string>();
  const usersSeeded = (await db.selectFrom('users').select('user_id').limit(1).executeTakeFirst()) !== undefined;
  // In parallel: scrypt runs on libuv's thread pool.
  if (!usersSeeded) {
    const made = await Promise.all(users.map((user) => hashPassword(user.Password)));
    users.forEach((user, index) => hashes.set(user.UserId, made[index]!));
  }

  return db.transaction().execute(async (trx) => {
    const now = new Date().toISOString();
    const filled: SeedReport = [];
    const applications = catalog.applications.filter((a) => a.Application !== HOME_APPLICATION);
    const knownApplications = new Set(applications.map((a) => a.Application));

    if (await isEmpty(trx, 'applications')) {
      await trx
        .insertInto('applications')
        .values(
          applications.map((a, index) => ({
            application: a.Application,
            description: a.Description,
            router_path: a.RouterPath,
            // The catalog order is the Applications menu order.
            sequence: (index + 1) * 10,
            is_active: flag(true),
            ...trail(now),
          })),
        )
        .execute();
      filled.push('applications');
    }

    if (await isEmpty(trx, 'menus')) {
      const rows = catalog.menus.filter((m) => knownApplications.has(m.Application));
      // Chunked: SQLite limits the number of bound parameters per statement.
      for (let i = 0; i < rows.length; i += 50) {
        await trx
          .insertInto('menus')
          .values(
            rows.slice(i, i + 50).map((m) => ({
              application: m.Application,
              menu_id: m.MenuId,
              menu_name: m.MenuName,
              parent_id: m.ParentId,
              sequence: m.Sequence,
              is_active: flag(m.IsActive),
              router_path: m.RouterPath,
              ...trail(now),
            })),
          )
          .execute();
      }
      filled.push('menus');
    }

    if (await isEmpty(trx, 'routes')) {
      for (let i = 0; i < catalog.routes.length; i += 50) {
        await trx
          .insertInto('routes')
          .values(
            catalog.routes.slice(i, i + 50).map((r) => ({
              path: r.Path,
              name: r.Name,
              component: r.Component,
              props: r.Props,
              meta: r.Meta,
              ...trail(now),
            })),
          )
          .execute();
      }
      filled.push('routes');
    }

    if (await isEmpty(trx, 'languages')) {
      await trx
        .insertInto('languages')
        .values(
          catalog.languages.map((l) => ({
            name: l.Name,
            language_code: l.LanguageCode,
            country_code: l.CountryCode,
            image_url: l.ImageUrl,
            locale_identifier: l.LocaleIdentifier,
            is_active: flag(true),
            ...trail(now),
          })),
        )
        .execute();
      filled.push('languages');
    }

    if (await isEmpty(trx, 'roles')) {
      for (const role of catalog.roles) {
        await trx
          .insertInto('roles')
          .values({
            role_id: role.RoleId,
            name: role.Name,
            all_applications: flag(role.Applications === '*'),
            ...trail(now),
          })
          .execute();
        if (role.Applications !== '*') {
          const opened = role.Applications.filter((a) => knownApplications.has(a));
          if (opened.length > 0) {
            // §6 menu access: a row without a menu opens the whole application.
            await trx
              .insertInto('menu_access')
              .values(opened.map((application) => ({ role_id: role.RoleId, application, menu_id: null, ...trail(now) })))
              .execute();
          }
        }
      }
      filled.push('roles');
    }

    if (await isEmpty(trx, 'firms')) {
      await trx
        .insertInto('firms')
        .values(
          catalog.firms.map((f) => ({
            firm_id: f.FirmId,
            name: f.Name,
            is_active: flag(f.IsActive),
            is_bill_to: flag(f.FirmTypes.includes('bill-to')),
            is_ship_to: flag(f.FirmTypes.includes('ship-to')),
            is_vendor: flag(f.FirmTypes.includes('vendor')),
            for_external_users: flag(false),
            is_sales_manager: flag(false),
            ...trail(now),
          })),
        )
        .execute();
      filled.push('firms');
    }

    if (await isEmpty(trx, 'users')) {
      const knownRoles = new Set(
        (await trx.selectFrom('roles').select('role_id').execute()).map((r) => r.role_id),
      );
      for (const user of users) {
        await trx
          .insertInto('users')
          .values({
            user_id: user.UserId,
            password_hash: hashes.get(user.UserId)!,
            display_name: user.DisplayName,
            email: user.Email,
            domain: user.Domain,
            landing_page: user.LandingPage,
            show_menus: flag(user.ShowMenus),
            css_files: '[]',
            environment_label: null,
            environment: null,
            default_ship_to_id: user.DefaultShipToId,
            language: user.Language,
            is_active: flag(true),
            ...trail(now),
          })
          .execute();
        const userRoles = user.Roles.filter((r) => knownRoles.has(r));
        if (userRoles.length > 0) {
          await trx
            .insertInto('user_roles')
            .values(userRoles.map((role_id) => ({ user_id: user.UserId, role_id })))
            .execute();
        }
        if (user.Securables.length > 0) {
          await trx
            .insertInto('user_securables')
            .values(user.Securables.map((identifier) => ({ user_id: user.UserId, identifier, ...trail(now) })))
            .execute();
        }
      }
      filled.push('users');
    }

    return filled;
  });
}
