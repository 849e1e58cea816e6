import { draftMode } from 'next/headers';
import { Suspense, type ReactNode } from 'react';
import { readsAsMember } from '@/lib/cache/member-scope';
import type { ResourceDefinition } from '@/lib/content/model/define';
import { notePageStatus } from '@/lib/observability/request-store';
import { isPublicRow } from '@/lib/public/detail';
import { NotFoundContent } from './NotFoundContent';
import { languageOf } from '@/lib/i18n/params';

type Params = { locale: string } & Record<string, string | string[] | undefined>;
interface LayoutProps {
  children: ReactNode;
  params: Promise<Params>;
}

/** The row a page shows, from its address's parameters: its resource and the id as written (checked there). */
type PageRow = { definition: ResourceDefinition; id: string | string[] | undefined } | null;

/** The boundary of a page that answers 404: the not-found content is its fallback. */
const notFoundBoundary = (children: ReactNode) => <Suspense fallback={<NotFoundContent />}>{children}</Suspense>;

/**
 * The layout of a row's page (`…/[id]/layout.tsx`, one line each), which lets the server send a 404
 * of that page in the site's frame. React's server rendering runs no error boundary, so a
 * notFound() thrown by the page (lib/public/detail.ts) outside any Suspense boundary fails the whole
 * document, and Next.js answers with its empty error shell, drawn only by the browser's script.
 * Thrown inside a boundary whose fallback is the not-found content, it leaves the frame rendered
 * around that content, and Next.js still answers 404; once script runs, app/[locale]/not-found.tsx
 * takes the same place.
 *
 * But a boundary's content that is not ready when the frame is sends the fallback first and the page
 * afterwards, hidden, for a script to swap in: a visitor without script would read "not found", and
 * everyone sees the footer jump. So the layout asks first whether visitors may see the row, and
 * only when they may not does it render the page inside the boundary. A found page is rendered whole,
 * in one piece with its frame. A draft preview goes without the boundary: it shows rows visitors may
 * not see, and its own page answers 404 for the rest.
 *
 * A page rendered on every request (an activity's sign-up form) streams: its frame leaves, with
 * Next.js's 200, before the page inside the boundary has thrown. The layout already knows, so it
 * tells the server the answer's status (lib/server/next/response.ts applies it to the head).
 */
export function rowPageLayout(rowOf: (params: Params) => PageRow) {
  return async function RowPageLayout({ children, params }: LayoutProps) {
    // A Member's request is in draft mode too (lib/server/member-reads.ts), and reads as below.
    if ((await draftMode()).isEnabled && !readsAsMember()) return children;
    const row = rowOf(await params);
    const language = await languageOf(params);
    if (row && (await isPublicRow(row.definition, language, row.id))) return children;
    notePageStatus(404);
    return notFoundBoundary(children);
  };
}

/** The layout of a page that only ever answers 404 (an address below a part of the site that names nothing). */
export async function NotFoundLayout({ children }: { children: ReactNode }) {
  if ((await draftMode()).isEnabled) return children;
  notePageStatus(404);
  return notFoundBoundary(children);
}
