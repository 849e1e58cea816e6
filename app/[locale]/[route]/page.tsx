import { ResourceList } from '@/components/site/ResourcePages';
import { listPage, type ListRequest } from '@/components/site/ListPage';
import { redirect } from '@/lib/i18n/navigation';
import { resourceListMetadata, resourcePageOf } from '@/lib/public/resource-pages';

// The list of a resource with a route of its own (lib/public/resource-pages.ts); the page folders
// of app/[locale] come first. It reads its search parameters, so it renders on every request.
export const dynamic = 'force-dynamic';

type Request = ListRequest<{ locale: string; route: string }>;

async function metadata({ locale, query, params }: Request) {
  const page = resourcePageOf([params.route]);
  return page ? resourceListMetadata(page, locale, query) : {};
}

function ResourceListPage({ locale, query, params }: Request) {
  const page = resourcePageOf([params.route]);
  // An unknown path inside a language goes to that language's home page, not to a 404.
  if (!page) redirect({ href: '/', locale });
  return <ResourceList locale={locale} page={page} searchParams={query} />;
}

const page = listPage(metadata, ResourceListPage);
export const generateMetadata = page.generateMetadata;
export default page.Page;
