import { NextIntlClientProvider } from 'next-intl';
import { PASSKEY_NAME_MAX } from '@/lib/content/auth/passkeys';
import { type WireLanguage } from '@/lib/i18n/languages';
import { sitePath } from '@/lib/routing/site';
import { memberFormToken } from '@/lib/public/member/page';
import { memberPaths } from '@/lib/routing/member';
import form from '../form.module.css';
import { DateText } from '../DateText';
import { HydratedPage } from '../HydratedPage';
import { MemberField, MemberForm } from './MemberForm';
import { MemberPasskeyAdd } from './MemberPasskeyForms';
import { MemberTable } from './MemberTable';
import { messagesIn, translationsIn } from '@/lib/i18n/params';

interface MemberPasskey {
  id: number;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/**
 * The member page's passkeys: each listed with a form that removes it with the password (no script
 * needed), then "Add a passkey", the one part of the member area that runs in the browser (the
 * ceremony is the browser's own), so the page keeps Next.js's runtime.
 */
export async function MemberPasskeys({
  language,
  passkeys,
  error,
  notice,
}: {
  language: WireLanguage;
  passkeys: MemberPasskey[];
  error: string | null;
  notice: 'added' | 'removed' | null;
}) {
  const t = await translationsIn(language, 'memberArea.home.passkeys');
  const messages = await messagesIn(language);
  return (
    <section aria-labelledby="member-passkeys" id="passkeys">
      <h3 id="member-passkeys">{t('title')}</h3>
      <p>{t('intro')}</p>
      {notice ? (
        <div className={`${form.notice} ${form.noticeSuccess}`} role="status">
          <p>{t(notice)}</p>
        </div>
      ) : null}
      {error ? (
        <div className={`${form.notice} ${form.noticeError}`} role="alert" id="passkey-error">
          <p>{error}</p>
        </div>
      ) : null}
      {passkeys.length ? (
        <MemberTable
          caption={t('caption')}
          className="member-passkeys"
          columns={[t('name'), t('created'), t('lastUsed'), t('remove')]}
        >
          {passkeys.map((passkey) => (
            <tr key={passkey.id}>
              <th scope="row">{passkey.name}</th>
              <td>
                <DateText language={language} value={passkey.createdAt} style="datetime" />
              </td>
              <td>
                {passkey.lastUsedAt ? (
                  <DateText language={language} value={passkey.lastUsedAt} style="datetime" />
                ) : (
                  t('neverUsed')
                )}
              </td>
              <td>
                <MemberForm
                  language={language}
                  name="passkey-remove"
                  submit={t('removeSubmit', { name: passkey.name })}
                >
                  <input type="hidden" name="id" value={passkey.id} />
                  <MemberField
                    id={`member-passkey-password-${passkey.id}`}
                    name="password"
                    type="password"
                    autoComplete="current-password"
                    label={t('password')}
                  />
                </MemberForm>
              </td>
            </tr>
          ))}
        </MemberTable>
      ) : (
        <p>{t('none')}</p>
      )}
      <NextIntlClientProvider messages={{ memberArea: messages.memberArea }}>
        <HydratedPage part="passkey button" />
        <MemberPasskeyAdd
          language={language}
          action={sitePath(language, memberPaths.form('passkey-add'))}
          xsrf={await memberFormToken()}
          nameMax={PASSKEY_NAME_MAX}
        />
      </NextIntlClientProvider>
    </section>
  );
}
