import { redirect } from 'next/navigation';
import { setRequestLocale } from 'next-intl/server';
import { ResourceList } from '@/components/site/ResourcePages';
import { getPathname } from '@/lib/i18n/navigation';
import { localeOf } from '@/lib/i18n/params';
import { resourceListMetadata, resourcePageOf } from '@/lib/public/resource-pages';

// The list of a resource with a route of its own (lib/public/resource-pages.ts); the page folders
// of app/[locale] come first. It reads its search parameters, so it renders on every request.
export const dynamic = 'force-dynamic';

export async function generateMetadata({ params, searchParams }: PageProps<'/[locale]/[route]'>) {
  const locale = await localeOf(params);
  const page = resourcePageOf([(await params).route]);
  return page ? resourceListMetadata(page, locale, await searchParams) : {};
}

export default async function ResourceListPage({ params, searchParams }: PageProps<'/[locale]/[route]'>) {
  const locale = await localeOf(params);
  const page = resourcePageOf([(await params).route]);
  // An unknown path inside a language goes to that language's home page (spec §2).
  if (!page) redirect(getPathname({ href: '/', locale }));
  setRequestLocale(locale);
  return <ResourceList locale={locale} page={page} searchParams={await searchParams} />;
}
