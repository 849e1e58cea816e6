'use client';

import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useId, useState } from 'react';
import { adminPath } from '@/lib/admin/paths';
import { ApiRequestError } from '@/lib/client/http';
import { importFile, type ImportReport } from '@/lib/client/resources';
import { findResource } from '@/lib/content/model/registry';
import { useAdminSession } from './AdminSession';
import { GuardedLink } from './LeaveGuard';
import { ListTable } from './LoadStatus';
import { ScreenTitle } from './ScreenTitle';
import { useReportError, useToast } from './Toasts';
import { useInvalidateResource } from './useInvalidate';

/** How many of a file's lines the dry run lists; the counts above it cover them all. */
const SHOWN_LINES = 100;

/**
 * 匯入 / Import (docs/back-office.md): a CSV or XLSX file is checked line by line first (a dry run
 * that writes nothing); its columns' fields can be changed and the file checked again; only a clean
 * check offers the import, which writes every line or none.
 */
export function ImportScreen({ resource }: { resource: string }) {
  const definition = findResource(resource)!;
  const { language } = useAdminSession();
  const t = useTranslations('admin');
  const router = useRouter();
  const toast = useToast();
  const reportError = useReportError();
  const invalidate = useInvalidateResource();
  const fileId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [mapping, setMapping] = useState<Record<string, string | null> | undefined>();
  const [report, setReport] = useState<ImportReport | null>(null);
  const [busy, setBusy] = useState(false);
  const name = definition.label[language];
  const title = t('import.title', { name });

  const check = async (chosen: File, columns = mapping) => {
    setBusy(true);
    try {
      const found = await importFile(resource, chosen, { mapping: columns, dryRun: true });
      setReport(found);
      setMapping(found.mapping);
    } catch (failure) {
      setReport(null);
      reportError(failure);
    }
    setBusy(false);
  };

  const write = async () => {
    if (!file || !mapping) return;
    setBusy(true);
    try {
      const done = await importFile(resource, file, { mapping, dryRun: false });
      toast.success(t('import.done', { added: done.added, updated: done.updated }));
      await invalidate(resource);
      router.push(adminPath(language, { kind: 'list', resource }));
    } catch (failure) {
      // Someone changed the rows since the check: show what is wrong now.
      const body = failure instanceof ApiRequestError ? (failure.body as Partial<ImportReport>) : undefined;
      if (body?.errors) setReport({ ...(report as ImportReport), ...body, errors: body.errors });
      else reportError(failure);
    }
    setBusy(false);
  };

  const ready = report !== null && report.errors.length === 0 && report.added + report.updated > 0;

  return (
    <>
      <ScreenTitle title={title}>
        <GuardedLink href={adminPath(language, { kind: 'list', resource })}>{t('form.backToList')}</GuardedLink>
      </ScreenTitle>
      <p className="admin-hint">{t('import.hint')}</p>
      <form
        className="admin-import-file"
        onSubmit={(event) => {
          event.preventDefault();
          if (file) void check(file);
        }}
      >
        <label htmlFor={fileId}>{t('import.file')}</label>
        <input
          id={fileId}
          type="file"
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          onChange={(event) => {
            const chosen = event.target.files?.[0] ?? null;
            setFile(chosen);
            setMapping(undefined);
            setReport(null);
            if (chosen) void check(chosen, undefined);
          }}
        />
        <button type="submit" disabled={!file || busy}>
          {t('import.check')}
        </button>
      </form>
      <p role="status" aria-live="polite">
        {busy
          ? t('import.busy')
          : report
            ? t('import.summary', {
                added: report.added,
                updated: report.updated,
                errors: report.errors.length + report.moreErrors,
              })
            : ''}
      </p>
      {report && mapping ? (
        <>
          <h2>{t('import.columns')}</h2>
          <div className="admin-import-mapping">
            {Object.keys(mapping).map((header, i) => (
              <div key={`${i}-${header}`} className="admin-field">
                <label htmlFor={`${fileId}-column-${i}`}>{header || t('import.unnamed', { n: i + 1 })}</label>
                <select
                  id={`${fileId}-column-${i}`}
                  value={mapping[header] ?? ''}
                  onChange={(event) => setMapping({ ...mapping, [header]: event.target.value || null })}
                >
                  <option value="">{t('import.leaveOut')}</option>
                  {report.fields.map((field) => (
                    <option key={field.key} value={field.key}>
                      {field.label}
                    </option>
                  ))}
                </select>
              </div>
            ))}
          </div>
          <p>
            <button type="button" disabled={!file || busy} onClick={() => file && check(file)}>
              {t('import.checkAgain')}
            </button>
          </p>
          {report.errors.length ? (
            <>
              <h2>{t('import.problems')}</h2>
              <ListTable
                name={t('import.problems')}
                total={report.errors.length + report.moreErrors}
                columns={[t('import.line'), t('import.column'), t('import.message')]}
                empty=""
              >
                {report.errors.map((error, i) => (
                  <tr key={i}>
                    <td>{error.row}</td>
                    <td>{error.column}</td>
                    <td>{error.message}</td>
                  </tr>
                ))}
              </ListTable>
            </>
          ) : null}
          <h2>{t('import.lines')}</h2>
          <ListTable
            name={t('import.lines')}
            total={report.rows.length}
            columns={[t('import.line'), t('import.action'), definition.fields[definition.titleField]?.label[language]]}
            empty={t('import.noLines')}
          >
            {report.rows.slice(0, SHOWN_LINES).map((line) => (
              <tr key={line.row}>
                <td>{line.row}</td>
                <td>{line.action === 'add' ? t('import.add') : t('import.update', { id: line.id ?? '' })}</td>
                <td>{line.title}</td>
              </tr>
            ))}
          </ListTable>
          {report.rows.length > SHOWN_LINES ? (
            <p className="admin-hint">{t('import.moreLines', { count: report.rows.length - SHOWN_LINES })}</p>
          ) : null}
          <p>
            <button type="button" className="admin-button-primary" disabled={!ready || busy} onClick={write}>
              {t('import.write', { count: report.added + report.updated })}
            </button>
            {!ready && report.errors.length ? <span className="admin-hint"> {t('import.fixFirst')}</span> : null}
          </p>
        </>
      ) : null}
    </>
  );
}
