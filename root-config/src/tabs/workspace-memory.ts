/**
 * What the workspace remembers per user (persistence.ts holds the formats): the open tabs, restored lazily
 * after a reload, and the recently opened screens (`bus.recent$`). Writes wait until the tabs have stopped
 * changing for a moment, then for an idle period, so a tab switch never pays for localStorage; the page
 * leaving writes what is still waiting (`flush`).
 */
import { bus } from '@erp/shared';
import { addRecent, readRecent, readStoredTabs, restoreTabs, snapshotTabs, writeRecent, writeStoredTabs, type KeyValueStore } from './persistence.ts';
import type { ScreenTab, WorkspaceModel } from './workspace-model.ts';

/** Quiet time before open tabs and recent screens are written to storage (the page leaving writes at once). */
const WRITE_DELAY_MS = 400;

export class WorkspaceMemory {
  private userId: string | null = null;
  private tabsDirty = false;
  private recentDirty = false;
  private writeTimer: number | null = null;
  private lastTabsJson: string | null = null;

  constructor(
    private readonly storage: KeyValueStore | null,
    private readonly model: WorkspaceModel,
  ) {}

  /** Reads the signed-in user's recent screens and open tabs (the tabs' screens mount when shown). */
  restore(): void {
    const storage = this.storage;
    this.userId = bus.session$.value?.profile.shellSub.subjectId ?? null;
    if (!storage || !this.userId) return;
    bus.recent$.next(readRecent(storage, this.userId));
    const stored = readStoredTabs(storage, this.userId);
    if (stored) {
      restoreTabs(this.model, stored, { applications: bus.applications$.value, routes: bus.routes$.value });
    }
  }

  /** The open tabs changed: written when the page is idle (or leaves), not during the switch that changed them. */
  tabsChanged(): void {
    if (!this.storage || !this.userId) return;
    this.tabsDirty = true;
    this.scheduleWrites();
  }

  /**
   * Issue 21 item 7: the recent screens' names in the user's language — `labelOf` answers an entry's name now
   * (its screen's heading, else its route's title), or null to keep it. Written like any other change.
   */
  relabelRecent(labelOf: (path: string) => string | null): void {
    let changed = false;
    const list = bus.recent$.value.map((entry) => {
      const label = labelOf(entry.path);
      if (label === null || label === entry.label) return entry;
      changed = true;
      return { ...entry, label };
    });
    if (!changed) return;
    bus.recent$.next(list);
    if (this.storage && this.userId) {
      this.recentDirty = true;
      this.scheduleWrites();
    }
  }

  /** A screen was opened: first in the recent screens. */
  remember(tab: ScreenTab): void {
    const list = addRecent(bus.recent$.value, {
      path: tab.path,
      application: tab.application,
      menuId: tab.menuId,
      label: tab.label,
      openedAt: new Date().toISOString(),
    });
    bus.recent$.next(list);
    if (this.storage && this.userId) {
      this.recentDirty = true;
      this.scheduleWrites();
    }
  }

  /** Writes the waiting tabs and recent screens (the current state: several changes make one write). */
  flush(): void {
    if (this.writeTimer !== null) window.clearTimeout(this.writeTimer);
    this.writeTimer = null;
    const storage = this.storage;
    const userId = this.userId;
    if (!storage || !userId) {
      this.tabsDirty = this.recentDirty = false;
      return;
    }
    if (this.tabsDirty) {
      this.tabsDirty = false;
      const snapshot = snapshotTabs(this.model);
      const json = JSON.stringify(snapshot);
      if (json !== this.lastTabsJson) {
        this.lastTabsJson = json;
        writeStoredTabs(storage, userId, snapshot);
      }
    }
    if (this.recentDirty) {
      this.recentDirty = false;
      writeRecent(storage, userId, bus.recent$.value);
    }
  }

  /**
   * Debounced: the write waits until tabs have stopped changing for a moment (quick switching writes
   * nothing in between), then for an idle period, so it never lands in the frames right after a switch.
   */
  private scheduleWrites(): void {
    if (this.writeTimer !== null) window.clearTimeout(this.writeTimer);
    this.writeTimer = window.setTimeout(() => {
      this.writeTimer = null;
      const run = () => this.flush();
      if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(run, { timeout: 1000 });
      else run();
    }, WRITE_DELAY_MS);
  }
}
