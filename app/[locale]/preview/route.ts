import { cookies, draftMode } from 'next/headers';
import { PREVIEW_COOKIE } from '@/lib/http/cookies';
import { previewDestination } from '@/lib/public/preview';
import { defaultWireLanguage, languageOfLocale } from '@/lib/i18n/languages';
import { sitePath } from '@/lib/routing/site';

// A draft-preview link (POST /api/{resource}/previewtoken/{id}): with a valid token, turns on
// Next.js's draft mode and keeps the token in a cookie for as long as it is valid, then goes to the
// row's public page (lib/server/preview.ts serves it). A wrong or expired token is the site's 404.
export async function GET(request: Request, { params }: RouteContext<'/[locale]/preview'>) {
  const language = languageOfLocale((await params).locale) ?? defaultWireLanguage;
  const url = new URL(request.url);
  const token = url.searchParams.get('token') ?? '';
  const destination = await previewDestination(token);
  const go = (location: string) =>
    new Response(null, { status: 303, headers: { location, 'cache-control': 'no-store' } });
  if (!destination) return go(sitePath(language, '/preview/invalid'));
  (await draftMode()).enable();
  (await cookies()).set(PREVIEW_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    maxAge: destination.seconds,
    secure: url.protocol === 'https:',
  });
  return go(destination.location);
}
