/**
 * The lines of a cart or an order with their total — the one table the cart, the order review and the order
 * details show, so the three list the same columns (SKU, description, unit, quantity, price, amount) and the
 * same total the same way. The total is the server's (summed there in cents, exactly); the screens do no
 * money arithmetic of their own, they only format (`money`).
 *
 * `quantity` renders the quantity cell instead of the number (the cart's input), `actions` adds a last
 * column (the cart's remove button), `lineNumbers` a first one (an order's line numbers). `name` and
 * `totalName` are the table's and the total cell's `data-portal` markers. On a narrow screen each line is a card
 * (portal.css `erp-portal__cards`: each cell with its column's name from `data-label`), issue 69 item 1.
 */
import type { ReactNode } from 'react';
import { money, usePortalText } from './common.tsx';
import type { OrderLine } from './portal-api.ts';

/** What a cart line and an order line have in common; an order line's number is shown with `lineNumbers`. */
export type OrderLineView = Pick<OrderLine, 'ProductId' | 'Description' | 'Unit' | 'Quantity' | 'Price' | 'Amount'> & Partial<Pick<OrderLine, 'LineNo'>>;

export interface OrderLinesTableProps<L extends OrderLineView> {
  lines: readonly L[];
  /** React key of a line. */
  lineKey(line: L): string | number;
  total: number;
  lineNumbers?: boolean;
  quantity?(line: L): ReactNode;
  actions?(line: L): ReactNode;
  name?: string;
  totalName?: string;
}

export function OrderLinesTable<L extends OrderLineView>({ lines, lineKey, total, lineNumbers, quantity, actions, name, totalName }: OrderLinesTableProps<L>) {
  const t = usePortalText();
  // The total's label spans every column before the amount.
  const leading = (lineNumbers ? 1 : 0) + 5;
  return (
    <table className="erp-portal__table erp-portal__cards" data-portal={name}>
      <thead>
        <tr>
          {lineNumbers ? <th scope="col">{t('columns.line')}</th> : null}
          <th scope="col">{t('columns.sku')}</th>
          <th scope="col">{t('columns.description')}</th>
          <th scope="col">{t('columns.unit')}</th>
          <th scope="col" className={quantity ? undefined : 'erp-portal__num'}>
            {t('columns.quantity')}
          </th>
          <th scope="col" className="erp-portal__num">{t('columns.price')}</th>
          <th scope="col" className="erp-portal__num">{t('columns.amount')}</th>
          {actions ? (
            <th scope="col">
              <span className="erp-portal__sr">{t('columns.actions')}</span>
            </th>
          ) : null}
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => (
          <tr key={lineKey(line)} data-sku={line.ProductId}>
            {lineNumbers ? <td data-label={t('columns.line')}>{line.LineNo}</td> : null}
            <td data-label={t('columns.sku')}>{line.ProductId}</td>
            <td data-label={t('columns.description')} className="erp-portal__card-title">
              {line.Description}
            </td>
            <td data-label={t('columns.unit')}>{line.Unit}</td>
            {quantity ? (
              <td data-label={t('columns.quantity')}>{quantity(line)}</td>
            ) : (
              <td data-label={t('columns.quantity')} className="erp-portal__num">
                {line.Quantity}
              </td>
            )}
            <td data-label={t('columns.price')} className="erp-portal__num">{money(line.Price)}</td>
            <td data-label={t('columns.amount')} className="erp-portal__num">{money(line.Amount)}</td>
            {actions ? <td className="erp-portal__card-actions">{actions(line)}</td> : null}
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr className="erp-portal__total-row">
          <th scope="row" colSpan={leading}>
            {t('cart.total')}
          </th>
          <td className="erp-portal__num" data-portal={totalName}>
            {money(total)}
          </td>
          {actions ? <td className="erp-portal__card-empty" /> : null}
        </tr>
      </tfoot>
    </table>
  );
}
