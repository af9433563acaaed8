/** `useShellConfig()`: the shell configuration for a screen — ready at once when known, else loading. */
import { useEffect, useState } from 'react';
import { knownShellConfig, loadShellConfig, type ShellConfig } from '@erp/shared';

export type ShellConfigState = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; config: ShellConfig };

export function useShellConfig(): ShellConfigState {
  const [state, setState] = useState<ShellConfigState>(() => {
    const known = knownShellConfig();
    return known ? { status: 'ready', config: known } : { status: 'loading' };
  });
  useEffect(() => {
    if (state.status !== 'loading') return;
    let live = true;
    loadShellConfig().then(
      (config) => live && setState({ status: 'ready', config }),
      () => live && setState({ status: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [state.status]);
  return state;
}
