/**
 * §3 Bill-to securable identifiers `BILLTO,SHIPTO,SHIPTO…`, parsed in one place for the securables screen's
 * validation, the portal's account lists and the server's portal authorization. No imports: the shell's
 * boot bundle includes it.
 */

/** The ids of an identifier, in order: the bill-to first, then its ship-tos. */
export function securableIds(identifier: string): string[] {
  return identifier.split(',').map((part) => part.trim());
}

/** The firm ids an identifier gives access to, as firm ids are stored (upper case), blanks left out. */
export function securableFirmIds(identifier: string): string[] {
  return securableIds(identifier)
    .map((id) => id.toUpperCase())
    .filter((id) => id !== '');
}
