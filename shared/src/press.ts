/**
 * The pointer presses under way on the page, and `afterPress(run)`: `run` now, or — while a press is under way —
 * once it is released and its click delivered (the next task after the release; the browser dispatches the click
 * in the release's own task). Whatever would move or cover what is under a pressed pointer waits for it: a change
 * between the press and the release sends the release elsewhere, and the browser then sends no click at all. Used by
 * the §4 loading overlay (it starts blocking only after the press) and by the lookups (their matches, in the form's
 * flow, close only after it).
 */
const pressed = new Set<number>();
const RELEASES = ['pointerup', 'pointercancel'] as const;

// Registered when the module loads (the shell's boot): before any listener `afterPress` adds, so a release has
// already left `pressed` when those run.
if (typeof window !== 'undefined') {
  window.addEventListener('pointerdown', (event) => pressed.add(event.pointerId), true);
  for (const type of RELEASES) window.addEventListener(type, (event) => pressed.delete(event.pointerId), true);
}

/** Runs `run` now or after the presses under way (see the module header); answers a cancel for a run still waiting. */
export function afterPress(run: () => void): () => void {
  if (pressed.size === 0) {
    run();
    return () => {};
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stopWaiting = () => {
    for (const type of RELEASES) window.removeEventListener(type, released, true);
  };
  const released = () => {
    if (pressed.size > 0) return;
    stopWaiting();
    timer = setTimeout(run, 0);
  };
  for (const type of RELEASES) window.addEventListener(type, released, true);
  return () => {
    stopWaiting();
    clearTimeout(timer);
  };
}
