/** @erp/shared — the ground floor every other browser part and the server build on. */
export * from './types.ts';
export * from './bus.ts';
export * from './i18n.ts';
export * from './api.ts';
export * from './navigation.ts';
export * from './menus.ts';
export * from './menu-filter.ts';
export * from './session.ts';
export * from './once.ts';
export * from './screen.ts';
export * from './shell-config.ts';
export * from './password-policy.ts';
export * from './portal.ts';
export { isPortalLanding } from './portal-types.ts';
export * from './format.ts';
export * from './record-events.ts';
export * from './open-document.ts';
export { afterPress } from './press.ts';
