/**
 * What an internal id looks like where a person reads (issue 71): one definition for the screens' check and the
 * PDFs' and e-mails' (tests/e2e/internal-ids.ts), re-exported here so server tests import it from their own helpers.
 */
export { internalIds, isInternalId } from '../../../tests/e2e/internal-ids.ts';
