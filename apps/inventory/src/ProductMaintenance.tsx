/**
 * Product maintenance (IC-07, route `/product-maintenance` under IC, OE and PO): one screen with two tabs —
 * "Products" (the document screen of `product`: the big form in sections, the bill of materials as a line
 * grid with a product lookup, the §5 barcode confirmation, the product's attachments) and "Prices" (the list
 * and form of `product-price`, §3 Product price, filterable by product and price table). Arrow keys, Home and
 * End move between the tabs; each tab keeps its state while the other is shown.
 */
import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { entityByName } from '@erp/shared/entities/index';
import { DocumentPane, EntityScreenView } from '@erp/records';
import { useTranslation } from '@erp/ui';

const TABS = ['products', 'prices'] as const;
type Tab = (typeof TABS)[number];

export function ProductMaintenanceView() {
  const { t } = useTranslation('ic');
  const product = useMemo(() => entityByName('product'), []);
  const price = useMemo(() => entityByName('product-price'), []);
  const [selected, setSelected] = useState<Tab>('products');
  const [visited, setVisited] = useState<ReadonlySet<Tab>>(() => new Set<Tab>(['products']));
  const id = useId();
  const refs = useRef<Record<Tab, HTMLButtonElement | null>>({ products: null, prices: null });

  if (!product || !price) return null;

  const choose = (tab: Tab, focus: boolean) => {
    setSelected(tab);
    setVisited((current) => new Set([...current, tab]));
    if (focus) refs.current[tab]?.focus();
  };
  const onKey = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = TABS.length - 1;
    const target =
      event.key === 'ArrowRight' ? (index === last ? 0 : index + 1)
      : event.key === 'ArrowLeft' ? (index === 0 ? last : index - 1)
      : event.key === 'Home' ? 0
      : event.key === 'End' ? last
      : -1;
    if (target < 0) return;
    event.preventDefault();
    choose(TABS[target]!, true);
  };
  const title = t('product.title');

  return (
    <div className="records-screen" data-f2-navigation="">
      <h2 className="records-title">{title}</h2>
      <div className="records-tabs" role="tablist" aria-label={title} data-f2-region="tabs">
        {TABS.map((tab, index) => (
          <button
            key={tab}
            ref={(element) => {
              refs.current[tab] = element;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${tab}`}
            aria-selected={tab === selected}
            aria-controls={`${id}-panel-${tab}`}
            tabIndex={tab === selected ? 0 : -1}
            className="records-tab"
            onClick={() => choose(tab, false)}
            onKeyDown={(event) => onKey(event, index)}
          >
            {t(`product.tabs.${tab}`)}
          </button>
        ))}
      </div>
      <section id={`${id}-panel-products`} role="tabpanel" aria-labelledby={`${id}-tab-products`} className="records-panel" hidden={selected !== 'products'}>
        <DocumentPane entity={product} attachments />
      </section>
      {visited.has('prices') && (
        <section id={`${id}-panel-prices`} role="tabpanel" aria-labelledby={`${id}-tab-prices`} className="records-panel" hidden={selected !== 'prices'}>
          <EntityScreenView entities={[price]} routeProps={{}} />
        </section>
      )}
    </div>
  );
}
