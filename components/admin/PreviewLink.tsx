'use client';

import type { ReactNode } from 'react';
import { resourceApi, type Row } from '@/lib/client/resources';
import { publicRowUrl } from '@/lib/public/row-links';
import { useAdminSession } from './AdminSession';
import { useReportError } from './Toasts';

/**
 * Whether visitors see the row now as staff see it: shown, inside its publication window where it
 * has one, and with no change awaiting approval (the preview shows that change).
 */
const isPublic = (row: Row) =>
  row.isVisible !== false && (row.status === undefined || row.status === 'live') && !row.pending;

/**
 * 預覽: a row visitors can see opens its public page; one they cannot (hidden, scheduled, expired)
 * or with a change awaiting approval opens a draft-preview link made for it (POST
 * /api/{resource}/previewtoken/{id}), in a new window.
 */
export function PreviewLink({
  resource,
  row,
  label,
  children,
}: {
  resource: string;
  row: Row;
  label?: string;
  children: ReactNode;
}) {
  const { language } = useAdminSession();
  const reportError = useReportError();
  const href = publicRowUrl(language, resource, row);
  if (!href) return null;
  if (isPublic(row)) {
    return (
      <a href={href} target="_blank" rel="noopener noreferrer" aria-label={label}>
        {children}
      </a>
    );
  }
  // The window opens at once (a popup blocker allows it on the click) and goes to the link once made.
  const open = async () => {
    const target = window.open('about:blank', '_blank');
    try {
      const { url } = await resourceApi(resource).previewToken(Number(row.id));
      if (target) {
        target.opener = null;
        target.location.href = url;
      } else window.location.href = url;
    } catch (error) {
      target?.close();
      reportError(error);
    }
  };
  return (
    <button type="button" className="admin-preview" onClick={() => void open()} aria-label={label}>
      {children}
    </button>
  );
}
