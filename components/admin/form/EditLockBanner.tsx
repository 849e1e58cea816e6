'use client';

import { useTranslations } from 'next-intl';
import type { EditLockState } from './useEditLock';
import styles from './form.module.css';

/** HH:mm of a wire date-time (`YYYY-MM-DDTHH:mm:ss`, the site's time zone). */
const clockOf = (wire: string) => wire.slice(11, 16);

/**
 * Tells the form's user that someone else holds the row's lock: who and since when, with the
 * choice to open the form read-only or take the editing over; or that the lock was taken over
 * from this form, which is then read-only and keeps what was typed.
 */
export function EditLockBanner({ state }: { state: EditLockState }) {
  const t = useTranslations('adminForm.lock');
  const { lock } = state;
  if (state.editable || !lock) return null;
  const values = { name: lock.name, time: clockOf(lock.since) };
  const text = state.takenOver ? t('takenOver', values) : t(state.readOnlyChosen ? 'heldReadOnly' : 'held', values);
  return (
    <div className={styles.lockBanner} data-testid="edit-lock-banner">
      <p role={state.takenOver ? 'alert' : 'status'}>{text}</p>
      <div className={styles.actions}>
        {state.takenOver || state.readOnlyChosen ? null : (
          <button type="button" className={styles.button} onClick={state.chooseReadOnly}>
            {t('openReadOnly')}
          </button>
        )}
        <button type="button" className={styles.primaryButton} onClick={() => void state.takeOver()}>
          {t('takeOver')}
        </button>
      </div>
    </div>
  );
}
