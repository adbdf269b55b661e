import { useCallback, useState } from 'react';

/** Runs one call at a time for a form: tracks busy and the last error, and returns whether it succeeded. */
export function useAsyncAction(): {
  busy: boolean;
  error: unknown;
  setError: (error: unknown) => void;
  run: (work: () => Promise<void>) => Promise<boolean>;
} {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const run = useCallback(async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
      return true;
    } catch (caught) {
      setError(caught);
      return false;
    } finally {
      setBusy(false);
    }
  }, []);
  return { busy, error, setError, run };
}
