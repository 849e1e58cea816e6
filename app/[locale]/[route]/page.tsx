import { notFound } from 'next/navigation';
import { ResourceList } from '@/components/site/ResourcePages';
import { listPage, type ListRequest } from '@/components/site/ListPage';
import { resourceListMetadata, resourcePageOf } from '@/lib/public/resource-pages';

// The list of a resource with a route of its own (lib/public/resource-pages.ts); the page folders
// of app/[locale] come first. It reads its search parameters, so it renders on every request.
export const dynamic = 'force-dynamic';

type Request = ListRequest<{ locale: string; route: string }>;

async function metadata({ language, query, params }: Request) {
  const page = resourcePageOf([params.route]);
  return page ? resourceListMetadata(page, language, query) : {};
}

function ResourceListPage({ language, query, params }: Request) {
  const page = resourcePageOf([params.route]);
  // A part of the site without a list of its own (proxy.ts sent any other address home).
  if (!page) notFound();
  return <ResourceList language={language} page={page} searchParams={query} />;
}

const page = listPage(metadata, ResourceListPage);
export const generateMetadata = page.generateMetadata;
export default page.Page;
