/**
 * The account switcher (§4 Portal, §7 account-switch, §8 Portal), opened by the top bar's Switch Account
 * link for portal users: an `<erp-dialog>` with two labelled dropdowns.
 * - Bill-to: `portalAccounts$.billToList`, each option showing the FirmId (§3: "dropdown shows FirmId"),
 *   the firm name as its title;
 * - Ship-to: the remaining items of the chosen bill-to's securable, keeping only firms that exist; it
 *   follows the bill-to dropdown at once.
 * "Switch" with another bill-to posts PortalOrder/account-switch (shared `switchAccount`: state on the bus,
 * cart cleared, badges reloaded; on refusal the Error modal with the server's message). With the same
 * bill-to only the ship-to changes (no call). Cancel or Escape closes without a change.
 */
import {
  bus,
  computeShipToList,
  portalAccounts$,
  selectShipTo,
  switchAccount,
  translate,
  updatePortal,
  type PortalFirm,
} from '@erp/shared';
import { createElement, onElement, type DialogElement } from '../chrome/elements.ts';

let dialog: DialogElement | null = null;

const text = (key: string, fallback: string) => translate(`portal:${key}`, fallback);

function fillSelect(select: HTMLSelectElement, firms: PortalFirm[], selected: string | null, empty: string): void {
  select.replaceChildren();
  if (firms.length === 0) {
    const option = document.createElement('option');
    option.value = '';
    option.textContent = empty;
    select.append(option);
    select.disabled = true;
    return;
  }
  select.disabled = false;
  for (const firm of firms) {
    const option = document.createElement('option');
    option.value = firm.FirmId;
    option.textContent = firm.FirmId;
    option.title = firm.Name;
    select.append(option);
  }
  select.value = selected && firms.some((firm) => firm.FirmId === selected) ? selected : firms[0]!.FirmId;
}

function field(id: string, labelText: string): { wrapper: HTMLElement; select: HTMLSelectElement; name: HTMLElement } {
  const wrapper = document.createElement('p');
  wrapper.className = 'erp-portal-switcher__field';
  const label = document.createElement('label');
  label.htmlFor = id;
  label.textContent = labelText;
  const select = document.createElement('select');
  select.id = id;
  select.name = id;
  const name = document.createElement('span');
  name.className = 'erp-portal-switcher__name';
  name.id = `${id}-name`;
  select.setAttribute('aria-describedby', name.id);
  wrapper.append(label, document.createTextNode(' '), select, document.createTextNode(' '), name);
  return { wrapper, select, name };
}

/** Opens the switcher; resolves when it was closed (after a switch, if one was asked for). */
export function openAccountSwitcher(parent: HTMLElement = document.body): Promise<void> {
  dialog?.remove();
  const element = createElement<DialogElement>('erp-dialog');
  dialog = element;
  element.dataset['dialog'] = 'account-switcher';
  element.heading = text('switcher.heading', 'Switch Account');
  element.message = '';
  element.actions = [
    { id: 'switch', label: text('switcher.switch', 'Switch'), variant: 'primary' },
    { id: 'cancel', label: text('switcher.cancel', 'Cancel'), variant: 'default' },
  ];
  const form = document.createElement('div');
  form.className = 'erp-portal-switcher';
  const billTo = field('erp-portal-bill-to', text('switcher.billTo', 'Bill-to'));
  const shipTo = field('erp-portal-ship-to', text('switcher.shipTo', 'Ship-to'));
  form.append(billTo.wrapper, shipTo.wrapper);
  element.append(form);

  const accounts = portalAccounts$.value;
  const state = bus.portal$.value;
  const nameOf = (id: string) => accounts.firms.find((firm) => firm.FirmId === id)?.Name ?? '';
  const showShipTos = (preferred: string | null) => {
    fillSelect(shipTo.select, computeShipToList(accounts.securables, accounts.firms, billTo.select.value || null), preferred, text('switcher.noShipTo', 'No ship-to'));
    shipTo.name.textContent = nameOf(shipTo.select.value);
  };
  fillSelect(billTo.select, accounts.billToList, state.selectedBillToId, text('switcher.noBillTo', 'No account'));
  billTo.name.textContent = nameOf(billTo.select.value);
  showShipTos(state.selectedShipToId);
  billTo.select.addEventListener('change', () => {
    billTo.name.textContent = nameOf(billTo.select.value);
    showShipTos(null);
  });
  shipTo.select.addEventListener('change', () => (shipTo.name.textContent = nameOf(shipTo.select.value)));

  parent.append(element);
  element.open = true;
  queueMicrotask(() => billTo.select.focus());

  return new Promise((resolve) => {
    const stop = onElement(element, 'erp-dialog-action', ({ id }) => {
      const chosenBillTo = billTo.select.value || null;
      const chosenShipTo = shipTo.select.value || null;
      stop();
      element.open = false;
      element.remove();
      if (dialog === element) dialog = null;
      if (id !== 'switch' || !chosenBillTo) return resolve();
      if (chosenBillTo === bus.portal$.value.selectedBillToId) {
        selectShipTo(chosenShipTo);
        return resolve();
      }
      switchAccount(chosenBillTo)
        .then((switched) => {
          // The server's default ship-to stands unless the user chose another one of this bill-to.
          if (switched && chosenShipTo) selectShipTo(chosenShipTo);
        })
        .catch((error: unknown) => {
          // §8: a transport error is rethrown by switchAccount; the API banner already says the host is unreachable.
          console.warn('account switch failed', error);
          updatePortal({});
        })
        .finally(() => resolve());
    });
  });
}
