'use client';

import { useEffect, useMemo, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { clearDraft, readDraft, writeDraft, type Draft } from '@/lib/admin-form/drafts';
import type { FormValues } from '@/lib/admin-form/values';

/** How long after the last change the values are kept: well within the 2 s a crash may cost. */
const DRAFT_WRITE_MS = 1_000;

interface DraftState {
  /** Values kept from an earlier visit that differ from the form's, until restored or discarded. */
  offer: Draft | null;
  /** Puts the kept values in the form; returns the row version they were typed over. */
  restore(): number | undefined;
  discard(): void;
  /** After a successful save: nothing is unsaved any more. */
  clear(): void;
}

/**
 * Keeps the form's unsaved values in the browser (lib/admin-form/drafts.ts) while they differ from
 * the row, and once the form is ready (the row loaded) offers what an earlier visit kept. The form
 * renders only in the browser (the session is checked there), so the storage is read while rendering.
 */
export function useDraft(
  key: string | undefined,
  form: UseFormReturn<FormValues>,
  ready: boolean,
  version: () => number | undefined,
): DraftState {
  // Restored, discarded, or replaced by this visit's typing: the earlier values are no longer offered.
  const [settled, setSettled] = useState(false);
  const kept = useMemo(() => (key && ready ? readDraft(key) : null), [key, ready]);
  const offer = !settled && kept && JSON.stringify(kept.values) !== JSON.stringify(form.getValues()) ? kept : null;

  useEffect(() => {
    if (!key || !ready) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const subscription = form.watch(() => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        if (!form.formState.isDirty) return;
        writeDraft(key, form.getValues(), version());
        setSettled(true);
      }, DRAFT_WRITE_MS);
    });
    return () => {
      subscription.unsubscribe();
      clearTimeout(timer);
    };
  }, [key, ready, form, version]);

  return {
    offer,
    restore() {
      if (!offer) return undefined;
      form.reset(offer.values, { keepDefaultValues: true });
      setSettled(true);
      return offer.version;
    },
    discard() {
      if (key) clearDraft(key);
      setSettled(true);
    },
    clear() {
      if (key) clearDraft(key);
    },
  };
}
