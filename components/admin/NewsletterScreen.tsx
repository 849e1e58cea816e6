'use client';

import { useTranslations } from 'next-intl';
import { useId, useState, type FormEvent } from 'react';
import useSWR from 'swr';
import { formatWireDate } from '@/lib/admin/cells';
import { http } from '@/lib/client/http';
import {
  newsletterTopics,
  publicNewsletterTopics,
  subscriberStatuses,
  type NewsletterTopic,
  type PublicNewsletterTopic,
} from '@/lib/content/model/newsletter';
import { wireLanguages, type WireLanguage } from '@/lib/i18n/languages';
import { useAdminSession } from './AdminSession';
import { ExportButtons } from './ExportButtons';
import { RichTextEditor } from './form/RichTextEditor';
import { ListTable, LoadStatus } from './LoadStatus';
import { ScreenTitle } from './ScreenTitle';
import { useReportError, useToast } from './Toasts';

interface Mailing {
  id: number;
  kind: string;
  subject: string;
  lang: string;
  createdAt: string;
  queued: number;
  pending: number;
  sent: number;
  failed: number;
}

interface Subscriber {
  id: number;
  email: string;
  topics: string[];
  lang: string;
  status: string;
  confirmedAt: string | null;
  unsubscribedAt: string | null;
}

interface Item {
  id: number;
  title: string;
}

const post = <T,>(path: string, json: object) => http.post(http.url(`/api/${path}`), { json }).json<T>();

/**
 * 電子報 / Newsletter: staff write a mailing (subject, rich text, chosen items shown as cards,
 * topics, language), preview it as a subscriber gets it, send a test to one address, then send it;
 * below, the mailings with their counts and, for Admins, the subscribers (docs/back-office.md).
 */
export function NewsletterScreen() {
  const t = useTranslations('admin.newsletter');
  const { language, account } = useAdminSession();
  return (
    <>
      <ScreenTitle title={t('title')} />
      <Composer language={language} />
      <Mailings />
      {account.role === 1 && <Subscribers />}
    </>
  );
}

function Composer({ language }: { language: WireLanguage }) {
  const t = useTranslations('admin.newsletter');
  const toast = useToast();
  const reportError = useReportError();
  const ids = useId();
  const [subject, setSubject] = useState('');
  const [content, setContent] = useState('');
  const [topics, setTopics] = useState<NewsletterTopic[]>([...publicNewsletterTopics]);
  const [lang, setLang] = useState<WireLanguage>(language);
  const [items, setItems] = useState<{ resource: PublicNewsletterTopic; id: number }[]>([]);
  const [testAddress, setTestAddress] = useState('');
  const [preview, setPreview] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { data: choices } = useSWR(
    ['newsletter-items', language],
    async () =>
      Object.fromEntries(
        await Promise.all(
          publicNewsletterTopics.map(async (topic) => [
            topic,
            (await post<{ data: Item[] }>(`${topic}/getlist`, { page: 1, pageSize: 10 })).data,
          ]),
        ),
      ) as Record<PublicNewsletterTopic, Item[]>,
  );
  const body = () => ({ subject, content, items, topics, lang });
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch (failure) {
      reportError(failure);
    }
    setBusy(false);
  };
  const showPreview = () =>
    run(async () => setPreview((await post<{ html: string }>('newsletter/preview', body())).html));
  const sendTest = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      await post('newsletter/send', { ...body(), test: testAddress });
      toast.success(t('testSent', { address: testAddress }));
    });
  };
  const send = () => {
    if (!window.confirm(t('confirmSend'))) return;
    void run(async () => {
      const { queued } = await post<{ queued: number }>('newsletter/send', body());
      toast.success(t('sent', { count: queued }));
    });
  };
  const toggleItem = (resource: PublicNewsletterTopic, id: number, on: boolean) =>
    setItems((current) =>
      on ? [...current, { resource, id }] : current.filter((item) => !(item.resource === resource && item.id === id)),
    );
  return (
    <section aria-labelledby={`${ids}-compose`} className="admin-section">
      <h2 id={`${ids}-compose`}>{t('compose')}</h2>
      <div className="admin-field">
        <label htmlFor={`${ids}-subject`}>{t('subject')}</label>
        <input id={`${ids}-subject`} value={subject} maxLength={200} onChange={(e) => setSubject(e.target.value)} />
      </div>
      <div className="admin-field">
        <span id={`${ids}-content-label`}>{t('content')}</span>
        <RichTextEditor
          id={`${ids}-content`}
          labelId={`${ids}-content-label`}
          label={t('content')}
          value={content}
          onChange={setContent}
          language={lang}
        />
      </div>
      <fieldset className="admin-field">
        <legend>{t('items')}</legend>
        {publicNewsletterTopics.map((topic) => (
          <div key={topic}>
            <strong>{t(`topic.${topic}`)}</strong>
            <ul className="admin-plain-list">
              {(choices?.[topic] ?? []).map((item) => (
                <li key={item.id}>
                  <label>
                    <input
                      type="checkbox"
                      checked={items.some((chosen) => chosen.resource === topic && chosen.id === item.id)}
                      onChange={(e) => toggleItem(topic, item.id, e.target.checked)}
                    />{' '}
                    {item.title}
                  </label>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </fieldset>
      <fieldset className="admin-field">
        <legend>{t('topics')}</legend>
        {newsletterTopics.map((topic) => (
          <label key={topic}>
            <input
              type="checkbox"
              checked={topics.includes(topic)}
              onChange={(e) =>
                setTopics((current) => (e.target.checked ? [...current, topic] : current.filter((x) => x !== topic)))
              }
            />{' '}
            {t(`topic.${topic}`)}{' '}
          </label>
        ))}
      </fieldset>
      <div className="admin-field">
        <label htmlFor={`${ids}-lang`}>{t('language')}</label>
        <select id={`${ids}-lang`} value={lang} onChange={(e) => setLang(e.target.value === 'en' ? 'en' : 'tw')}>
          {wireLanguages.map((option) => (
            <option key={option} value={option}>
              {t(`languages.${option}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="admin-actions">
        <button type="button" onClick={showPreview} disabled={busy}>
          {t('preview')}
        </button>
        <button type="button" onClick={send} disabled={busy}>
          {t('send')}
        </button>
      </div>
      <form className="admin-filters" onSubmit={sendTest} aria-label={t('testSend')}>
        <div className="admin-field">
          <label htmlFor={`${ids}-test`}>{t('testAddress')}</label>
          <input
            id={`${ids}-test`}
            type="email"
            value={testAddress}
            onChange={(e) => setTestAddress(e.target.value)}
            required
          />
        </div>
        <button type="submit" disabled={busy}>
          {t('testSend')}
        </button>
      </form>
      {preview !== null && (
        // The mail's HTML in a frame of its own, without script: what a mail client shows.
        <iframe title={t('previewTitle')} srcDoc={preview} sandbox="" className="admin-newsletter-preview" />
      )}
    </section>
  );
}

function Mailings() {
  const t = useTranslations('admin.newsletter');
  const { language } = useAdminSession();
  const { data, error, isLoading, mutate } = useSWR(['newsletter-mailings', language], () =>
    post<{ data: Mailing[]; total: number }>('newsletter/mailings', { page: 1, pageSize: 20 }),
  );
  return (
    <section className="admin-section">
      <h2>{t('mailings')}</h2>
      <button type="button" onClick={() => void mutate()}>
        {t('refresh')}
      </button>
      <LoadStatus error={error} loading={isLoading && !data} retry={mutate} />
      {data ? (
        <ListTable
          name={t('mailings')}
          total={data.total}
          columns={[
            t('createdAt'),
            t('subject'),
            t('language'),
            t('queued'),
            t('pending'),
            t('sentCount'),
            t('failed'),
          ]}
          empty={t('noMailings')}
        >
          {data.data.map((row) => (
            <tr key={row.id}>
              <td>{formatWireDate(row.createdAt, language, true)}</td>
              <td>{row.kind === 'digest' ? `${t('digest')}: ${row.subject}` : row.subject}</td>
              <td>{row.lang}</td>
              <td>{row.queued}</td>
              <td>{row.pending}</td>
              <td>{row.sent}</td>
              <td>{row.failed}</td>
            </tr>
          ))}
        </ListTable>
      ) : null}
    </section>
  );
}

function Subscribers() {
  const t = useTranslations('admin.newsletter');
  const toast = useToast();
  const reportError = useReportError();
  const { language } = useAdminSession();
  const [status, setStatus] = useState('');
  const [keyword, setKeyword] = useState('');
  const request = { page: 1, pageSize: 100, ...(status ? { status } : {}), ...(keyword ? { keyword } : {}) };
  const { data, error, isLoading, mutate } = useSWR(['newsletter-subscribers', JSON.stringify(request)], () =>
    post<{ data: Subscriber[]; total: number }>('newsletter/getlist', request),
  );
  const remove = async (row: Subscriber) => {
    if (!window.confirm(t('confirmDelete', { email: row.email }))) return;
    try {
      await http.delete(http.url(`/api/newsletter/delete/${row.id}`));
      toast.success(t('deleted'));
      await mutate();
    } catch (failure) {
      reportError(failure);
    }
  };
  const invite = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    try {
      const result = await http
        .post(http.url('/api/newsletter/import'), { body: new FormData(event.currentTarget) })
        .json<{ invited: number; skipped: number; errors: unknown[] }>();
      toast.success(t('invited', { invited: result.invited, skipped: result.skipped, errors: result.errors.length }));
      await mutate();
    } catch (failure) {
      reportError(failure);
    }
  };
  return (
    <section className="admin-section">
      <h2>{t('subscribers')}</h2>
      <div className="admin-filters" role="search" aria-label={t('subscribers')}>
        <div className="admin-field">
          <label htmlFor="newsletter-status">{t('status')}</label>
          <select id="newsletter-status" value={status} onChange={(e) => setStatus(e.target.value)}>
            <option value="">{t('allStatuses')}</option>
            {subscriberStatuses.map((option) => (
              <option key={option} value={option}>
                {t(`statuses.${option}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="admin-field">
          <label htmlFor="newsletter-keyword">{t('keyword')}</label>
          <input id="newsletter-keyword" value={keyword} onChange={(e) => setKeyword(e.target.value)} />
        </div>
        <ExportButtons path="newsletter/export" body={request} />
      </div>
      <form className="admin-filters" onSubmit={invite} aria-label={t('import')}>
        <div className="admin-field">
          <label htmlFor="newsletter-import">{t('importFile')}</label>
          <input id="newsletter-import" name="file" type="file" accept=".csv,.xlsx" required />
        </div>
        <button type="submit">{t('import')}</button>
      </form>
      <LoadStatus error={error} loading={isLoading && !data} retry={mutate} />
      {data ? (
        <ListTable
          name={t('subscribers')}
          total={data.total}
          columns={[t('email'), t('topics'), t('language'), t('status'), t('confirmedAt'), t('actions')]}
          empty={t('noSubscribers')}
        >
          {data.data.map((row) => (
            <tr key={row.id}>
              <td>{row.email}</td>
              <td>{row.topics.join(', ')}</td>
              <td>{row.lang}</td>
              <td>
                {subscriberStatuses.some((s) => s === row.status)
                  ? t(`statuses.${row.status as 'active'}`)
                  : row.status}
              </td>
              <td>{row.confirmedAt ? formatWireDate(row.confirmedAt, language, true) : ''}</td>
              <td>
                <button type="button" onClick={() => void remove(row)}>
                  {t('delete')}
                </button>
              </td>
            </tr>
          ))}
        </ListTable>
      ) : null}
    </section>
  );
}
