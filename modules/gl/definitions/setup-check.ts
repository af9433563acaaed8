/**
 * Set-up check (issue 40 item 1): what each module's processes and documents need configured — G/L integration
 * accounts, numbering, banks, warehouses, an open period — and is missing, each with the screen that fixes it.
 * The server's answer (`GET SETUP_CHECK_API`, modules/gl/server/setup-check/) is a Call result whose `List`
 * holds one `SetupGap` per missing item, already in the caller's language; the screen
 * (modules/gl/screens/SetupCheck.tsx, route `/novus-gl/setup-check`) lists them with a link to `Fix`.
 */
export const SETUP_CHECK_API = '/api/gl/setup-check';
export const SETUP_CHECK_PATH = '/novus-gl/setup-check';

/** One missing item. */
export interface SetupGap {
  /** The module that needs it (`so`). */
  Module: string;
  /** The processes and documents that refuse without it, by their titles, comma separated. */
  UsedBy: string;
  /** What is missing ("G/L integration account OE COGS-STEEL"). */
  Item: string;
  /** The route path of the screen that fixes it (`/novus-gl/gl-integration`). */
  Fix: string;
}
