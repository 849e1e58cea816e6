/**
 * The readers behind the public info and services pages (Q&A, glossary, education,
 * statistics, tests, research and the other page sections, online systems, special zones, links),
 * read on the server from the demo content as visitors see it.
 */
import { eq } from 'drizzle-orm';
import { clearPublicCache } from '../../lib/cache/public-reads';
import { getDb } from '../../lib/db';
import { webbilingual, webqa, webspecial, websystem } from '../../lib/db/schema';
import { seedDemoContent } from '../../lib/demo/seed';
import { sections } from '../../lib/content/model/sections';
import { editorSections } from '../../lib/public/info/editor-pages';
import { educationPage } from '../../lib/public/info/education';
import { glossaryPage, initialParam } from '../../lib/public/info/glossary';
import { sectionParam } from '../../lib/public/info/lists';
import { qaPage, QA_PAGE_SIZE } from '../../lib/public/info/qa';
import { statisticsPage, yearParam } from '../../lib/public/info/statistics';
import { registrationState, siteToday, testsPage } from '../../lib/public/info/tests';
import { linkDirectory } from '../../lib/public/services/links';
import { specialZones, zoneSections } from '../../lib/public/services/special';
import { systemsDirectory } from '../../lib/public/services/systems';
import { withDatabase } from '../helpers/database';

withDatabase();

beforeAll(async () => {
  expect(await seedDemoContent(await getDb())).toBe(true);
});

/** Direct writes bypass the row writes' cache invalidation, so each such test empties the cache. */
async function hide(table: typeof webqa | typeof websystem | typeof webspecial | typeof webbilingual, id: number) {
  await (
    await getDb()
  )
    .update(table)
    .set({ isVisible: false } as never)
    .where(eq(table.id, id));
  clearPublicCache();
}

describe('filter parameters', () => {
  test('a type must be one of the section list, a year plausible, an initial one of A–Z or #', () => {
    expect(sectionParam('qaCategories', '0')).toBe(0);
    expect(sectionParam('qaCategories', ['2', '3'])).toBe(2);
    expect(sectionParam('qaCategories', '99')).toBeUndefined();
    expect(sectionParam('qaCategories', 'x')).toBeUndefined();
    expect(yearParam('2024')).toBe(2024);
    expect(yearParam('12')).toBeUndefined();
    expect(yearParam('-2024')).toBeUndefined();
    expect(initialParam('t')).toBe('T');
    expect(initialParam('#')).toBe('#');
    expect(initialParam('TT')).toBeUndefined();
    expect(initialParam('信')).toBeUndefined();
  });
});

describe('Q&A', () => {
  test('one category lists only its questions, by order; no category lists them all, category by category', async () => {
    const general = await qaPage('tw', { category: 0, page: 1 });
    expect(general.total).toBeGreaterThan(0);
    expect(general.rows.every((row) => row.category === 0 && row.lang === 'tw')).toBe(true);
    const orders = general.rows.map((row) => row.order as number);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
    const all = await qaPage('en', { page: 1 });
    const categories = all.rows.map((row) => row.category as number);
    expect(categories).toEqual([...categories].sort((a, b) => a - b));
    expect(all.total).toBeGreaterThan(general.total);
    expect(all.categories.map((c) => c.label)).toEqual(sections.qaCategories.map((c) => c.label.en));
  });

  test('a page past the end shows the last page; hidden questions are left out', async () => {
    const all = await qaPage('tw', { page: 999 });
    const last = Math.ceil(all.total / QA_PAGE_SIZE);
    expect(all.page).toBe(last);
    expect(all.rows.length).toBe(all.total - (last - 1) * QA_PAGE_SIZE);
    const first = (await qaPage('tw', { page: 1 })).rows[0];
    await hide(webqa, first.id as number);
    const after = await qaPage('tw', { page: 1 });
    expect(after.total).toBe(all.total - 1);
    expect(after.rows.some((row) => row.id === first.id)).toBe(false);
  });
});

describe('glossary', () => {
  test('a keyword matches either language, case-insensitively, and every term must match', async () => {
    const english = await glossaryPage({ keyword: 'TRUST', page: 1 });
    expect(english.total).toBeGreaterThan(0);
    for (const row of english.rows)
      expect(`${row.termTw} ${row.termEn} ${row.description}`.toLowerCase()).toContain('trust');
    const chinese = await glossaryPage({ keyword: '信託', page: 1 });
    expect(chinese.total).toBeGreaterThan(0);
    for (const row of chinese.rows) expect(`${row.termTw}${row.description}`).toContain('信託');
    const both = await glossaryPage({ keyword: 'trust 信託', page: 1 });
    expect(both.total).toBeLessThanOrEqual(Math.min(english.total, chinese.total));
    expect((await glossaryPage({ keyword: 'no-such-term-anywhere', page: 1 })).total).toBe(0);
  });

  test('an initial lists the terms filed under it, by English term; with a keyword both apply', async () => {
    const t = await glossaryPage({ keyword: '', initial: 'T', page: 1 });
    expect(t.total).toBeGreaterThan(0);
    expect(t.rows.every((row) => String(row.termEn).toUpperCase().startsWith('T'))).toBe(true);
    const terms = t.rows.map((row) => String(row.termEn));
    expect(terms).toEqual([...terms].sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1)));
    const narrowed = await glossaryPage({ keyword: 'trust', initial: 'T', page: 1 });
    expect(narrowed.rows.every((row) => row.initial === 'T')).toBe(true);
    const hidden = t.rows[0];
    await hide(webbilingual, hidden.id as number);
    expect((await glossaryPage({ keyword: '', initial: 'T', page: 1 })).rows.some((row) => row.id === hidden.id)).toBe(
      false,
    );
  });
});

describe('education', () => {
  test('each category carries the latest change among its public items; a category filters the list', async () => {
    const page = await educationPage('tw', { page: 1 });
    expect(page.categories).toHaveLength(sections.educationCategories.length);
    const withItems = page.categories.filter((c) => c.updatedAt);
    expect(withItems.length).toBeGreaterThan(0);
    const category = withItems[0];
    const items = await educationPage('tw', { category: category.value, page: 1 });
    expect(items.rows.length).toBeGreaterThan(0);
    expect(items.rows.every((row) => row.category === category.value)).toBe(true);
    const latest = Math.max(...items.rows.map((row) => (row.updatedAt as Date).getTime()));
    expect(category.updatedAt!.getTime()).toBe(latest);
  });
});

describe('statistics', () => {
  test('the years are those of the chosen type, newest first; a year filters the list', async () => {
    const type = sections.staticsTypes[0].value;
    const page = await statisticsPage('en', { type, page: 1 });
    expect(page.years.length).toBeGreaterThan(0);
    expect(page.years).toEqual([...page.years].sort((a, b) => b - a));
    expect(page.rows.every((row) => row.staticsType === type && page.years.includes(row.year as number))).toBe(true);
    const year = page.years[page.years.length - 1];
    const filtered = await statisticsPage('en', { type, year, page: 1 });
    expect(filtered.total).toBeGreaterThan(0);
    expect(filtered.rows.every((row) => row.year === year && row.staticsType === type)).toBe(true);
    expect((await statisticsPage('en', { type, year: 1901, page: 1 })).total).toBe(0);
  });
});

describe('professional tests', () => {
  test('sessions to come are listed first, soonest first; held ones after, latest first', async () => {
    const today = siteToday();
    const { upcoming, past } = await testsPage('tw', { page: 1 });
    expect(upcoming.length).toBeGreaterThan(0);
    expect(upcoming.every((row) => String(row.examDate) >= today)).toBe(true);
    const soonest = upcoming.map((row) => String(row.examDate));
    expect(soonest).toEqual([...soonest].sort());
    expect(past.total).toBeGreaterThan(0);
    expect(past.rows.every((row) => String(row.examDate) < today)).toBe(true);
    const latest = past.rows.map((row) => String(row.examDate));
    expect(latest).toEqual([...latest].sort().reverse());
  });

  test('registration is not yet open, open, or closed by its two times', () => {
    const opens = new Date('2025-01-01T00:00:00Z');
    const closes = new Date('2025-02-01T00:00:00Z');
    const row = { registrationStart: opens, registrationEnd: closes };
    expect(registrationState(row, new Date('2024-12-31T00:00:00Z'))).toBe('notYetOpen');
    expect(registrationState(row, new Date('2025-01-15T00:00:00Z'))).toBe('open');
    expect(registrationState(row, closes)).toBe('closed');
    expect(registrationState({ registrationStart: null, registrationEnd: null })).toBe('unknown');
  });
});

describe('page sections', () => {
  test('research, accessibility, privacy and copyright each read their own sections in order', async () => {
    for (const key of ['research', 'accessibility', 'privacy', 'copyright'] as const) {
      const value = sections.editorPages.find((p) => p.key === key)!.value;
      const rows = await editorSections('en', key);
      expect({ key, count: rows.length > 0 }).toEqual({ key, count: true });
      expect(rows.every((row) => row.page === value && row.lang === 'en')).toBe(true);
    }
  });
});

describe('online systems, links and special zones', () => {
  test('systems are grouped by owner and category, and a hidden system leaves its group', async () => {
    const owners = await systemsDirectory('tw');
    expect(owners.length).toBeGreaterThan(0);
    for (const owner of owners) {
      expect(owner.categories.length).toBeGreaterThan(0);
      for (const { category, systems } of owner.categories) {
        expect(category.unitId).toBe(owner.unit.id);
        expect(systems.every((s) => s.unitId === owner.unit.id && s.unitTypeId === category.id)).toBe(true);
      }
    }
    const first = owners[0].categories[0].systems[0];
    await hide(websystem, first.id as number);
    const after = (await systemsDirectory('tw')).flatMap((o) => o.categories.flatMap((c) => c.systems));
    expect(after.some((s) => s.id === first.id)).toBe(false);
  });

  test('links are grouped by their type in order', async () => {
    const groups = await linkDirectory('en');
    expect(groups.length).toBeGreaterThan(1);
    for (const { type, links } of groups)
      expect(links.every((link) => link.typeId === type.id && link.lang === 'en')).toBe(true);
  });

  test('a zone lists its sections with their public items only', async () => {
    const [zone] = await specialZones('tw');
    const sectionsOfZone = await zoneSections('tw', zone.id as number);
    expect(sectionsOfZone.length).toBeGreaterThan(0);
    for (const { section, items } of sectionsOfZone) {
      expect(section.groupId).toBe(zone.id);
      expect(items.every((item) => item.groupId === zone.id && item.groupTypeId === section.id)).toBe(true);
    }
    const item = sectionsOfZone[0].items[0];
    await (
      await getDb()
    )
      .update(webspecial)
      .set({ publishAt: new Date(Date.now() + 86_400_000) } as never)
      .where(eq(webspecial.id, item.id as number));
    clearPublicCache();
    const later = (await zoneSections('tw', zone.id as number)).flatMap((s) => s.items);
    expect(later.some((i) => i.id === item.id)).toBe(false);
  });
});
