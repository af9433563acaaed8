import { describe, expect, it, vi } from 'vitest';
import type { CloseGuard } from '@erp/shared';
import {
  WorkspaceModel,
  showsMenuArea,
  type ApplicationTabInit,
  type ScreenLifecycle,
  type ScreenTab,
} from './workspace-model.ts';

/** A fake tab host: guards per tab id, and a log of what was asked and torn down. */
class FakeScreens implements ScreenLifecycle {
  readonly guards = new Map<string, CloseGuard>();
  readonly log: string[] = [];
  canClose = vi.fn(async (tab: ScreenTab) => {
    this.log.push(`ask ${tab.id}`);
    const guard = this.guards.get(tab.id);
    return guard ? guard() : true;
  });
  destroy = vi.fn(async (tab: ScreenTab) => {
    this.log.push(`destroy ${tab.id}`);
  });
}

const app = (name: string, path: string): ApplicationTabInit => ({
  application: name,
  routerPath: path,
  label: name,
  page: { path, label: name, component: '@erp/accounting#ApplicationHome' },
});
const GL = app('NOVUS-GL', '/novus-gl');
const AR = app('NOVUS-AR', '/novus-ar');
const IC = app('NOVUS-IC', '/novus-ic');

function setup() {
  const screens = new FakeScreens();
  const model = new WorkspaceModel(screens, { label: 'HOME', component: '@erp/home#Home' });
  const changes = vi.fn();
  model.subscribe(changes);
  const menuTab = (application: string, menuId: string, path: string) =>
    model.openTab(application, { path, label: menuId, component: `@erp/x#${menuId}`, menuId });
  return { screens, model, changes, menuTab };
}

describe('application tabs (§4)', () => {
  it('always has HOME first; opening an application adds its tab once, at the end', () => {
    const { model } = setup();
    model.openApplication(GL);
    model.openApplication(AR);
    model.openApplication({ ...GL, application: 'novus-gl' });
    expect(model.applications.map((tab) => tab.application)).toEqual(['HOME', 'NOVUS-GL', 'NOVUS-AR']);
    expect(model.activeApplication.application).toBe('HOME');
    expect(model.activeTab.path).toBe('/');
  });

  it('never closes HOME', async () => {
    const { model, screens } = setup();
    await expect(model.closeApplication('HOME')).resolves.toEqual({ closed: false, navigateTo: null });
    await expect(model.closeTab(model.home.page.id)).resolves.toEqual({ closed: false, navigateTo: null });
    expect(screens.canClose).not.toHaveBeenCalled();
  });

  it('closing the active application tab goes to the next tab, else the previous one, HOME at worst', async () => {
    const { model, menuTab } = setup();
    [GL, AR, IC].forEach((init) => model.openApplication(init));
    menuTab('NOVUS-IC', 'IC0104', '/novus-ic/Stock-Status');
    model.activate('menu:IC0104');
    model.activateApplication('NOVUS-AR');
    await expect(model.closeApplication('NOVUS-AR')).resolves.toEqual({ closed: true, navigateTo: '/novus-ic/Stock-Status' });
    expect(model.activeApplication.application).toBe('NOVUS-IC');
    await expect(model.closeApplication('NOVUS-IC')).resolves.toEqual({ closed: true, navigateTo: '/novus-gl' });
    await expect(model.closeApplication('NOVUS-GL')).resolves.toEqual({ closed: true, navigateTo: '/' });
    expect(model.applications.map((tab) => tab.application)).toEqual(['HOME']);
  });

  it('closing an inactive application tab stays where the user is', async () => {
    const { model } = setup();
    [GL, AR].forEach((init) => model.openApplication(init));
    model.activateApplication('NOVUS-AR');
    await expect(model.closeApplication('NOVUS-GL')).resolves.toEqual({ closed: true, navigateTo: null });
    expect(model.activeApplication.application).toBe('NOVUS-AR');
  });

  it('closing an application tab asks and closes each menu tab in order, then its page', async () => {
    const { model, screens, menuTab } = setup();
    model.openApplication(GL);
    menuTab('NOVUS-GL', 'A', '/novus-gl/a');
    menuTab('NOVUS-GL', 'B', '/novus-gl/b');
    await model.closeApplication('NOVUS-GL');
    expect(screens.log).toEqual([
      'ask menu:A',
      'destroy menu:A',
      'ask menu:B',
      'destroy menu:B',
      'ask page:NOVUS-GL',
      'destroy page:NOVUS-GL',
    ]);
  });

  it('stops at the first menu tab that refuses (async): it stays, becomes active and is where to go', async () => {
    const { model, screens, menuTab } = setup();
    model.openApplication(GL);
    model.openApplication(AR);
    menuTab('NOVUS-GL', 'A', '/novus-gl/a');
    menuTab('NOVUS-GL', 'B', '/novus-gl/b');
    menuTab('NOVUS-GL', 'C', '/novus-gl/c');
    screens.guards.set('menu:B', () => new Promise((resolve) => setTimeout(() => resolve(false), 5)));
    model.activateApplication('NOVUS-AR');
    const outcome = await model.closeApplication('NOVUS-GL');
    expect(outcome).toEqual({ closed: false, navigateTo: '/novus-gl/b' });
    expect(screens.log).toEqual(['ask menu:A', 'destroy menu:A', 'ask menu:B']);
    const gl = model.findApplication('NOVUS-GL')!;
    expect(gl.menuTabs.map((tab) => tab.id)).toEqual(['menu:B', 'menu:C']);
    expect(model.activeTab.id).toBe('menu:B');
    expect(screens.destroy).not.toHaveBeenCalledWith(expect.objectContaining({ id: 'page:NOVUS-GL' }));
  });

  it("keeps the application tab when its page's guard refuses", async () => {
    const { model, screens } = setup();
    model.openApplication(GL);
    screens.guards.set('page:NOVUS-GL', () => false);
    await expect(model.closeApplication('NOVUS-GL')).resolves.toEqual({ closed: false, navigateTo: '/novus-gl' });
    expect(model.findApplication('NOVUS-GL')).not.toBeNull();
  });
});

describe('menu tabs (§4)', () => {
  it('opens a menu tab once per MenuId, marked new until loaded, not active until then', () => {
    const { model, menuTab } = setup();
    model.openApplication(GL);
    const first = menuTab('NOVUS-GL', 'GL0111', '/novus-gl/gl-chart');
    const again = menuTab('NOVUS-GL', 'GL0111', '/novus-gl/GL-CHART');
    expect(first.created).toBe(true);
    expect(again).toEqual({ tab: first.tab, created: false });
    expect(model.findApplication('NOVUS-GL')!.menuTabs).toHaveLength(1);
    expect(first.tab.isNew).toBe(true);
    expect(model.activeTab.id).not.toBe(first.tab.id);
    model.markLoaded(first.tab.id);
    model.activate(first.tab.id);
    expect(first.tab.isNew).toBe(false);
    expect(model.activeTab).toBe(first.tab);
    expect(model.activeApplication.application).toBe('NOVUS-GL');
  });

  it('opens a route tab once per path, whatever its case', () => {
    const { model } = setup();
    model.openApplication(GL);
    const init = { path: '/novus-gl/x', label: 'X', component: '@erp/x#X' };
    const first = model.openTab('NOVUS-GL', init);
    expect(model.openTab('NOVUS-GL', { ...init, path: '/NOVUS-GL/X' })).toEqual({ tab: first.tab, created: false });
    expect(first.tab.kind).toBe('route');
  });

  it('closing the active menu tab activates the next one, else the previous one, else the application page', async () => {
    const { model, menuTab } = setup();
    model.openApplication(GL);
    for (const id of ['A', 'B', 'C']) menuTab('NOVUS-GL', id, `/novus-gl/${id.toLowerCase()}`);
    model.activate('menu:B');
    await expect(model.closeTab('menu:B')).resolves.toEqual({ closed: true, navigateTo: '/novus-gl/c' });
    expect(model.activeTab.id).toBe('menu:C');
    await expect(model.closeTab('menu:C')).resolves.toEqual({ closed: true, navigateTo: '/novus-gl/a' });
    await expect(model.closeTab('menu:A')).resolves.toEqual({ closed: true, navigateTo: '/novus-gl' });
    expect(model.activeTab.id).toBe('page:NOVUS-GL');
  });

  it('closing a tab that is not shown keeps the shown one', async () => {
    const { model, menuTab } = setup();
    model.openApplication(GL);
    menuTab('NOVUS-GL', 'A', '/novus-gl/a');
    menuTab('NOVUS-GL', 'B', '/novus-gl/b');
    model.activate('menu:A');
    await expect(model.closeTab('menu:B')).resolves.toEqual({ closed: true, navigateTo: null });
    expect(model.activeTab.id).toBe('menu:A');
  });

  it('asks the screen first: a guard answering false (sync or async) keeps the tab and tears nothing down', async () => {
    const { model, screens, menuTab } = setup();
    model.openApplication(GL);
    menuTab('NOVUS-GL', 'A', '/novus-gl/a');
    model.activate('menu:A');
    screens.guards.set('menu:A', () => false);
    await expect(model.closeTab('menu:A')).resolves.toEqual({ closed: false, navigateTo: null });
    screens.guards.set('menu:A', () => Promise.resolve(false));
    await expect(model.closeTab('menu:A')).resolves.toEqual({ closed: false, navigateTo: null });
    expect(screens.destroy).not.toHaveBeenCalled();
    expect(model.activeTab.id).toBe('menu:A');
    screens.guards.set('menu:A', () => Promise.resolve(true));
    await expect(model.closeTab('menu:A')).resolves.toEqual({ closed: true, navigateTo: '/novus-gl' });
    expect(screens.destroy).toHaveBeenCalledTimes(1);
  });

  it('keeps the tab when the guard throws (closing could lose work)', async () => {
    const { model, screens, menuTab } = setup();
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    model.openApplication(GL);
    menuTab('NOVUS-GL', 'A', '/novus-gl/a');
    screens.guards.set('menu:A', () => Promise.reject(new Error('boom')));
    await expect(model.closeTab('menu:A')).resolves.toMatchObject({ closed: false });
    expect(model.find('menu:A')).not.toBeNull();
    error.mockRestore();
  });

  it('ignores a second close while the first one is still asking', async () => {
    const { model, screens, menuTab } = setup();
    model.openApplication(GL);
    menuTab('NOVUS-GL', 'A', '/novus-gl/a');
    let answer!: (value: boolean) => void;
    screens.guards.set('menu:A', () => new Promise<boolean>((resolve) => (answer = resolve)));
    const first = model.closeTab('menu:A');
    await expect(model.closeTab('menu:A')).resolves.toEqual({ closed: false, navigateTo: null });
    answer(true);
    await expect(first).resolves.toMatchObject({ closed: true });
    expect(screens.destroy).toHaveBeenCalledTimes(1);
  });

  it('initial pages only close with their application tab', async () => {
    const { model, screens } = setup();
    model.openApplication(GL);
    await expect(model.closeTab('page:NOVUS-GL')).resolves.toEqual({ closed: false, navigateTo: null });
    expect(screens.canClose).not.toHaveBeenCalled();
  });

  it('cycles through the tabs of the active application tab, and through the application tabs', () => {
    const { model, menuTab } = setup();
    model.openApplication(GL);
    model.openApplication(AR);
    menuTab('NOVUS-GL', 'A', '/novus-gl/a');
    menuTab('NOVUS-GL', 'B', '/novus-gl/b');
    model.activate('menu:A');
    expect(model.adjacent(1)?.id).toBe('menu:B');
    expect(model.adjacent(-1)?.id).toBe('page:NOVUS-GL');
    model.activate('menu:B');
    expect(model.adjacent(1)?.id).toBe('page:NOVUS-GL');
    expect(model.adjacentApplication(1)?.application).toBe('NOVUS-AR');
    expect(model.adjacentApplication(-1)?.application).toBe('HOME');
    expect(model.pathOf(model.findApplication('NOVUS-GL')!)).toBe('/novus-gl/b');
  });

  it('publishes the tabs in the bus shape and tells every change', () => {
    const { model, changes, menuTab } = setup();
    model.openApplication(GL);
    menuTab('NOVUS-GL', 'GL0111', '/novus-gl/gl-chart');
    expect(model.toOpenTabs()).toEqual([
      { application: 'HOME', routerPath: '/', menuTabs: [] },
      {
        application: 'NOVUS-GL',
        routerPath: '/novus-gl',
        menuTabs: [{ menuId: 'GL0111', title: 'GL0111', path: '/novus-gl/gl-chart', isNew: true }],
      },
    ]);
    expect(changes).toHaveBeenCalledTimes(2);
  });
});

describe('menu area (§2, §5)', () => {
  it('shows the menus of an application unless the profile hides them; never for HOME', () => {
    expect(showsMenuArea('NOVUS-GL', { showMenus: true })).toBe(true);
    expect(showsMenuArea('NOVUS-GL', {})).toBe(true);
    expect(showsMenuArea('NOVUS-GL', null)).toBe(true);
    expect(showsMenuArea('NOVUS-GL', { showMenus: false })).toBe(false);
    expect(showsMenuArea('HOME', { showMenus: true })).toBe(false);
    expect(showsMenuArea('home', undefined)).toBe(false);
  });
});
