/**
 * `onceUntilFailure(load)`: one shared call of `load` for every caller, remembered while it succeeds; a
 * failure is forgotten, so the next caller tries again.
 */
export function onceUntilFailure<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () => {
    if (!pending) {
      const attempt = load();
      pending = attempt;
      attempt.catch(() => {
        if (pending === attempt) pending = null;
      });
    }
    return pending;
  };
}
