import { notFound } from 'next/navigation';

// A back-office path that names no screen (lib/admin/rewrite.ts): the 404 of app/admin/[lang]/not-found.tsx.
export default function UnknownScreen(): never {
  notFound();
}
