import { setRequestLocale } from 'next-intl/server';
import { ResourceDetail } from '@/components/site/ResourcePages';
import { redirect } from '@/lib/i18n/navigation';
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
  // An unknown path inside a language goes to that language's home page, not to a 404.
  if (!page) redirect({ href: '/', locale });
  setRequestLocale(locale);
  return <ResourceDetail locale={locale} page={page} />;
}

// Rendered on first request, then cached like every public page (app/[locale]/layout.tsx).
export function generateStaticParams() {
  return [];
}
