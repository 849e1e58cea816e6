import { notFound } from 'next/navigation';
import { setRequestLocale } from 'next-intl/server';
import { ResourceDetail } from '@/components/site/ResourcePages';
import { localeOf } from '@/lib/i18n/params';
import { resourceDetailMetadata, resourcePageOf } from '@/lib/public/resource-pages';
import { unlessNotFound } from '@/lib/public/metadata';

// A row of a resource with a route of its own (lib/public/resource-pages.ts).
export const generateMetadata = unlessNotFound(async ({ params }: PageProps<'/[locale]/[route]/[id]'>) => {
  const locale = await localeOf(params);
  const { route, id } = await params;
  const page = resourcePageOf([route, id]);
  return page ? resourceDetailMetadata(page, locale) : {};
});

export default async function ResourceDetailPage({ params }: PageProps<'/[locale]/[route]/[id]'>) {
  const locale = await localeOf(params);
  const { route, id } = await params;
  const page = resourcePageOf([route, id]);
  // Below a part of the site, no such page (`/tw/about/history`); proxy.ts sent any other part home.
  if (!page) notFound();
  setRequestLocale(locale);
  return <ResourceDetail locale={locale} page={page} />;
}

// Rendered on first request, then cached like every public page (app/[locale]/layout.tsx).
export function generateStaticParams() {
  return [];
}
