/**
 * Cash Receipts (AR-04, route `cash-receipts` → `@erp/accounting#CashReceipts`, issue 14 item 3): two
 * documents in one screen, chosen by a tab list (arrow keys, Home, End) —
 * - Receipts (`cash-receipt`): the receipt, its applications to the customer's open invoices, the explicit
 *   unapplied amount, "Select open invoices" and Post;
 * - Apply unapplied credits (`ar-credit-application`): applying the open credit of a posted receipt or credit
 *   note to invoices later, moving no cash.
 * Each is the generic document pane of `@erp/records` (list, form, states and actions); every rule is the
 * server's (server/src/modules/ar/receipts/), shown in the user's language.
 */
import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { translate } from '@erp/shared';
import { entityByName } from '@erp/shared/entities/index';
import { DocumentPane } from '@erp/records';

const DOCUMENTS = [
  { entity: 'cash-receipt', labelKey: 'ar:receipts.screen.receipts', fallback: 'Receipts' },
  { entity: 'ar-credit-application', labelKey: 'ar:receipts.screen.credits', fallback: 'Apply unapplied credits' },
] as const;

export function CashReceipts() {
  const id = useId();
  const entities = useMemo(() => DOCUMENTS.map((document) => ({ ...document, def: entityByName(document.entity) })), []);
  const [selected, setSelected] = useState(0);
  const [visited, setVisited] = useState<ReadonlySet<number>>(new Set([0]));
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const title = translate('ar:cash-receipt.title', 'Cash Receipts');

  const choose = (index: number, focus: boolean) => {
    setSelected(index);
    setVisited((current) => new Set([...current, index]));
    if (focus) tabs.current[index]?.focus();
  };
  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = entities.length - 1;
    const target =
      event.key === 'ArrowRight' ? (index === last ? 0 : index + 1)
      : event.key === 'ArrowLeft' ? (index === 0 ? last : index - 1)
      : event.key === 'Home' ? 0
      : event.key === 'End' ? last
      : -1;
    if (target < 0) return;
    event.preventDefault();
    choose(target, true);
  };

  return (
    <div className="records-screen" data-f2-navigation="">
      <h2 className="records-title">{title}</h2>
      <div className="records-tabs" role="tablist" aria-label={translate('ar:receipts.screen.tabs', title)} data-f2-region="tabs">
        {entities.map((document, index) => (
          <button
            key={document.entity}
            ref={(element) => {
              tabs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${index}`}
            aria-selected={index === selected}
            aria-controls={`${id}-panel-${index}`}
            tabIndex={index === selected ? 0 : -1}
            className="records-tab"
            onClick={() => choose(index, false)}
            onKeyDown={(event) => onTabKey(event, index)}
          >
            {translate(document.labelKey, document.fallback)}
          </button>
        ))}
      </div>
      {entities.map((document, index) =>
        visited.has(index) && document.def ? (
          <section
            key={document.entity}
            id={`${id}-panel-${index}`}
            role="tabpanel"
            aria-labelledby={`${id}-tab-${index}`}
            className="records-panel"
            hidden={index !== selected}
          >
            <DocumentPane entity={document.def} />
          </section>
        ) : null,
      )}
    </div>
  );
}
