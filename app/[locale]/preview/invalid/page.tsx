import { notFound } from 'next/navigation';

// Where a wrong or expired draft-preview link lands (app/[locale]/preview/route.ts): the site's 404.
// The page's own metadata is the not-found page's, or the title would become the layout's once the page hydrates.
export { generateMetadata } from '../../not-found';

export default function InvalidPreview(): never {
  notFound();
}
