import { describe, expect, it, vi } from 'vitest';
import { lazyScreen, type ScreenParcelConfig } from './screen.ts';

type Lifecycle = (props: unknown) => Promise<unknown>;
const call = (lifecycle: unknown, props: unknown) => (lifecycle as Lifecycle)(props);

describe('lazyScreen', () => {
  it('loads the real parcel once, on first use, and hands every lifecycle (one function or an array) the props', async () => {
    const steps: string[] = [];
    const real: ScreenParcelConfig = {
      bootstrap: async (props: unknown) => steps.push(`bootstrap ${String((props as { name: string }).name)}`),
      mount: [async () => steps.push('mount 1'), async () => steps.push('mount 2')],
      unmount: async () => steps.push('unmount'),
    };
    const load = vi.fn(async () => real);
    const parcel = lazyScreen(load);
    expect(load).not.toHaveBeenCalled();
    for (const name of ['a', 'b']) {
      await call(parcel.bootstrap, { name });
      await call(parcel.mount, { name });
      await call(parcel.update, { name }); // the real parcel has none: nothing happens
      await call(parcel.unmount, { name });
    }
    expect(load).toHaveBeenCalledTimes(1);
    expect(steps).toEqual(['bootstrap a', 'mount 1', 'mount 2', 'unmount', 'bootstrap b', 'mount 1', 'mount 2', 'unmount']);
  });

  it('forgets a failed load, so Try again loads anew', async () => {
    const load = vi
      .fn<() => Promise<ScreenParcelConfig>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue({ bootstrap: async () => {}, mount: async () => {}, unmount: async () => {} });
    const parcel = lazyScreen(load);
    await expect(call(parcel.bootstrap, {})).rejects.toThrow('offline');
    await expect(call(parcel.bootstrap, {})).resolves.toBeUndefined();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
