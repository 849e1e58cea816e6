import { notFound } from 'next/navigation';
import { ResourceDetail } from '@/components/site/ResourcePages';
import { resourceDetailMetadata, resourcePageOf } from '@/lib/public/resource-pages';
import { unlessNotFound } from '@/lib/public/metadata';
import { languageOf, setPageLanguage } from '@/lib/i18n/params';

// A row of a resource with a route of its own (lib/public/resource-pages.ts).
export const generateMetadata = unlessNotFound(async ({ params }: PageProps<'/[locale]/[route]/[id]'>) => {
  const language = await languageOf(params);
  const { route, id } = await params;
  const page = resourcePageOf([route, id]);
  return page ? resourceDetailMetadata(page, language) : {};
});

export default async function ResourceDetailPage({ params }: PageProps<'/[locale]/[route]/[id]'>) {
  const language = await languageOf(params);
  const { route, id } = await params;
  const page = resourcePageOf([route, id]);
  // Below a part of the site, no such page (`/tw/about/history`); proxy.ts sent any other part home.
  if (!page) notFound();
  setPageLanguage(language);
  return <ResourceDetail language={language} page={page} />;
}

// Rendered on first request, then cached like every public page (app/[locale]/layout.tsx).
export function generateStaticParams() {
  return [];
}
