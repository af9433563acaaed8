/**
 * The order desk's setup masters (issue 25 item 1): holidays (OE-15), delivery routes (OE-16), email templates
 * (OE-17, ./email-template.ts), the admin side of the portal's notifications (OE-18) and POLO's suppliers
 * (PT-01) and forms of payment (PT-02). Plain masters: the generic list and form, rules in the definitions.
 */
import { EMAIL, PHONE, POSTAL_ADDRESS } from '@erp/shared/entities/common';
import { defineEntity } from '@erp/shared/entities/define';
import { OE, OE_APP, OE_ROLES, oeCode, requiredName } from '../common.ts';
import { emailTemplate } from './email-template.ts';

/** Holidays (OE-15, `/holiday-maintenance` under OE and WD): no deliveries, no delivery dates on these days. */
export const holiday = defineEntity({
  name: 'holiday',
  namespace: OE,
  table: 'holidays',
  key: 'HolidayId',
  keyKind: 'auto',
  application: OE_APP,
  // Also on the menus of modules above it: they add their applications (their definitions/extensions.ts).
  fields: {
    HolidayId: { type: 'integer' },
    HolidayDate: { type: 'date', required: true },
    Description: requiredName(),
    IsActive: { type: 'boolean', defaultValue: true },
  },
  listColumns: ['HolidayDate', 'Description', 'IsActive'],
  defaultSort: [{ field: 'HolidayDate', descending: true }],
  filters: [{ field: 'HolidayDate', op: 'range' }],
  search: ['Description'],
  uniques: [['HolidayDate']],
  roles: OE_ROLES,
  activeField: 'IsActive',
  displayField: 'Description',
  attachments: false,
  formLayout: { sections: [{ rows: [['HolidayDate', 'IsActive'], ['Description']] }] },
});

export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

/** Delivery routes (OE-16, `/routes`): the trucks' runs, the days they go out, the driver. */
export const deliveryRoute = defineEntity({
  name: 'delivery-route',
  namespace: OE,
  table: 'delivery_routes',
  key: 'RouteId',
  application: OE_APP,
  fields: {
    RouteId: oeCode(10, { required: true }),
    Description: requiredName(),
    Driver: { type: 'text', maxLength: 60 },
    Truck: { type: 'text', maxLength: 20 },
    ...Object.fromEntries(WEEKDAYS.map((day) => [day, { type: 'boolean', defaultValue: false }])) as Record<(typeof WEEKDAYS)[number], { type: 'boolean'; defaultValue: boolean }>,
    IsActive: { type: 'boolean', defaultValue: true },
  },
  listColumns: ['RouteId', 'Description', 'Driver', 'Truck', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'IsActive'],
  defaultSort: [{ field: 'RouteId' }],
  filters: [{ field: 'IsActive', op: 'eq' }],
  search: ['RouteId', 'Description', 'Driver'],
  roles: OE_ROLES,
  activeField: 'IsActive',
  displayField: 'Description',
  attachments: false,
  formLayout: { sections: [{ rows: [['RouteId', 'Description'], ['Driver', 'Truck'], ['Monday', 'Tuesday', 'Wednesday', 'Thursday'], ['Friday', 'Saturday', 'Sunday'], ['IsActive']] }] },
});

/**
 * Portal notifications, admin side (OE-18, `/portal-notifications`): the messages portal customers read on
 * `/portal/notifications`, on the portal's own table `portal_notifications` (migration 0004), so what the desk
 * writes here is what the bill-to's users see, and their read flag is shown.
 */
export const portalNotification = defineEntity({
  name: 'portal-notification',
  namespace: OE,
  table: 'portal_notifications',
  key: 'NotificationKey',
  keyKind: 'auto',
  application: OE_APP,
  fields: {
    NotificationKey: { type: 'integer' },
    // §6: a notification is its bill-to's (issue 68 item 2).
    BillToId: { type: 'lookup', entity: 'firm', maxLength: 20, uppercase: true, required: true, customer: true },
    Title: { type: 'text', required: true, maxLength: 120 },
    Body: { type: 'text', required: true, maxLength: 4000, format: 'multiline' },
    IsRead: { type: 'boolean', defaultValue: false, readOnly: true },
  },
  listColumns: ['NotificationKey', 'BillToId', 'Title', 'IsRead'],
  defaultSort: [{ field: 'NotificationKey', descending: true }],
  filters: [
    { field: 'BillToId', op: 'eq' },
    { field: 'IsRead', op: 'eq' },
  ],
  search: ['Title', 'Body'],
  roles: OE_ROLES,
  attachments: false,
  formLayout: { sections: [{ rows: [['BillToId', 'IsRead'], ['Title'], ['Body']] }] },
});

/** Suppliers (PT-01, POLO `/supplier`): who the POLO desk buys from. Its application, POLO, is Sales Orders' to give. */
export const supplier = defineEntity({
  name: 'supplier',
  namespace: OE,
  table: 'suppliers',
  key: 'SupplierId',
  fields: {
    SupplierId: oeCode(20, { required: true }),
    Name: requiredName(100),
    ...POSTAL_ADDRESS,
    Email: EMAIL,
    ContactName: { type: 'text', maxLength: 100 },
    ContactPhone: PHONE,
    IsActive: { type: 'boolean', defaultValue: true },
  },
  listColumns: ['SupplierId', 'Name', 'City', 'ProvinceCode', 'Phone', 'Email', 'IsActive'],
  defaultSort: [{ field: 'SupplierId' }],
  filters: [{ field: 'IsActive', op: 'eq' }],
  search: ['SupplierId', 'Name', 'City'],
  roles: OE_ROLES,
  activeField: 'IsActive',
  displayField: 'Name',
  attachments: false,
  formLayout: { sections: [{ rows: [['SupplierId', 'Name'], ['Address'], ['City', 'ProvinceCode', 'PostalCode'], ['Phone', 'Email'], ['ContactName', 'ContactPhone'], ['IsActive']] }] },
});

export const PAYMENT_KINDS = ['Cash', 'Cheque', 'Card', 'Transfer', 'Account'] as const;

/** Forms of payment (PT-02, POLO `/form-of-payment`): how a POLO customer pays. Its application (POLO) as above. */
export const formOfPayment = defineEntity({
  name: 'form-of-payment',
  namespace: OE,
  table: 'forms_of_payment',
  key: 'PaymentId',
  fields: {
    PaymentId: oeCode(10, { required: true }),
    Description: requiredName(),
    Kind: { type: 'enum', required: true, defaultValue: 'Cash', options: PAYMENT_KINDS.map((value) => ({ value, labelKey: `oe:form-of-payment.kinds.${value}` })) },
    IsActive: { type: 'boolean', defaultValue: true },
  },
  listColumns: ['PaymentId', 'Description', 'Kind', 'IsActive'],
  defaultSort: [{ field: 'PaymentId' }],
  filters: [{ field: 'IsActive', op: 'eq' }],
  search: ['PaymentId', 'Description'],
  roles: OE_ROLES,
  activeField: 'IsActive',
  displayField: 'Description',
  attachments: false,
  formLayout: { sections: [{ rows: [['PaymentId', 'Description'], ['Kind', 'IsActive']] }] },
});

export const OE_SETUP_ENTITIES = [holiday, deliveryRoute, emailTemplate, portalNotification, supplier, formOfPayment] as const;
