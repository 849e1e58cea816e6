import { count, eq } from 'drizzle-orm';
import type { Database } from '../db';
import { webbulletin, webbulletintype, webnews } from '../db/schema';
import { demoBulletins, demoBulletinTypes, demoNews, type DemoArticle } from './news';
import { wireLanguages, type WireLanguage } from '../i18n/languages';

const DAY = 24 * 60 * 60 * 1000;
const html = (paragraphs: string[]) => paragraphs.map((p) => `<p>${p}</p>`).join('');

function article(item: DemoArticle, language: WireLanguage, now: number) {
  const text = item[language];
  return { title: text.title, content: html(text.paragraphs), isPinned: item.pinned ?? false, publishAt: new Date(now - item.daysAgo * DAY) };
}

/** Inserts Chinese then English rows and links each pair through translationId. */
type Row = Record<string, unknown> & { id: number };

async function insertPairs(
  db: Database,
  table: typeof webnews | typeof webbulletin | typeof webbulletintype,
  rowsFor: (language: WireLanguage) => Record<string, unknown>[],
): Promise<Record<WireLanguage, Row[]>> {
  const id = (table as typeof webnews).id;
  const inserted = {} as Record<WireLanguage, Row[]>;
  for (const language of wireLanguages) {
    const rows = rowsFor(language).map((row) => ({ ...row, lang: language }));
    inserted[language] = (await db.insert(table).values(rows as never).returning()) as Row[];
  }
  for (const [i, tw] of inserted.tw.entries()) {
    const en = inserted.en[i];
    await db.update(table).set({ translationId: en.id } as never).where(eq(id, tw.id));
    await db.update(table).set({ translationId: tw.id } as never).where(eq(id, en.id));
  }
  return inserted;
}

/** Fills an empty database with demo content; returns false (and does nothing) otherwise. */
export async function seedDemoContent(db: Database): Promise<boolean> {
  const [{ total }] = await db.select({ total: count() }).from(webnews);
  if (total > 0) return false;
  const now = Date.now();
  await insertPairs(db, webnews, (language) =>
    demoNews.map((item) => ({ ...article(item, language, now), summary: item[language].summary })),
  );
  const types = await insertPairs(db, webbulletintype, (language) =>
    demoBulletinTypes.map((type, i) => ({ name: type[language], order: i + 1 })),
  );
  await insertPairs(db, webbulletin, (language) =>
    demoBulletins.map((item) => ({ ...article(item, language, now), typeId: types[language][item.type].id })),
  );
  return true;
}
