/**
 * @erp/shell-admin — shell administration screens under /shell (§2 shell routes).
 * - `ChangePassword`: route /shell/change-password (route Component `@erp/shell-admin#ChangePassword`), a
 *   single-spa parcel config per the screen contract (`@erp/shared` screen.ts), built with `@erp/ui`'s `screen()`.
 *
 * The module's own lifecycles (for a layout route, should /shell ever name this module) show the
 * application's launchpad, like every micro-app.
 */
import * as React from 'react';
import * as ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { ApplicationHome, ErrorFallback, screen } from '@erp/ui';
import { ChangePasswordScreen } from './ChangePassword.tsx';

const MODULE = '@erp/shell-admin';

/** Screen `@erp/shell-admin#ChangePassword`. */
export const ChangePassword = screen(ChangePasswordScreen, { module: MODULE, namespaces: ['admin', 'errors'] });

function Root() {
  return (
    <div className="erp-micro-app" data-micro-app={MODULE}>
      <ApplicationHome />
    </div>
  );
}

const lifecycles = singleSpaReact({
  React,
  ReactDOMClient,
  rootComponent: Root,
  errorBoundary: (error) => <ErrorFallback error={error} />,
});

export const { bootstrap, mount, unmount } = lifecycles;
