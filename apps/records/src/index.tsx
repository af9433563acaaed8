/**
 * @erp/records — screens as data (issue 5): the generic list and form screens every entity definition
 * (`@erp/shared/entities/index`) gets, the shell administration screens of §2 and firm maintenance built on them.
 *
 * - `EntityScreen`: route Component `@erp/records#EntityScreen` for every entity route (the server's route
 *   seed names it for /shell/* administration screens and every firm-maintenance route of §2); a single-spa
 *   parcel config per the screen contract (`@erp/shared` screen.ts), built with `@erp/ui`'s `screen()`.
 *   The route's Props (e.g. `{"firmType":"vendor"}`) reach the screen as `routeProps`.
 * - `reportScreen(definition)`, `processScreen(definition)` (issue 12): the report screen (parameters, paged
 *   grid with subtotals and totals, .xlsx and PDF downloads) and the process screen (parameters → preview →
 *   confirmation → run → per-item results) of a report or process definition; report/ and process/.
 * - `entityScreen(names, options)`: the same screen for named entities, for a business module's one-line
 *   exports (`export const GlChart = entityScreen('gl-account')`); see entity-screen/EntityScreen.tsx.
 *   Entity definitions come from the one registry `@erp/shared/entities/index` (import map), where a
 *   module's micro-app registers its own when it loads.
 * - `TabbedPanes`: the screens' keyboard tab list (ARIA tabs, arrow keys / Home / End) whose panels mount on
 *   their first visit and stay mounted; contract in tabs/TabbedPanes.tsx.
 * - `registerFieldWidget(name, Component)`, `registerLookupWidget(name, Component)`: the widgets a definition
 *   names (`widget` on a field, `lookupWidget` on an entity), so the generic form never branches on names; a
 *   module registers its own from its screens (the shell module's: modules/shell/screens/widgets.tsx), built
 *   from the exported lookup parts, `useText` and the form's calls.
 *
 * The shell module (modules/shell, module.json `app: "records"`) is bundled in: loading this micro-app registers
 * the shell's entity definitions and widgets, before any entity screen mounts.
 *
 * Styles: `records.css` beside the module's .js (emitted by the vite config; strict CSP: no inline styles),
 * linked when the module loads.
 */
import { linkStylesheet, screen } from '@erp/ui';
import { ENTITY_SCREEN_NAMESPACES, EntityScreenComponent } from './entity-screen/EntityScreen.tsx';

export { entityScreen, type EntityScreenOptions } from './entity-screen/EntityScreen.tsx';
export {
  registerFieldWidget,
  registerLookupWidget,
  type FieldWidgetProps,
  type LookupWidgetProps,
} from './form/fields/widgets.ts';
// What a module's widgets are built from (issue 20: the shell module's company logo, securables editor and firm
// lookup): the generic lookup and its parts, the form's translation, the form's quiet calls.
export { LookupInput } from './form/fields/Lookup.tsx';
export { FileInput } from './form/fields/FileInput.tsx';
export {
  closeWhenLeft,
  focusFirstMatch,
  focusNextAfter,
  LookupBox,
  LookupButton,
  LookupName,
  LookupResults,
  singleMatch,
  tabOut,
  useDebouncedSearch,
  usePickedName,
  type LookupOption,
} from './form/fields/lookup-parts.tsx';
export { useText, type Tr } from './form/text.ts';
export { FormButton } from './form/FormButton.tsx';
export { call as recordCall, recordPath, upload as uploadFile, type CallOutcome } from './form/record-api.ts';
// Issue 12 (h12a): the generic document screen (header + line grid + states and actions).
export { documentScreen, type DocumentScreenOptions, type DocumentToolsProps } from './document/DocumentScreen.tsx';
// Issue 15 (h15a): the panes of the generic screens, for a screen that composes several (product maintenance).
export { DocumentPane } from './document/DocumentScreen.tsx';
export type { ActionInputs } from './document/DocumentForm.tsx';
export { EntityScreenView, ENTITY_SCREEN_NAMESPACES } from './entity-screen/EntityScreen.tsx';
// The keyboard tab list with lazily mounted panes the composed screens share (cash receipts, products).
export { TabbedPanes, type TabbedPane, type TabbedPanesProps } from './tabs/TabbedPanes.tsx';
// Reports and processes as data (issue 12): `reportScreen(definition)` / `processScreen(definition)` for a
// module's one-line exports; `ReportScreen` / `ProcessScreen` are the components themselves.
export { ReportView as ReportScreen, reportScreen, type ReportScreenOptions } from './report/ReportScreen.tsx';
export { ProcessView as ProcessScreen, processScreen } from './process/ProcessScreen.tsx';

const MODULE = '@erp/records';
const STYLESHEET = 'records.css';

linkStylesheet(new URL(STYLESHEET, import.meta.url));

/** Screen `@erp/records#EntityScreen`. */
export const EntityScreen = screen(EntityScreenComponent, { module: MODULE, namespaces: ENTITY_SCREEN_NAMESPACES });

