/**
 * Issue 12 acceptance "Every GL screen route (48 routes across GL, AP, AR and legacy) opens a working screen",
 * the server half: each of its routes bar A/R's and A/P's journal printings (now theirs), 46 of SCREENS.md WP1 (modules/gl/test/spec-routes.ts) is in the route
 * catalog with that Component, its module is in the import map as a built workspace package
 * (`/apps/<m>/<m>.js`, from apps/<m>/src/index.ts[x] with a build script), and the module exports the name —
 * directly or re-exported from another such module (legacy, order entry … re-export @erp/accounting's).
 *
 * Exports per owner (the last element of each route in routes.ts): h12c GlChart, GlControl, GlIntegration,
 * UserCodes, ForeignExchange, BankAccount; h12a AccountingPeriods, Periods, AccountingJournals, Journals,
 * GlJournalEntry; h12b AccountEnquiry, TrialBalance, DetailedLedger, GlJournalPrinting (A/R's and A/P's
 * journal printings are their modules'). While the three issue-12 branches are apart, an owner none of whose screens is exported
 * yet is left out; REQUIRE_ALL (set once the three are merged) makes every route count.
 */
import { GL_ROUTES } from './spec-routes.ts';
import { describe, expect, it } from 'vitest';
import { routes } from '@erp/server/seed/catalog';
import { resolves } from '../../../server/test/helpers/module-exports.ts';

/** h12a, h12b and h12c are merged: every one of the 46 routes must resolve. */
const REQUIRE_ALL = true;

describe('the 46 GL screen routes (SCREENS.md WP1)', () => {
  it('lists 46 distinct routes of the 13 GL screens', () => {
    expect(GL_ROUTES).toHaveLength(46);
    expect(new Set(GL_ROUTES.map((route) => route[4]))).toEqual(new Set(['h12a', 'h12b', 'h12c']));
    expect(new Set(GL_ROUTES.map(([, path]) => path.toLowerCase())).size).toBe(46);
    expect(new Set(GL_ROUTES.map(([, , , screen]) => screen)).size).toBe(13);
  });

  it('names each route in the catalog with its Component', () => {
    const byPath = new Map(routes.map((route) => [route.Path, route.Component]));
    for (const [menuId, path, component] of GL_ROUTES) expect(byPath.get(path), `${menuId} ${path}`).toBe(component);
  });

  it('resolves every Component to an export of a built module in the import map', () => {
    const merged = new Set(GL_ROUTES.filter(([, , component]) => resolves(component)).map(([, , , , owner]) => owner));
    const missing = GL_ROUTES.filter(([, , component, , owner]) => (REQUIRE_ALL || merged.has(owner)) && !resolves(component)).map(
      ([menuId, path, component]) => `${menuId} ${path} → ${component}`,
    );
    expect(missing).toEqual([]);
  });

  it('resolves the GL masters (h12c) under every application', () => {
    const masters = GL_ROUTES.filter(([, , , , owner]) => owner === 'h12c');
    expect(masters).toHaveLength(29);
    expect(masters.filter(([, , component]) => !resolves(component)).map(([, path]) => path)).toEqual([]);
  });
});
