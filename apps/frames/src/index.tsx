/**
 * @erp/frames — the two embedded front ends (§1, §2):
 * - `SteelFrame`: the steel order-entry system at /resteel-oe/resteel (route Component
 *   `@erp/frames#SteelFrame`, no Props; URL, origin and company domain from /shell-config.json, its entry in
 *   `partnerFrames`);
 * - `Frame`: one page of the newer-version front end per registered path (route Component
 *   `@erp/frames#Frame`, Props `{"src": "<absolute URL on a ShellConfig.frames origin>"}`).
 *
 * Both are single-spa parcel configs per the screen contract (`@erp/shared` screen.ts), built with `@erp/ui`'s
 * `screen()`: one config mounts once per tab (single-spa names each mount).
 */
import { screen } from '@erp/ui';
import { FrameScreen } from './Frame.tsx';
import { SteelFrameScreen } from './SteelFrame.tsx';

const MODULE = '@erp/frames';
const NAMESPACES = ['frames', 'errors'] as const;

/** Screen `@erp/frames#SteelFrame`. */
export const SteelFrame = screen(SteelFrameScreen, { module: MODULE, namespaces: NAMESPACES });
/** Screen `@erp/frames#Frame`. */
export const Frame = screen(FrameScreen, { module: MODULE, namespaces: NAMESPACES });
