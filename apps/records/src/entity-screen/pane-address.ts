/**
 * The record pane's address for its form (issue 71 item 1, RecordPane.tsx): the form's unsaved-changes question,
 * asked before another address's record replaces it, and the key of a new record once saved.
 */
import { createContext, useContext, useEffect, type MutableRefObject } from 'react';

/** What the pane gives its form for the address: the unsaved-changes question, and the key of a new record saved. */
export interface PaneAddress {
  guard: MutableRefObject<(() => Promise<boolean>) | null>;
  saved(recordId: string): void;
}

export const PaneAddressContext = createContext<PaneAddress | null>(null);

/** The pane's address (null outside a pane: a form mounted on its own). */
export function usePaneAddress(): PaneAddress | null {
  return useContext(PaneAddressContext);
}

/** A form tells its pane the key of the record it shows (a new record once saved): the address takes it. */
export function useRecordAddress(recordId: string | null): void {
  const pane = usePaneAddress();
  useEffect(() => {
    if (recordId !== null) pane?.saved(recordId);
  }, [pane, recordId]);
}


/**
 * The screen path whose records a pane's list shows ('' outside a pane): its rows carry their record's address as a
 * real link (Ctrl+click, middle-click: a new browser tab on the record).
 */
export const PaneScreenContext = createContext<string>('');
