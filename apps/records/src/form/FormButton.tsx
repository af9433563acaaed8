/**
 * The record form's toolbar buttons as Shoelace's `<sl-button>` (issue 16 item 1: "the form controls of the
 * React screens, where they fit"): Back, Previous / Next record, Save, Reload, Delete, and the conflict
 * banner's Reload.
 *
 * Contract
 * - `<FormButton variant? outline? disabled? title? keyShortcuts? data-*? onClick>label</FormButton>`: a
 *   button named by its label, exactly like the native one it replaces (tests find it with
 *   `getByRole('button', { name })`; Shoelace's inner `<button>` carries the role and the name).
 * - Shoelace loads with the records module, through the shell's `loadShoelace` (one copy through the import
 *   map, themed from the product's tokens; nothing at boot). Until `<sl-button>` is defined the same button
 *   renders natively, so a control is never missing or nameless while Shoelace loads.
 * - Not used per cell of a grid, nor for tabs, lookups or the inputs (ARCHITECTURE.md, "Shoelace in the
 *   React screens").
 */
import { createElement, useEffect, useState, type ReactNode } from 'react';
import { loadShoelace } from '@erp/shell-elements';

const defined = (): boolean => customElements.get('sl-button') !== undefined;

// Loads with the records module (its first screen), not at boot; a failed load leaves the native buttons.
const ready: Promise<boolean> = loadShoelace('button').then(
  () => true,
  () => false,
);

/** True once `<sl-button>` is defined (re-renders the toolbar then). */
function useShoelaceButton(): boolean {
  const [isDefined, setDefined] = useState(defined);
  useEffect(() => {
    if (isDefined) return;
    let live = true;
    void ready.then((ok) => {
      if (live && ok) setDefined(true);
    });
    return () => {
      live = false;
    };
  }, [isDefined]);
  return isDefined;
}

export interface FormButtonProps {
  variant?: 'default' | 'primary' | 'danger';
  disabled?: boolean;
  title?: string;
  /** `aria-keyshortcuts` of the button. */
  keyShortcuts?: string;
  /** Extra attributes (e.g. `data-form-sibling`). */
  data?: Record<`data-${string}`, string>;
  className?: string;
  onClick(): void;
  children: ReactNode;
}

export function FormButton({ variant = 'default', disabled = false, title, keyShortcuts, data, className, onClick, children }: FormButtonProps) {
  const shoelace = useShoelaceButton();
  if (!shoelace) {
    const native = [className, variant === 'primary' ? 'erp-primary' : variant === 'danger' ? 'erp-danger' : null].filter(Boolean).join(' ');
    return (
      <button type="button" className={native || undefined} disabled={disabled} title={title} aria-keyshortcuts={keyShortcuts} onClick={onClick} {...data}>
        {children}
      </button>
    );
  }
  // createElement: the tag is not declared to JSX here (the Change Password screen declares its own).
  return createElement(
    'sl-button',
    {
      class: ['erp-form-button', className].filter(Boolean).join(' '),
      size: 'small',
      variant,
      outline: variant === 'danger',
      disabled,
      title,
      'aria-keyshortcuts': keyShortcuts,
      onClick,
      ...data,
    },
    children,
  );
}
