/**
 * The portal's wire shapes (§3 style, PascalCase), answered by modules/portal/server/ and read by
 * apps/portal: catalogue products, the cart, orders with their lines, notifications. Amounts are dollars.
 */

export interface Product {
  ProductId: string;
  Description: string;
  Category: string;
  Unit: string;
  Price: number;
  /**
   * Quantity available (on hand less committed, every warehouse; issue 15), an exact decimal string; null
   * when the product does not track inventory or stock is not known.
   */
  Available?: string | null;
}

export interface CartLine {
  CartLineId: number;
  ProductId: string;
  Description: string;
  Unit: string;
  Price: number;
  Quantity: number;
  Amount: number;
}

export interface Cart {
  BillToId: string;
  Lines: CartLine[];
  LineCount: number;
  Total: number;
}

export interface OrderLine {
  LineNo: number;
  ProductId: string;
  Description: string;
  Unit: string;
  Quantity: number;
  Price: number;
  Amount: number;
}

export interface Order {
  OrderKey: number;
  OrderNo: string;
  BillToId: string;
  ShipToId: string;
  ShipToName: string | null;
  Status: string;
  OrderDate: string;
  DeliveryDate: string | null;
  Notes: string;
  Total: number;
  Lines?: OrderLine[];
  /** The invoice of the sales order the order became (issue 26), null until invoiced (and posted). */
  InvoiceNo?: string | null;
  /** Its key: the portal's invoice page opens it (issue 69 item 2). */
  InvoiceId?: number | null;
}

export interface PortalNotification {
  NotificationKey: number;
  Title: string;
  Body: string;
  CreatedOn: string;
  IsRead: boolean;
}

/**
 * §6: the landing page in the profile decides portal customer versus staff — the portal page as landing page makes a
 * portal customer. The shell's chrome and the server (the portal module's search audience) read it the same way.
 */
export function isPortalLanding(landingPage: string | null | undefined): boolean {
  return !!landingPage && /(^|\/|#)portal(\/|$)/i.test(landingPage);
}
