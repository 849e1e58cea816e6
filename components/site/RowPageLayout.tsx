import { draftMode } from 'next/headers';
import { Suspense, type ReactNode } from 'react';
import { NotFoundContent } from './NotFoundContent';

/**
 * The layout of a row's page (`…/[id]/layout.tsx`, one line each): the boundary that lets the server
 * send a 404 of that page in the site's frame. React's server rendering runs no error boundary, so a
 * notFound() thrown by the page (lib/public/detail.ts) outside any Suspense boundary fails the whole
 * document, and Next.js answers with its empty error shell, drawn only by the browser's script.
 * Thrown inside this boundary, it leaves the frame rendered around the fallback, the not-found
 * content, and Next.js still answers 404 (and keeps that answer like any rendered page); once
 * script runs, app/[locale]/not-found.tsx takes the same place. A rendered page never shows the
 * fallback: row pages are rendered whole before they are sent. A draft preview is the exception (it
 * streams), so it goes without the boundary rather than show the fallback while its row loads.
 */
export default async function RowPageLayout({ children }: { children: ReactNode }) {
  if ((await draftMode()).isEnabled) return children;
  return <Suspense fallback={<NotFoundContent />}>{children}</Suspense>;
}
