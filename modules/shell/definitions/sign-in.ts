/**
 * The sign-in log (issue #11 item 2): every sign-in attempt at the embedded identity provider — who, when,
 * from which address, and how it ended. Written only by the provider (server/src/security/sign-in-guard.ts);
 * administrators read it on the shell route /shell/sign-in-log. Nobody writes it through the API
 * (`roles.write` is empty), and every field is read-only.
 */
import { defineEntity } from '@erp/shared/entities/define';

export const SIGN_IN_OUTCOMES = ['success', 'failure', 'throttled'] as const;
export type SignInOutcome = (typeof SIGN_IN_OUTCOMES)[number];

export const signIn = defineEntity({
  name: 'sign-in',
  table: 'sign_in_log',
  key: 'SignInKey',
  keyKind: 'auto',
  application: 'SHELL',
  routes: ['/shell/sign-in-log'],
  fields: {
    SignInKey: { type: 'integer', readOnly: true },
    UserName: { type: 'text', required: true, maxLength: 128, readOnly: true },
    Outcome: {
      type: 'enum',
      required: true,
      readOnly: true,
      options: SIGN_IN_OUTCOMES.map((value) => ({ value, labelKey: `entities:sign-in.options.${value}` })),
    },
    Address: { type: 'text', required: true, maxLength: 64, readOnly: true },
    AttemptedOn: { type: 'datetime', required: true, readOnly: true },
  },
  listColumns: [{ field: 'SignInKey', visible: false }, { field: 'AttemptedOn', width: 200 }, 'UserName', 'Outcome', 'Address'],
  defaultSort: [{ field: 'AttemptedOn', descending: true }],
  filters: [
    { field: 'UserName', op: 'eq' },
    { field: 'Outcome', op: 'eq' },
    { field: 'Address', op: 'startsWith' },
    { field: 'AttemptedOn', op: 'range' },
  ],
  search: ['UserName', 'Address'],
  indexes: [['UserName', 'AttemptedOn']],
  roles: { read: ['ADMIN'], write: [] },
  attachments: false,
  formLayout: { sections: [{ rows: [['UserName', 'Outcome'], ['Address', 'AttemptedOn']] }] },
});
