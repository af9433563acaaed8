import { afterEach, describe, expect, it, vi } from 'vitest';
import { beginLoading, bus, resetLoading } from './bus.ts';
import { askUser, isScreenParcel, toScreenProps } from './screen.ts';

afterEach(() => {
  resetLoading();
  vi.unstubAllGlobals();
});

describe('§4 loading counter', () => {
  it('goes up and down with the things in flight', () => {
    const first = beginLoading();
    const second = beginLoading();
    expect(bus.loading$.value).toBe(2);
    first();
    expect(bus.loading$.value).toBe(1);
    second();
    expect(bus.loading$.value).toBe(0);
  });

  it('lowers once per begin, even when done is called twice', () => {
    const outer = beginLoading();
    const inner = beginLoading();
    inner();
    inner();
    expect(bus.loading$.value).toBe(1);
    outer();
  });

  it('never goes below zero, also after Escape reset it while calls were in flight', () => {
    const first = beginLoading();
    const second = beginLoading();
    resetLoading(); // Escape
    expect(bus.loading$.value).toBe(0);
    first();
    second();
    expect(bus.loading$.value).toBe(0);
    const third = beginLoading();
    expect(bus.loading$.value).toBe(1);
    third();
    expect(bus.loading$.value).toBe(0);
  });
});

describe('askUser (close guards: Save / Discard / Stay)', () => {
  const question = {
    heading: 'Unsaved changes',
    message: 'Save them?',
    actions: [
      { id: 'save', label: 'Save', variant: 'primary' as const },
      { id: 'discard', label: 'Discard' },
      { id: 'stay', label: 'Stay' },
    ],
  };

  it('asks the shell on bus.confirm$ and answers the chosen action once', async () => {
    const subscription = bus.confirm$.subscribe((request) => {
      expect(request.heading).toBe('Unsaved changes');
      expect(request.actions.map((action) => action.id)).toEqual(['save', 'discard', 'stay']);
      request.resolve('discard');
      request.resolve('save'); // ignored: already answered
    });
    await expect(askUser(question)).resolves.toBe('discard');
    subscription.unsubscribe();
  });

  it("falls back to the browser's confirm when no shell listens", async () => {
    vi.stubGlobal('confirm', () => true);
    await expect(askUser(question)).resolves.toBe('save');
    vi.stubGlobal('confirm', () => false);
    await expect(askUser(question)).resolves.toBe('cancel');
  });
});

describe('screen contract helpers', () => {
  it('recognises parcel configs', () => {
    const fn = async () => undefined;
    expect(isScreenParcel({ bootstrap: fn, mount: [fn, fn], unmount: fn })).toBe(true);
    expect(isScreenParcel({ bootstrap: fn, mount: fn })).toBe(false);
    expect(isScreenParcel({ bootstrap: fn, mount: ['x'], unmount: fn })).toBe(false);
    expect(isScreenParcel(() => null)).toBe(false);
    expect(isScreenParcel(undefined)).toBe(false);
  });

  it('fills the props a host left out', () => {
    const guard = vi.fn();
    const props = toScreenProps({ path: '/novus-gl', application: 'NOVUS-GL', setCanClose: guard });
    expect(props).toMatchObject({ path: '/novus-gl', application: 'NOVUS-GL', menuId: null, routeProps: {}, meta: {} });
    props.setCanClose(null);
    expect(guard).toHaveBeenCalledWith(null);
    expect(props.close).toBeUndefined();
    const bare = toScreenProps(undefined);
    expect(bare.application).toBe('');
    expect(() => bare.setCanClose(() => true)).not.toThrow();
  });
});
