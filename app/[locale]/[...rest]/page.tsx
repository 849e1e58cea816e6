import { redirect } from '@/lib/i18n/navigation';
import { localeOf } from '@/lib/i18n/params';

/** An unknown path inside a language goes to that language's home page, not to a 404 (docs/public-site.md). */
export default async function UnknownPath({ params }: PageProps<'/[locale]/[...rest]'>) {
  const locale = await localeOf(params);
  redirect({ href: '/', locale });
}
