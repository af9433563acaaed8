/**
 * Product maintenance (IC-07, route `/product-maintenance` under IC, OE and PO): one screen with two tabs —
 * "Products" (the document screen of `product`: the big form in sections, the bill of materials as a line
 * grid with a product lookup, the §5 barcode confirmation, the product's attachments) and "Prices" (the list
 * and form of `product-price`, §3 Product price, filterable by product and price table). The tab list is
 * `TabbedPanes` of `@erp/records`: arrow keys, Home and End move between the tabs; each tab keeps its state
 * while the other is shown.
 */
import { useMemo } from 'react';
import { entityByName } from '@erp/shared/entities/index';
import { DocumentPane, EntityScreenView, TabbedPanes } from '@erp/records';
import { useTranslation } from '@erp/ui';

export function ProductMaintenanceView() {
  const { t } = useTranslation('ic');
  const product = useMemo(() => entityByName('product'), []);
  const price = useMemo(() => entityByName('product-price'), []);

  if (!product || !price) return null;
  const title = t('product.title');

  return (
    <div className="records-screen" data-f2-navigation="">
      <h2 className="records-title">{title}</h2>
      <TabbedPanes
        label={title}
        panes={[
          { key: 'products', label: t('product.tabs.products'), content: <DocumentPane entity={product} attachments /> },
          { key: 'prices', label: t('product.tabs.prices'), content: <EntityScreenView entities={[price]} routeProps={{}} addressed={false} /> },
        ]}
      />
    </div>
  );
}
