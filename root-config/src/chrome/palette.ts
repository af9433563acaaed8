/**
 * The command palette (Ctrl+K, F2: §2 "a hint says F2 navigates the page"): every menu item of every
 * application the user may open, searchable; choosing one opens it as a tab (or in the named window its
 * route asks for, §2). The menus of all applications are loaded the first time the palette opens (the API
 * calls raise the loading counter) and again after the applications change.
 * Issue 42 item 1: every keystroke asks the global search (`GET api/search`, search.ts of the server) for the
 * records matching the text — the previous question aborted, no loading counter, no alert — and hands the
 * latest answer to the element; choosing a record opens it on its screen as a tab (`openDocument`).
 */
import {
  HOME_APPLICATION,
  api,
  bus,
  openDocument,
  isMenuGroup,
  loadMenus,
  menuPath,
  type Application,
  type Menu,
  type SearchHit,
} from '@erp/shared';
// Issue 69 item 3: its element is one of the staff elements, loaded apart from the boot's chrome.
import '@erp/shell-elements/staff';
import { createElement, onElement, type CommandPaletteElement, type PaletteEntry, type PaletteRecord } from './elements.ts';

/** The answer's records as the palette shows them, the module named as the user's applications name it. */
export function paletteRecords(hits: readonly SearchHit[], applications: readonly Application[]): PaletteRecord[] {
  const names = new Map(applications.map((application) => [application.Application.toUpperCase(), application.Description || application.Application]));
  return hits.map((hit) => ({
    entity: hit.Entity,
    recordId: hit.Id,
    number: hit.Number,
    name: hit.Name,
    kind: hit.Kind,
    application: names.get(hit.Application.toUpperCase()) ?? hit.Application,
    path: hit.Screen,
  }));
}

/**
 * The palette entries of the applications' menus: active items with a screen, in application order (marked when
 * not in this release). Issue 71 item 2: one entry per screen — a screen several applications' menus carry (Sales
 * Order Entry in Receivables, Order Entry and Sales: the same item path and name) is offered once, opening in the
 * first application that has it in this release, with every application and menu group it appears in as its
 * context (shown and searched) and the union of their search words.
 */
export function paletteEntries(applications: readonly Application[], menusByApplication: ReadonlyMap<string, readonly Menu[]>): PaletteEntry[] {
  const entries: PaletteEntry[] = [];
  const contexts = new Map<PaletteEntry, { applications: string[]; groups: string[]; keywords: string[] }>();
  const byScreen = new Map<string, PaletteEntry>();
  const addTo = (list: string[], text: string) => {
    if (text && !list.includes(text)) list.push(text);
  };
  for (const application of applications) {
    if (application.Application.toUpperCase() === HOME_APPLICATION) continue;
    const menus = menusByApplication.get(application.Application) ?? [];
    const groups = new Map(menus.map((menu) => [menu.MenuId, menu]));
    const ordered = [...menus].sort((a, b) => a.Sequence - b.Sequence || a.MenuName.localeCompare(b.MenuName));
    for (const menu of ordered) {
      if (!menu.IsActive || isMenuGroup(menu)) continue;
      const parent = groups.get(menu.ParentId);
      if (parent && !parent.IsActive) continue;
      const applicationName = application.Description || application.Application;
      const entry: PaletteEntry = {
        id: menu.MenuId,
        label: menu.MenuName,
        description: parent?.MenuName ?? '',
        path: menuPath(application.RouterPath, menu),
        application: applicationName,
        // Issue 40 item 2: what users call the screen, declared beside it in its module (the server's answer).
        ...(menu.Keywords ? { keywords: menu.Keywords } : {}),
        // Issue 16 item 4: a screen not in this release is marked as such.
        ...(menu.Available === false ? { unavailable: true } : {}),
      };
      const screenKey = `${menu.RouterPath.trim().replace(/^\/+|\/+$/g, '').toLowerCase()}\u0000${menu.MenuName}`;
      const seen = byScreen.get(screenKey);
      if (!seen) {
        byScreen.set(screenKey, entry);
        entries.push(entry);
        contexts.set(entry, { applications: [applicationName], groups: entry.description ? [entry.description] : [], keywords: menu.Keywords ? [menu.Keywords] : [] });
        continue;
      }
      const context = contexts.get(seen)!;
      addTo(context.applications, applicationName);
      addTo(context.groups, entry.description);
      addTo(context.keywords, menu.Keywords ?? '');
      // A screen in this release opens where it is in this release.
      if (seen.unavailable && !entry.unavailable) {
        seen.id = entry.id;
        seen.path = entry.path;
        delete seen.unavailable;
      }
    }
  }
  for (const [entry, context] of contexts) {
    if (context.applications.length < 2) continue;
    entry.application = context.applications.join(' · ');
    entry.description = context.groups.join(' · ');
    if (context.keywords.length > 0) entry.keywords = context.keywords.join(', ');
  }
  return entries;
}

export interface Palette {
  readonly element: CommandPaletteElement;
  open(): void;
  close(): void;
  readonly isOpen: boolean;
}

export function mountPalette(
  openMenu: (menu: Pick<Menu, 'MenuId'>, path: string) => void,
  parent: HTMLElement = document.body,
): Palette {
  const element = createElement<CommandPaletteElement>('erp-command-palette');
  element.open = false;
  element.entries = [];
  parent.append(element);
  let loaded: Promise<void> | null = null;
  let restoreFocus: HTMLElement | null = null;

  const load = () => {
    loaded ??= (async () => {
      const applications = bus.applications$.value.filter((app) => app.Application.toUpperCase() !== HOME_APPLICATION);
      const answers = await Promise.allSettled(applications.map((app) => loadMenus(app.Application)));
      const byApplication = new Map<string, Menu[]>();
      answers.forEach((answer, index) => {
        if (answer.status === 'fulfilled') byApplication.set(applications[index]!.Application, answer.value);
      });
      element.entries = paletteEntries(applications, byApplication);
      // Applications whose menus failed are tried again next time the palette opens.
      if (answers.some((answer) => answer.status === 'rejected')) loaded = null;
    })();
    return loaded;
  };
  bus.applications$.subscribe(() => {
    loaded = null;
    element.entries = [];
  });

  let searching: AbortController | null = null;
  const close = () => {
    if (!element.open) return;
    searching?.abort();
    element.open = false;
    restoreFocus?.focus?.();
    restoreFocus = null;
  };
  onElement(element, 'erp-palette-close', () => close());

  // Issue 42 item 1: the records of the latest text only (an older answer arriving late is dropped).
  onElement(element, 'erp-palette-query', ({ query }) => {
    searching?.abort();
    searching = null;
    if (query.trim() === '') {
      element.records = [];
      return;
    }
    const controller = (searching = new AbortController());
    api
      .get<{ List?: SearchHit[] }>('search', { Search: query.slice(0, 100) }, { signal: controller.signal, quiet: true, background: true })
      .then((answer) => {
        if (searching === controller) element.records = paletteRecords(answer.List ?? [], bus.applications$.value);
      })
      .catch(() => {
        if (searching === controller) element.records = [];
      });
  });
  onElement(element, 'erp-open-record', ({ path, recordId }, event) => {
    event.stopPropagation();
    close();
    openDocument(path, { recordId });
  });
  onElement(element, 'erp-navigate', ({ path }, event) => {
    event.stopPropagation();
    const entry = element.entries.find((candidate) => candidate.path === path);
    close();
    openMenu({ MenuId: entry?.id ?? '' }, path);
  });

  return {
    element,
    get isOpen() {
      return element.open;
    },
    open() {
      if (!bus.session$.value) return;
      if (!element.open) {
        const active = document.activeElement;
        restoreFocus = active instanceof HTMLElement ? active : null;
      }
      element.open = true;
      void load();
    },
    close,
  };
}
