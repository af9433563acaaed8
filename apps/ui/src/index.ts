/** @erp/ui — React building blocks shared by the micro-apps. */
export { ErrorFallback } from './ErrorFallback.tsx';
export { useBusValue, useHashPath, useOpenIntent, useTranslation, type TellRecord, type Translate, type ValueSource } from './hooks.ts';
export {
  confirmUnsavedChanges,
  screen,
  useCloseGuard,
  useOptionalScreen,
  useScreen,
  type ScreenOptions,
  type ScreenParcel,
  type ScreenParcelProps,
  type UnsavedChangesAnswer,
} from './screen.tsx';
export { ensureStylesheet, linkStylesheet } from './stylesheet.ts';
export { useShellConfig, type ShellConfigState } from './shell-config.ts';
