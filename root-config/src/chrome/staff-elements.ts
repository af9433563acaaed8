/**
 * Issue 69 item 3: the staff elements (`@erp/shell-elements/staff`: menu bar, tab bar, command palette, About) are
 * not part of the boot's static imports, so a portal page never loads or runs them at boot. A staff page asks for them
 * at once (root-config.ts; the page's boot template preloads them), a portal page when one of them is first shown.
 */
let loading: Promise<unknown> | null = null;

/** Loads and registers the staff elements, once while it succeeds. */
export function loadStaffElements(): Promise<unknown> {
  loading ??= import('@erp/shell-elements/staff').catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}
