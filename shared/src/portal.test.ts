/**
 * §3/§4/§7/§8 portal session logic: bill-to and ship-to lists, the selection cleared when the list changes,
 * the on-hold flag starting true, the account switch (success, refusal → Error modal with the server's
 * message and the loading counter back to 0, transport error rethrown), badge numbers with errors ignored,
 * and pending cart requests cancelled by a switch.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from './api.ts';
import { bus } from './bus.ts';
import {
  cartCleared$,
  computeBillToList,
  computeShipToList,
  loadBadgeNumbers,
  pendingCartRequests,
  portalAccounts$,
  setPortalAccounts,
  switchAccount,
  trackCartRequest,
  updatePortal,
} from './portal.ts';

const FIRMS = [
  { FirmId: 'B100', Name: 'Northshore' },
  { FirmId: 'S101', Name: 'Hamilton' },
  { FirmId: 'S102', Name: 'Mississauga' },
  { FirmId: 'B200', Name: 'Laurentian' },
  { FirmId: 'S201', Name: 'Laval' },
];
const SECURABLES = ['B100,S101,S102,S999', 'B200,S201', 'B404,S101'];

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

let fetchMock: ReturnType<typeof vi.fn<(input: string, init: RequestInit) => Promise<Response>>>;

beforeEach(() => {
  fetchMock = vi.fn<(input: string, init: RequestInit) => Promise<Response>>();
  vi.stubGlobal('fetch', fetchMock);
  configureApi({ baseUrl: 'http://erp.test/api/' });
  bus.loading$.next(0);
  bus.portal$.next({ accountOnHold: true, selectedBillToId: null, selectedShipToId: null, deliveryDate: null });
});

afterEach(() => {
  vi.unstubAllGlobals();
  configureApi({ baseUrl: null });
});

describe('lists (§4)', () => {
  it('lists the firms that are the first item of a securable, showing FirmId', () => {
    expect(computeBillToList(SECURABLES, FIRMS).map((f) => f.FirmId)).toEqual(['B100', 'B200']);
  });

  it('lists the remaining items of the selected bill-to, keeping only firms that exist', () => {
    expect(computeShipToList(SECURABLES, FIRMS, 'B100').map((f) => f.FirmId)).toEqual(['S101', 'S102']);
    expect(computeShipToList(SECURABLES, FIRMS, 'b200').map((f) => f.FirmId)).toEqual(['S201']);
    expect(computeShipToList(SECURABLES, FIRMS, null)).toEqual([]);
  });

  it('clears the selected bill-to and ship-to when the bill-to list changes; on hold starts true', () => {
    expect(bus.portal$.value.accountOnHold).toBe(true);
    updatePortal({ selectedBillToId: 'B100', selectedShipToId: 'S101' });
    setPortalAccounts(SECURABLES, FIRMS);
    expect(bus.portal$.value).toMatchObject({ selectedBillToId: null, selectedShipToId: null });
    expect(portalAccounts$.value.billToList.map((f) => f.FirmId)).toEqual(['B100', 'B200']);
  });
});

describe('account switch (§7, §8)', () => {
  it('stores the bill-to and DefaultShipToId, clears the cart and reloads badges on success', async () => {
    fetchMock.mockImplementation(async (url) =>
      String(url).includes('account-switch') ? json({ ResultStatus: 1, Message: 'ok', DefaultShipToId: 'S201' }) : json({ Data: { OnHold: true, HoldReason: 'x' } }),
    );
    const cleared = vi.fn();
    const reloads = vi.fn();
    const a = cartCleared$.subscribe(cleared);
    const b = bus.badgesReload$.subscribe(reloads);
    expect(await switchAccount('B200')).toBe(true);
    a.unsubscribe();
    b.unsubscribe();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('http://erp.test/api/PortalOrder/account-switch');
    expect(JSON.parse(String(init.body))).toEqual({ BillToId: 'B200' });
    expect(bus.portal$.value).toMatchObject({ selectedBillToId: 'B200', selectedShipToId: 'S201', accountOnHold: true });
    expect(cleared).toHaveBeenCalledTimes(1);
    expect(reloads).toHaveBeenCalledTimes(1);
    expect(bus.loading$.value).toBe(0);
  });

  it('shows the server message in the Error modal and clears the loading counter when refused', async () => {
    fetchMock.mockImplementation(async (url) =>
      url.includes('GetBadgeNumbers') ? json([0, 0]) : json({ ResultStatus: 5, Message: 'This account cannot be found.', DefaultShipToId: null }),
    );
    updatePortal({ selectedBillToId: 'B100' });
    const showError = vi.fn();
    expect(await switchAccount('B300', { showError })).toBe(false);
    expect(showError).toHaveBeenCalledWith('This account cannot be found.');
    expect(bus.portal$.value.selectedBillToId).toBe('B100');
    expect(bus.loading$.value).toBe(0);
  });

  it('rethrows a transport error and still clears the loading counter', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const showError = vi.fn();
    await expect(switchAccount('B200', { showError })).rejects.toMatchObject({ name: 'ApiError', status: 0 });
    expect(showError).not.toHaveBeenCalled();
    expect(bus.loading$.value).toBe(0);
  });

  it('cancels pending cart requests before switching', async () => {
    updatePortal({ selectedBillToId: 'B100' });
    let seenSignal: AbortSignal | null = null;
    const cartCall = trackCartRequest(
      (signal) =>
        new Promise((_, reject) => {
          seenSignal = signal;
          signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    expect(pendingCartRequests()).toBe(1);
    fetchMock.mockImplementation(async (url) =>
      url.includes('GetBadgeNumbers') ? json([0, 0]) : json({ ResultStatus: 1, Message: 'ok', DefaultShipToId: 'S201' }),
    );
    const switched = switchAccount('B200');
    await expect(cartCall).rejects.toMatchObject({ name: 'AbortError' });
    expect(seenSignal!.aborted).toBe(true);
    await switched;
    expect(pendingCartRequests()).toBe(0);
  });

  it('asks before a switch empties a non-empty cart, and keeps the cart when the customer says so', async () => {
    updatePortal({ selectedBillToId: 'B100' });
    fetchMock.mockImplementation(async (url) =>
      url.includes('GetBadgeNumbers') ? json([0, 3]) : json({ ResultStatus: 1, Message: 'ok', DefaultShipToId: 'S201' }),
    );
    const questions: string[] = [];
    let answer = 'cancel';
    const listening = bus.confirm$.subscribe((question) => {
      questions.push(question.message);
      question.resolve(answer);
    });
    expect(await switchAccount('B200')).toBe(false);
    expect(questions).toEqual(['Your cart has 3 line(s). Switching the account empties it.']);
    expect(fetchMock.mock.calls.some(([url]) => url.includes('account-switch'))).toBe(false);
    expect(bus.portal$.value.selectedBillToId).toBe('B100');
    answer = 'switch';
    expect(await switchAccount('B200')).toBe(true);
    expect(questions).toHaveLength(2);
    expect(bus.portal$.value.selectedBillToId).toBe('B200');
    listening.unsubscribe();
  });

  it('discards a cart answer that arrives after the account changed', async () => {
    updatePortal({ selectedBillToId: 'B100' });
    let finish: (value: string) => void = () => {};
    const cartCall = trackCartRequest(() => new Promise<string>((resolve) => (finish = resolve)));
    updatePortal({ selectedBillToId: 'B200' });
    finish('late');
    await expect(cartCall).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('badge numbers (§7, §8)', () => {
  it('reads [notifications, cart] and ignores errors', async () => {
    fetchMock.mockResolvedValueOnce(json([3, 2]));
    expect(await loadBadgeNumbers('B100')).toEqual({ notifications: 3, cart: 2 });
    fetchMock.mockResolvedValueOnce(json({ ResultStatus: 5 }, 404));
    expect(await loadBadgeNumbers('B100')).toBeNull();
    fetchMock.mockRejectedValueOnce(new TypeError('offline'));
    expect(await loadBadgeNumbers('B100')).toBeNull();
    expect(await loadBadgeNumbers(null)).toBeNull();
  });
});
