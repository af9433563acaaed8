/**
 * The generic field widgets (widgets.ts): `none` (a field another widget shows, e.g. the company logo's file
 * type). A module's own widgets register from its screens (the shell module's company logo and securables:
 * modules/shell/screens/widgets.tsx). Imported by the form, so they are registered before any form renders.
 */
import { registerFieldWidget } from './widgets.ts';

registerFieldWidget('none', () => null);
