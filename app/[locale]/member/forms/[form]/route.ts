import { languageOfLocale } from '@/lib/i18n/languages';
import { isMemberForm, submitMemberForm } from '@/lib/public/member/forms';

// The member area's forms post here (lib/public/member/forms.ts); each answers with a 303.
export async function POST(request: Request, { params }: RouteContext<'/[locale]/member/forms/[form]'>) {
  const { locale, form } = await params;
  const language = languageOfLocale(locale);
  if (!language || !isMemberForm(form))
    return new Response(null, { status: 404, headers: { 'cache-control': 'private, no-store' } });
  return submitMemberForm(request, language, form);
}
