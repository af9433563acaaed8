/**
 * @erp/shell-admin — shell administration screens under /shell (§2 shell routes).
 * - `ChangePassword`: route /shell/change-password (route Component `@erp/shell-admin#ChangePassword`), a
 *   single-spa parcel config per the screen contract (`@erp/shared` screen.ts), built with `@erp/ui`'s `screen()`.
 */
import { screen } from '@erp/ui';
import { ChangePasswordScreen } from './ChangePassword.tsx';

const MODULE = '@erp/shell-admin';

/** Screen `@erp/shell-admin#ChangePassword`. */
export const ChangePassword = screen(ChangePasswordScreen, { module: MODULE, namespaces: ['admin', 'errors'] });
