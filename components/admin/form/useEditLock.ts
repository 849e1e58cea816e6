'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { resourceApi, type EditLock } from '@/lib/client/resources';

/**
 * How often an open form renews its lock. The renewal is also how the form learns that someone
 * took the lock over, and it must learn that within 5 s: every 4 s, the rest left for the request
 * itself, rather than the 20 s the lock's lifetime would allow (docs/back-office-form.md).
 */
const LOCK_RENEW_MS = 4_000;

export interface EditLockState {
  /** Whoever holds the lock, once the first answer came. */
  lock: EditLock | null;
  /** The form may be edited: this account holds the lock, or no lock could be had (saving never needs one). */
  editable: boolean;
  /** The user chose to open the form read-only rather than take the lock over. */
  readOnlyChosen: boolean;
  /** Another account took the lock over while this form held it. */
  takenOver: boolean;
  chooseReadOnly: () => void;
  takeOver: () => Promise<void>;
}

/**
 * The edit lock of the row a form edits (none while adding): taken when the form opens, renewed
 * while it is open, released when it closes or the page goes away.
 */
export function useEditLock(resource: string, rowId: number | undefined): EditLockState {
  const [lock, setLock] = useState<EditLock | null>(null);
  const [mine, setMine] = useState<boolean | null>(null);
  const [readOnlyChosen, setReadOnlyChosen] = useState(false);
  const [takenOver, setTakenOver] = useState(false);
  const held = useRef(false);

  const answer = useCallback((next: { lock: EditLock; mine: boolean }) => {
    if (held.current && !next.mine) setTakenOver(true);
    held.current = next.mine;
    setLock(next.lock);
    setMine(next.mine);
  }, []);

  useEffect(() => {
    if (rowId === undefined) return;
    const api = resourceApi(resource);
    let live = true;
    const take = () =>
      api.lock(rowId).then(
        (next) => live && answer(next),
        // No answer (the network, a refusal): the form stays as it was; the version still guards a save.
        () => live && setMine((known) => known ?? true),
      );
    void take();
    const renewal = setInterval(() => {
      if (held.current) void take();
    }, LOCK_RENEW_MS);
    const leave = () => {
      if (held.current) api.unlockOnLeave(rowId);
    };
    window.addEventListener('pagehide', leave);
    return () => {
      live = false;
      clearInterval(renewal);
      window.removeEventListener('pagehide', leave);
      if (held.current) void api.unlock(rowId).catch(() => undefined);
      held.current = false;
    };
  }, [resource, rowId, answer]);

  const takeOver = useCallback(async () => {
    if (rowId === undefined) return;
    answer(await resourceApi(resource).lock(rowId, true));
    setTakenOver(false);
    setReadOnlyChosen(false);
  }, [resource, rowId, answer]);

  return {
    lock,
    editable: rowId === undefined || mine !== false,
    readOnlyChosen,
    takenOver,
    chooseReadOnly: () => setReadOnlyChosen(true),
    takeOver,
  };
}
