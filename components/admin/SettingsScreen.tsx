'use client';

import { useTranslations } from 'next-intl';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import useSWR from 'swr';
import type { SettingsFieldView } from '@/lib/admin/settings-form';
import { uploadFile, webSettings, type Row } from '@/lib/client/resources';
import { useAdminSession } from './AdminSession';
import { useLeaveGuard } from './LeaveGuard';
import { ScreenTitle } from './ScreenTitle';
import { useReportError, useToast } from './Toasts';

/**
 * Web settings (`websetting/webinfo`, Admins only): the per-language fields are saved for the back
 * office's language, the shared ones for both.
 */
export function SettingsScreen({ fields }: { fields: SettingsFieldView[] }) {
  const { language } = useAdminSession();
  const t = useTranslations('admin');
  const { data, error, mutate } = useSWR(['webinfo', language], () => webSettings.get());
  return (
    <>
      <ScreenTitle title={t('settings.title')} />
      {error ? <p role="alert">{t('loadFailed')}</p> : null}
      {data ? (
        <SettingsForm
          key={JSON.stringify(data)}
          fields={fields}
          initial={data}
          onSaved={(saved) => mutate(saved, { revalidate: false })}
        />
      ) : null}
      {!data && !error ? <p role="status">{t('loading')}</p> : null}
    </>
  );
}

function SettingsForm({
  fields,
  initial,
  onSaved,
}: {
  fields: SettingsFieldView[];
  initial: Row;
  onSaved: (row: Row) => void;
}) {
  const { language } = useAdminSession();
  const t = useTranslations('admin');
  const toast = useToast();
  const reportError = useReportError();
  const { setDirty } = useLeaveGuard();
  const [values, setValues] = useState<Row>(initial);
  const [logoUrl, setLogoUrl] = useState<string | null>(typeof initial.logoUrl === 'string' ? initial.logoUrl : null);
  const [busy, setBusy] = useState(false);

  const set = (key: string, value: unknown) => {
    setValues((all) => ({ ...all, [key]: value }));
    setDirty(true);
  };
  const upload = async (key: string, event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    try {
      const stored = await uploadFile(file);
      set(key, stored.id);
      setLogoUrl(stored.url);
    } catch (failure) {
      reportError(failure);
    }
  };
  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    try {
      // An emptied field is sent as null, which clears it (back to its default).
      const body = Object.fromEntries(
        fields.map(({ key, kind }) => {
          const raw = values[key];
          return [key, raw === '' || raw === undefined || raw === null ? null : kind === 'integer' ? Number(raw) : raw];
        }),
      );
      const saved = await webSettings.save(body);
      setDirty(false);
      toast.success(t('toast.saved'));
      onSaved(saved);
    } catch (failure) {
      reportError(failure);
    }
    setBusy(false);
  };

  return (
    <form className="admin-form-plain" onSubmit={save}>
      {fields.map((f) => {
        const id = `setting-${f.key}`;
        const value = values[f.key] === null || values[f.key] === undefined ? '' : String(values[f.key]);
        const label = <label htmlFor={id}>{f.label[language]}</label>;
        if (f.kind === 'image') {
          return (
            <div className="admin-field" key={f.key}>
              {label}
              {/* An uploaded logo of any size, shown as it is; next/image would need its dimensions. */}
              {/* eslint-disable-next-line @next/next/no-img-element */}
              {logoUrl ? <img className="admin-logo-preview" src={logoUrl} alt="" /> : null}
              <input id={id} type="file" accept="image/*" onChange={(event) => upload(f.key, event)} />
            </div>
          );
        }
        if (f.choices) {
          // Unset is the first word (the default, e.g. `none`).
          return (
            <div className="admin-field" key={f.key}>
              {label}
              <select id={id} value={value || f.choices[0]} onChange={(event) => set(f.key, event.target.value)}>
                {f.choices.map((choice) => (
                  <option key={choice} value={choice}>
                    {t.has(`settings.choices.${f.key}.${choice}`) ? t(`settings.choices.${f.key}.${choice}`) : choice}
                  </option>
                ))}
              </select>
            </div>
          );
        }
        if (f.kind === 'longtext') {
          return (
            <div className="admin-field" key={f.key}>
              {label}
              <textarea
                id={id}
                rows={3}
                maxLength={f.max}
                value={value}
                onChange={(event) => set(f.key, event.target.value)}
              />
            </div>
          );
        }
        return (
          <div className="admin-field" key={f.key}>
            {label}
            <input
              id={id}
              type={
                f.kind === 'integer' ? 'number' : f.format === 'email' ? 'email' : f.format === 'url' ? 'url' : 'text'
              }
              inputMode={f.format === 'emails' ? 'email' : undefined}
              min={f.kind === 'integer' ? f.min : undefined}
              maxLength={f.kind === 'integer' ? undefined : f.max}
              pattern={f.pattern?.replace(/^\^|\$$/g, '')}
              value={value}
              onChange={(event) => set(f.key, event.target.value)}
            />
          </div>
        );
      })}
      <button type="submit" className="admin-button-primary" disabled={busy}>
        {busy ? t('settings.saving') : t('settings.save')}
      </button>
    </form>
  );
}
