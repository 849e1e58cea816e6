'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useEffect, useState, type DragEvent, type FormEvent } from 'react';
import { formatCell } from '@/lib/admin/cells';
import {
  canDragReorder,
  listColumns,
  listFilters,
  listRequest,
  listSearch,
  parseListState,
  positionOnPage,
  rowActions,
  type Column,
  type ListState,
} from '@/lib/admin/list';
import { clampPage, totalPages } from '@/lib/admin/pager';
import { adminPath, sectionFieldOf, sectionPath } from '@/lib/admin/paths';
import { useList } from '@/lib/client/hooks';
import { CANCELLED, resourceApi, type Row } from '@/lib/client/resources';
import { exportAccessOf, hasTrash, importable } from '@/lib/content/model/define';
import { roleMay } from '@/lib/admin/menu';
import { findResource } from '@/lib/content/model/registry';
import { AddressLink, useAddressChange } from './AddressLink';
import { useAdminSession } from './AdminSession';
import { ListFilters } from './ListFilters';
import { ExportButtons } from './ExportButtons';
import { AdminTable, LoadStatus } from './LoadStatus';
import { Pager } from './Pager';
import { PreviewLink } from './PreviewLink';
import { ScreenTitle } from './ScreenTitle';
import { useReportError, useToast } from './Toasts';
import { UpdateStamp } from './UpdateStamp';
import { useInvalidateResource } from './useInvalidate';
import { useLookups } from './useLookups';

/** The version a list row was read at: a delete or move of it is refused once someone saved it since. */
const versionOf = (row: Row) => (typeof row.version === 'number' ? row.version : undefined);

/**
 * The list of any resource, read from its definition (lib/admin/list.ts): columns, keyword and
 * parent filters, sortable headers, at most 7 page links, delete, and for ordered resources
 * reordering by drag or by typing a position. The state lives in the URL, so Back and reload keep it.
 */
export function ListScreen({ resource, section }: { resource: string; section?: number }) {
  const definition = findResource(resource)!;
  const { language, account } = useAdminSession();
  const t = useTranslations('admin');
  const router = useRouter();
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const toast = useToast();
  const reportError = useReportError();
  const invalidate = useInvalidateResource();
  const state = parseListState(definition, new URLSearchParams(searchParams.toString()));
  const request = listRequest(definition, state, section);
  const { data, error, isLoading, mutate } = useList(resource, request.body, request.path, request.query);
  const { rows: lookupRows, names } = useLookups(definition, language);
  const [dragged, setDragged] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());

  const columns = listColumns(definition, section !== undefined);
  const actions = rowActions(definition);
  const rowPath = sectionPath(section);
  const sectionLabel =
    section === undefined
      ? undefined
      : sectionFieldOf(definition)?.list.find((s) => s.value === section)?.label[language];
  const title = sectionLabel ? `${definition.label[language]}：${sectionLabel}` : definition.label[language];
  const pages = totalPages(data?.total ?? 0, state.pageSize);
  const draggable = canDragReorder(definition, state) && !busy;
  const changeAddress = useAddressChange();
  const go = (next: ListState) => changeAddress(`${pathname}${listSearch(next)}`);
  // Someone has the row's form open (its edit lock): shown beside the title.
  const lockHolder = (row: Row): string | undefined => {
    const lock = row.lock;
    return lock && typeof lock === 'object' && 'name' in lock ? String(lock.name) : undefined;
  };
  const rowTitle = (row: Row) => String(row[definition.titleField] ?? '') || t('list.untitled', { id: String(row.id) });

  // An out-of-range page is corrected to the nearest existing one, as the API does.
  useEffect(() => {
    if (data && state.page !== clampPage(state.page, pages))
      changeAddress(`${pathname}${listSearch({ ...state, page: clampPage(state.page, pages) })}`, { replace: true });
  });

  // A selection is of rows on the page shown: another page, filter or order starts a new one.
  const pageKey = JSON.stringify(request);
  const [selectionKey, setSelectionKey] = useState(pageKey);
  if (selectionKey !== pageKey) {
    setSelectionKey(pageKey);
    setSelected(new Set());
  }
  const pageIds = data?.data.map((row) => Number(row.id)) ?? [];
  const chosen = pageIds.filter((id) => selected.has(id));
  const toggle = (id: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const toggleAll = () => setSelected(chosen.length === pageIds.length ? new Set() : new Set(pageIds));

  const run = async <T,>(
    work: () => Promise<T | typeof CANCELLED>,
    done: string | ((result: T) => string),
    after?: (result: T) => void,
  ) => {
    setBusy(true);
    try {
      const result = await work();
      if (result !== CANCELLED) {
        toast.success(typeof done === 'string' ? done : done(result as T));
        await invalidate(resource);
        after?.(result as T);
      }
    } catch (failure) {
      reportError(failure);
    }
    setBusy(false);
  };
  const remove = (row: Row) =>
    run(() => resourceApi(resource).remove(Number(row.id), rowPath, rowTitle(row), versionOf(row)), t('toast.deleted'));
  const bulk = (action: 'hide' | 'show' | 'delete') =>
    run(
      () => resourceApi(resource).bulk(action, chosen),
      (result) => t('toast.bulkDone', { count: result.done }),
      () => setSelected(new Set()),
    );
  const duplicate = (row: Row) =>
    run(
      () => resourceApi(resource).duplicate(Number(row.id)),
      t('toast.duplicated'),
      (copy) => router.push(editHref(copy)),
    );
  const move = (row: Row, position: number) =>
    run(() => resourceApi(resource).changeOrder(Number(row.id), position, rowPath, versionOf(row)), t('toast.moved'));
  const moveSubmit = (row: Row) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const position = Number(new FormData(event.currentTarget).get('position'));
    if (Number.isInteger(position) && position >= 1) void move(row, position);
  };
  const drop = (index: number) => (event: DragEvent<HTMLTableRowElement>) => {
    event.preventDefault();
    const row = data?.data.find((r) => Number(r.id) === dragged);
    setDragged(null);
    if (row && data?.data[index] !== row) void move(row, positionOnPage(state.page, state.pageSize, index));
  };

  const sortHref = (column: Column) => {
    const direction = state.sort === column.key && state.direction !== 'desc' ? 'desc' : 'asc';
    return `${pathname}${listSearch({ ...state, page: 1, sort: column.key, direction })}`;
  };
  const columnLabel = (column: Column) =>
    'message' in column.label ? t(`columns.${column.label.message}`) : column.label[language];
  const newHref = adminPath(language, { kind: 'new', resource, ...(section === undefined ? {} : { section }) });
  const editHref = (row: Row) =>
    adminPath(language, { kind: 'edit', resource, id: Number(row.id), ...(section === undefined ? {} : { section }) });
  const pathFilterNames = listFilters(definition)
    .filter((f) => f.via === 'path')
    .map((f) => f.field.label[language])
    .join('、');

  return (
    <>
      <ScreenTitle title={title}>
        {actions.add ? (
          <Link className="admin-button-primary" href={newHref}>
            {t('list.add')}
          </Link>
        ) : null}
        {hasTrash(definition) ? (
          <Link href={adminPath(language, { kind: 'trash', resource })}>{t('list.trash')}</Link>
        ) : null}
        {importable(definition) ? (
          <Link href={adminPath(language, { kind: 'import', resource })}>{t('list.import')}</Link>
        ) : null}
        {roleMay(account.role, exportAccessOf(definition)) ? (
          <ExportButtons
            path={[`${resource}/export`, ...(request.path ?? [])].join('/')}
            body={request.body}
            query={request.query}
          />
        ) : null}
      </ScreenTitle>
      {section !== undefined && definition.sectionStamp ? <UpdateStamp resource={resource} section={section} /> : null}
      <ListFilters
        key={listSearch(state)}
        definition={definition}
        language={language}
        state={state}
        rows={lookupRows}
        onApply={go}
      />
      {state.keyword ? (
        <p className="admin-hint">
          {state.sort ? (
            <AddressLink
              href={`${pathname}${listSearch({ ...state, page: 1, sort: undefined, direction: undefined })}`}
            >
              {t('list.sortByRelevance')}
            </AddressLink>
          ) : (
            t('list.sortedByRelevance')
          )}
        </p>
      ) : null}
      {definition.ordered ? (
        <p className="admin-hint">
          {draggable
            ? t('list.dragHint')
            : pathFilterNames
              ? t('list.dragNeedsFilter', { fields: pathFilterNames })
              : t('list.dragNeedsOrder')}
        </p>
      ) : null}
      <LoadStatus error={error} loading={isLoading && !data} retry={mutate} />
      {data && actions.bulk && data.data.length ? (
        <div className="admin-bulk" role="group" aria-label={t('list.bulkActions')}>
          <output aria-live="polite">{t('list.selected', { count: chosen.length })}</output>
          {actions.hide ? (
            <>
              <button type="button" onClick={() => bulk('hide')} disabled={busy || !chosen.length}>
                {t('list.bulkHide')}
              </button>
              <button type="button" onClick={() => bulk('show')} disabled={busy || !chosen.length}>
                {t('list.bulkShow')}
              </button>
            </>
          ) : null}
          {actions.remove ? (
            <button type="button" onClick={() => bulk('delete')} disabled={busy || !chosen.length}>
              {t('list.bulkDelete')}
            </button>
          ) : null}
          {chosen.length ? (
            <button type="button" onClick={() => setSelected(new Set())}>
              {t('list.bulkClear')}
            </button>
          ) : null}
        </div>
      ) : null}
      {data ? (
        <AdminTable name={title} total={data.total}>
          <thead>
            <tr>
              {actions.bulk ? (
                <td className="admin-select">
                  <input
                    type="checkbox"
                    aria-label={t('list.selectPage')}
                    checked={pageIds.length > 0 && chosen.length === pageIds.length}
                    onChange={toggleAll}
                    disabled={!pageIds.length}
                  />
                </td>
              ) : null}
              {columns.map((column) => (
                <th
                  key={column.key}
                  scope="col"
                  aria-sort={
                    state.sort === column.key ? (state.direction === 'desc' ? 'descending' : 'ascending') : undefined
                  }
                >
                  {column.sortable ? (
                    <AddressLink
                      href={sortHref(column)}
                      aria-label={
                        t('list.sortBy', { column: columnLabel(column) }) +
                        (state.sort === column.key
                          ? ` ${t(state.direction === 'desc' ? 'list.sortedDesc' : 'list.sortedAsc')}`
                          : '')
                      }
                    >
                      {columnLabel(column)}
                      {state.sort === column.key ? (
                        <span aria-hidden="true">{state.direction === 'desc' ? ' ▼' : ' ▲'}</span>
                      ) : null}
                    </AddressLink>
                  ) : (
                    columnLabel(column)
                  )}
                </th>
              ))}
              <th scope="col">{t('columns.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {data.data.length === 0 ? (
              <tr>
                <td colSpan={columns.length + (actions.bulk ? 2 : 1)}>{t('list.empty')}</td>
              </tr>
            ) : null}
            {data.data.map((row, index) => {
              const name = rowTitle(row);
              return (
                <tr
                  key={String(row.id)}
                  data-row-id={String(row.id)}
                  draggable={draggable}
                  className={dragged === Number(row.id) ? 'admin-row-dragged' : undefined}
                  onDragStart={
                    draggable
                      ? (event) => {
                          event.dataTransfer.effectAllowed = 'move';
                          event.dataTransfer.setData('text/plain', String(row.id));
                          setDragged(Number(row.id));
                        }
                      : undefined
                  }
                  onDragOver={draggable ? (event) => event.preventDefault() : undefined}
                  onDrop={draggable ? drop(index) : undefined}
                  onDragEnd={() => setDragged(null)}
                >
                  {actions.bulk ? (
                    <td className="admin-select">
                      <input
                        type="checkbox"
                        aria-label={t('list.select', { title: name })}
                        checked={selected.has(Number(row.id))}
                        onChange={() => toggle(Number(row.id))}
                      />
                    </td>
                  ) : null}
                  {columns.map((column, i) => (
                    <td key={column.key}>
                      {i === 0 && draggable ? (
                        <span className="admin-drag-handle" title={t('list.drag', { title: name })} aria-hidden="true">
                          ⠿{' '}
                        </span>
                      ) : null}
                      {column.key === definition.titleField ? (
                        <>
                          <Link href={editHref(row)}>
                            {formatCell(column, row, language, names, { yes: t('yes'), no: t('no') }) || name}
                          </Link>
                          {lockHolder(row) ? (
                            <span className="admin-lock">{t('list.lockedBy', { name: lockHolder(row)! })}</span>
                          ) : null}
                          {row.translationStale === true ? (
                            <span className="admin-stale">{t('list.translationStale')}</span>
                          ) : null}
                        </>
                      ) : column.key === 'status' && typeof row.status === 'string' ? (
                        <span className={`admin-status admin-status-${row.status}`}>{t(`status.${row.status}`)}</span>
                      ) : column.key === 'updatedAt' && row.updatedByName ? (
                        t('list.editedBy', {
                          time: formatCell(column, row, language, names, { yes: t('yes'), no: t('no') }),
                          name: String(row.updatedByName),
                        })
                      ) : (
                        formatCell(column, row, language, names, { yes: t('yes'), no: t('no') })
                      )}
                    </td>
                  ))}
                  <td className="admin-actions">
                    <Link href={editHref(row)} aria-label={t('list.editRow', { title: name })}>
                      {t('list.edit')}
                    </Link>
                    <PreviewLink resource={resource} row={row} label={t('list.previewRow', { title: name })}>
                      {t('list.preview')}
                    </PreviewLink>
                    {actions.duplicate ? (
                      <button
                        type="button"
                        className="admin-duplicate"
                        onClick={() => duplicate(row)}
                        disabled={busy}
                        aria-label={t('list.duplicateRow', { title: name })}
                      >
                        {t('list.duplicate')}
                      </button>
                    ) : null}
                    {actions.remove ? (
                      <button
                        type="button"
                        onClick={() => remove(row)}
                        disabled={busy}
                        aria-label={t('list.deleteRow', { title: name })}
                      >
                        {t('list.delete')}
                      </button>
                    ) : null}
                    {definition.ordered ? (
                      <form className="admin-move" onSubmit={moveSubmit(row)}>
                        <label className="visually-hidden" htmlFor={`move-${String(row.id)}`}>
                          {t('list.moveTo', { title: name })}
                        </label>
                        <input
                          id={`move-${String(row.id)}`}
                          name="position"
                          type="number"
                          min={1}
                          max={data.total}
                          required
                          inputMode="numeric"
                          placeholder={t('list.position')}
                        />
                        <button type="submit" disabled={busy}>
                          {t('list.move')}
                        </button>
                      </form>
                    ) : null}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </AdminTable>
      ) : null}
      {data ? (
        <Pager
          page={clampPage(state.page, pages)}
          pages={pages}
          href={(page) => `${pathname}${listSearch({ ...state, page })}`}
        />
      ) : null}
    </>
  );
}
