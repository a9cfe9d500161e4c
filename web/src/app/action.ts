// A screen's one sending state: busy while a change waits, then the API's error (or none) for the screen to show
// beside what caused it. Every form that changes something uses it, so none keeps its own copy of the dance.
import { useState } from "preact/hooks";

export function useAction() {
  const [error, setError] = useState<unknown>(undefined);
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(undefined);
    try {
      await work();
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };
  return { error, busy, run };
}
