import { describe, expect, it } from 'vitest';
import type { Application, RecentScreen, RouteDefinition } from '@erp/shared';
import {
  addRecent,
  readRecent,
  readStoredTabs,
  restoreTabs,
  snapshotTabs,
  tabsKey,
  writeRecent,
  writeStoredTabs,
  type KeyValueStore,
} from './persistence.ts';
import { applicationTabInit } from './tab-inits.ts';
import { WorkspaceModel, type ScreenLifecycle } from './workspace-model.ts';

class MemoryStore implements KeyValueStore {
  readonly items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

const screens: ScreenLifecycle = { canClose: async () => true, destroy: async () => undefined };
const applications: Application[] = [
  { Application: 'NOVUS-GL', Description: 'General Ledger', RouterPath: '/novus-gl' },
  { Application: 'NOVUS-AR', Description: 'Accounts Receivable', RouterPath: '/novus-ar' },
];
let key = 0;
const route = (Path: string, Component: string): RouteDefinition => ({ RouteKey: ++key, Path, Name: Path, Component, Props: null, Meta: null });
const routes = [
  route('/', '@erp/home#Home'),
  route('/novus-gl', '@erp/accounting#ApplicationHome'),
  route('/novus-gl/gl-chart', '@erp/accounting#GlChart'),
  route('/novus-gl/trial-balance', '@erp/accounting#TrialBalance'),
  route('/novus-ar', '@erp/accounting#ApplicationHome'),
];
const newModel = () => new WorkspaceModel(screens, { label: 'HOME', component: '@erp/home#Home' });

describe('open tabs restored after a reload', () => {
  it('remembers application tabs and menu tabs in order with the active path, per user', () => {
    const model = newModel();
    model.openApplication(applicationTabInit(applications[0]!, routes));
    model.openApplication(applicationTabInit(applications[1]!, routes));
    const { tab } = model.openTab('NOVUS-GL', {
      path: '/novus-gl/gl-chart',
      label: 'GL Chart of Accounts',
      component: '@erp/accounting#GlChart',
      menuId: 'GL0111',
    });
    model.activate(tab.id);
    const store = new MemoryStore();
    writeStoredTabs(store, 'ada', snapshotTabs(model));
    expect([...store.items.keys()]).toEqual([tabsKey('ada')]);
    expect(readStoredTabs(store, 'someone-else')).toBeNull();

    const restored = newModel();
    const active = restoreTabs(restored, readStoredTabs(store, 'ada')!, { applications, routes });
    expect(active).toBe('/novus-gl/gl-chart');
    expect(restored.toOpenTabs()).toEqual([
      { application: 'HOME', routerPath: '/', menuTabs: [] },
      {
        application: 'NOVUS-GL',
        routerPath: '/novus-gl',
        menuTabs: [{ menuId: 'GL0111', title: 'GL Chart of Accounts', path: '/novus-gl/gl-chart', isNew: false }],
      },
      { application: 'NOVUS-AR', routerPath: '/novus-ar', menuTabs: [] },
    ]);
    expect(restored.find('menu:GL0111')?.component).toBe('@erp/accounting#GlChart');
  });

  it('drops tabs the user may no longer open and ignores damaged storage', () => {
    const store = new MemoryStore();
    writeStoredTabs(store, 'ada', {
      version: 1,
      tabs: [
        { application: 'NOVUS-GL', kind: 'application', path: '/novus-gl', label: 'GL', menuId: null },
        { application: 'NOVUS-GL', kind: 'menu', path: '/novus-gl/removed', label: 'Gone', menuId: 'GL0999' },
        { application: 'NOVUS-AP', kind: 'application', path: '/novus-ap', label: 'AP', menuId: null },
      ],
      active: '/novus-gl/removed',
    });
    const model = newModel();
    const active = restoreTabs(model, readStoredTabs(store, 'ada')!, { applications, routes });
    expect(model.applications.map((tab) => tab.application)).toEqual(['HOME', 'NOVUS-GL']);
    expect(active).toBeNull();

    store.setItem(tabsKey('bob'), '{not json');
    expect(readStoredTabs(store, 'bob')).toBeNull();
    store.setItem(tabsKey('bob'), JSON.stringify({ version: 1, tabs: [{ nonsense: true }], active: 3 }));
    expect(readStoredTabs(store, 'bob')).toEqual({ version: 1, tabs: [], active: '/' });
  });
});

describe('recently opened screens', () => {
  const entry = (path: string, openedAt = '2024-01-01T00:00:00.000Z'): RecentScreen => ({
    path,
    application: 'NOVUS-GL',
    menuId: null,
    label: path,
    openedAt,
  });

  it('puts the newest first, once per path, at most the limit', () => {
    let list: RecentScreen[] = [];
    list = addRecent(list, entry('/a'));
    list = addRecent(list, entry('/b'));
    list = addRecent(list, entry('/A', '2024-02-01T00:00:00.000Z'));
    expect(list.map((item) => item.path)).toEqual(['/A', '/b']);
    for (let i = 0; i < 20; i++) list = addRecent(list, entry(`/x${i}`));
    expect(list).toHaveLength(12);
    expect(list[0]?.path).toBe('/x19');
  });

  it('is stored per user', () => {
    const store = new MemoryStore();
    writeRecent(store, 'ada', [entry('/a')]);
    expect(readRecent(store, 'ada').map((item) => item.path)).toEqual(['/a']);
    expect(readRecent(store, 'bob')).toEqual([]);
  });
});
