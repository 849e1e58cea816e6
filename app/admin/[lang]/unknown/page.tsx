import { notFound } from 'next/navigation';

// A back-office path that names no screen (lib/admin/rewrite.ts): the 404 of app/admin/[lang]/not-found.tsx.
// The page's own metadata is the not-found screen's, or the title would become the layout's once the page hydrates.
export { generateMetadata } from '../not-found';

export default function UnknownScreen(): never {
  notFound();
}
