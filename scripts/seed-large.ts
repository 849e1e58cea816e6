/**
 * npm run seed:large [-- <news> <rules>]: fills the configured database (PGlite under $DATA_DIR, or
 * DATABASE_URL) with a large volume of content for load tests and search timing: by default 100,000
 * news rows and 20,000 laws, half in Chinese and half in English, each Chinese row linked to its
 * English twin. Titles and text are varied and contain Chinese words, so keyword search has work to
 * do; news is published over the last ten years, laws are spread over the law classes, business
 * lines and attributes (the demo's, created if missing). Rows go in 5,000 per insert.
 *
 * Not idempotent: every run ADDS the rows again (ids keep counting), so run it once on a throwaway
 * database. It neither loads the demo content nor creates accounts (start the server for that).
 * With PGlite, stop the server first (one process at a time).
 */
import { and, eq, sql } from 'drizzle-orm';
import { closeDatabase, connect } from '../lib/db';
import { webrule, webruleattribute, webrulebusiness, webruleclass } from '../lib/db/schema';
import type { Writer } from '../lib/content/storage/seed-writes';
import { insertPairs, type Ids } from '../lib/demo/insert';
import { demoRuleAttributes, demoRuleClasses } from '../lib/demo/laws';
import { wireLanguages, type WireLanguage } from '../lib/i18n/languages';
import type { Bi } from '../lib/demo/types';

const BATCH_ROWS = 5_000;
const DAY = 24 * 60 * 60 * 1000;

/** A seeded random source (mulberry32), so a run can be repeated with SEED=… */
function randomSource(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(list: readonly T[]) => list[Math.floor(next() * list.length)],
  };
}

const b = (tw: string, en: string): Bi => ({ tw, en });

const topics: Bi[] = [
  b('安養信託', 'senior-care trusts'),
  b('公益信託', 'charitable trusts'),
  b('家族信託', 'family trusts'),
  b('員工持股信託', 'employee stock ownership trusts'),
  b('員工福利儲蓄信託', 'employee savings trusts'),
  b('不動產信託', 'real estate trusts'),
  b('有價證券信託', 'securities trusts'),
  b('特定金錢信託', 'specified money trusts'),
  b('保險金信託', 'insurance trusts'),
  b('預售屋價金信託', 'pre-sale housing escrow trusts'),
  b('遺囑信託', 'testamentary trusts'),
  b('身心障礙者財產信託', 'disability trusts'),
  b('都市更新信託', 'urban renewal trusts'),
  b('集合管理運用帳戶', 'collective management accounts'),
  b('共同信託基金', 'common trust funds'),
  b('信託監察人制度', 'the trust supervisor system'),
  b('信託報酬揭露', 'trust fee disclosure'),
  b('防制洗錢及打擊資恐', 'anti-money laundering'),
  b('金融消費者保護', 'financial consumer protection'),
  b('個人資料保護', 'personal data protection'),
  b('金融友善服務', 'financial friendly services'),
  b('信託業務統計', 'trust business statistics'),
  b('信託 2.0 計畫', 'the Trust 2.0 plan'),
  b('高齡金融規劃', 'financial planning for seniors'),
  b('數位信託服務', 'digital trust services'),
];

const newsKinds: { title: Bi; summary: Bi }[] = [
  {
    title: b('說明會', 'briefing'),
    summary: b(
      '本會將舉辦說明會，介紹最新規定及實務作法。',
      'The Association will hold a briefing on the latest rules and practice.',
    ),
  },
  {
    title: b('研討會開放報名', 'seminar: registration open'),
    summary: b(
      '研討會邀請學者專家及會員機構分享經驗，歡迎報名。',
      'Scholars and members share their experience; registration is open.',
    ),
  },
  {
    title: b('座談會紀實', 'panel discussion report'),
    summary: b(
      '座談會與會者就推動現況及未來方向熱烈交流。',
      'Participants discussed the current state and the way forward.',
    ),
  },
  {
    title: b('實務研習班', 'practice workshop'),
    summary: b('研習班以案例演練方式說明作業流程。', 'The workshop explains procedures through case exercises.'),
  },
  {
    title: b('修正草案預告', 'draft amendments published'),
    summary: b(
      '主管機關預告修正草案，歡迎會員機構提供意見。',
      'The regulator has published draft amendments; members are invited to comment.',
    ),
  },
  {
    title: b('新制上路', 'new rules take effect'),
    summary: b('新制自本月起施行，請會員機構配合辦理。', 'The new rules apply from this month; members should comply.'),
  },
  {
    title: b('推廣成果發表', 'promotion results'),
    summary: b(
      '本會發表年度推廣成果，受益人數持續成長。',
      'The Association presents the year\u2019s results; the number of beneficiaries keeps growing.',
    ),
  },
  {
    title: b('作業範本發布', 'model procedure issued'),
    summary: b('本會訂定作業範本，供會員機構參考使用。', 'The Association has issued a model procedure for members.'),
  },
  {
    title: b('問答集更新', 'Q&A updated'),
    summary: b(
      '本會更新常見問答集，協助民眾了解相關規定。',
      'The Association has updated its Q&A to help the public understand the rules.',
    ),
  },
  {
    title: b('業務檢查重點', 'inspection priorities'),
    summary: b('主管機關公布年度業務檢查重點。', 'The regulator has published this year\u2019s inspection priorities.'),
  },
];

const places: Bi[] = [
  b('臺北', 'Taipei'),
  b('新北', 'New Taipei'),
  b('桃園', 'Taoyuan'),
  b('新竹', 'Hsinchu'),
  b('臺中', 'Taichung'),
  b('彰化', 'Changhua'),
  b('嘉義', 'Chiayi'),
  b('臺南', 'Tainan'),
  b('高雄', 'Kaohsiung'),
  b('屏東', 'Pingtung'),
  b('宜蘭', 'Yilan'),
  b('花蓮', 'Hualien'),
  b('臺東', 'Taitung'),
];

const sentences: Bi[] = [
  b(
    '本會持續與主管機關及會員機構合作，推動信託業務健全發展。',
    'The Association works with the regulator and its members for the sound development of trust business.',
  ),
  b(
    '信託財產獨立於受託人之自有財產，可確保專款專用。',
    'Trust property is separate from the trustee\u2019s own assets, so it is used only for its purpose.',
  ),
  b('會員機構應落實認識客戶及適合度評估程序。', 'Members must apply know-your-customer and suitability procedures.'),
  b(
    '高齡化社會下，信託結合長期照顧服務之需求日益增加。',
    'In an ageing society, demand for trusts combined with long-term care keeps rising.',
  ),
  b(
    '相關資料請至會員專區下載，如有疑問請洽本會秘書處。',
    'Documents are in the members\u2019 area; please contact the Secretariat with questions.',
  ),
  b('本活動提供手語翻譯及無障礙座位。', 'Sign-language interpretation and accessible seating are provided.'),
  b(
    '委託人可約定定期給付生活費及支付醫療費用。',
    'Settlors can arrange regular allowances and payment of medical bills.',
  ),
  b('信託報酬及各項費用應於契約中明確揭露。', 'Trust fees and charges must be stated clearly in the agreement.'),
];

const ruleForms: Bi[] = [
  b('管理辦法', 'Regulations'),
  b('作業要點', 'Operating Guidelines'),
  b('應注意事項', 'Points to Note'),
  b('自律規範', 'Self-regulatory Rules'),
  b('實施辦法', 'Implementation Rules'),
  b('處理原則', 'Handling Principles'),
  b('函釋', 'Ruling'),
  b('問答集', 'Questions and Answers'),
];
const authorities: Bi[] = [
  b('金融監督管理委員會', 'Financial Supervisory Commission'),
  b('財政部', 'Ministry of Finance'),
  b('法務部', 'Ministry of Justice'),
  b('中央銀行', 'Central Bank'),
  b('臺灣信託業協會', 'Taiwan Trust Association'),
];
const docPrefixes = ['金管銀票字', '金管銀法字', '台財稅字', '法律字', '信託公會字'];

const isoDate = (time: number) => new Date(time + 8 * 3600_000).toISOString().slice(0, 10);
const number = (n: number) => n.toLocaleString('en-US');

async function ensurePair(
  db: Writer,
  resource: 'webruleclass' | 'webruleattribute' | 'webrulebusiness',
  name: Bi,
  classIds?: Record<WireLanguage, number>,
): Promise<Record<WireLanguage, number>> {
  const table = { webruleclass, webruleattribute, webrulebusiness }[resource];
  const found = {} as Record<WireLanguage, number>;
  for (const lang of wireLanguages) {
    const conditions = [eq(table.lang, lang), eq(table.name, name[lang])];
    if (classIds) conditions.push(eq(webrulebusiness.classId, classIds[lang]));
    const [row] = await db
      .select({ id: table.id })
      .from(table)
      .where(and(...conditions))
      .limit(1);
    if (row) found[lang] = Number(row.id);
  }
  if (found.tw && found.en) return found;
  const ids: Ids = await insertPairs(db, resource, [name], (item, lang) => ({
    name: item[lang],
    ...(classIds ? { classId: classIds[lang] } : {}),
  }));
  return { tw: ids.tw[0], en: ids.en[0] };
}

async function main() {
  const [newsArg, rulesArg] = process.argv.slice(2);
  const newsTotal = Number(newsArg ?? 100_000);
  const rulesTotal = Number(rulesArg ?? 20_000);
  if (![newsTotal, rulesTotal].every((n) => Number.isInteger(n) && n >= 0 && n % 2 === 0)) {
    throw new Error(
      'Usage: tsx scripts/seed-large.ts [news rows] [law rows]  (even numbers: half Chinese, half English)',
    );
  }
  const seed = Number(process.env.SEED) || Date.now();
  const random = randomSource(seed);
  const started = performance.now();
  const connection = await connect();
  const db = connection.db;
  console.log(
    `Opened ${connection.driver} in ${((performance.now() - started) / 1000).toFixed(1)} s. Seeding ${number(newsTotal)} news and ${number(rulesTotal)} laws (SEED=${seed})…`,
  );
  const seeding = performance.now();
  const now = Date.now();

  // News --------------------------------------------------------------------------------------
  const pairsPerBatch = BATCH_ROWS / 2;
  for (let done = 0; done < newsTotal / 2;) {
    const count = Math.min(pairsPerBatch, newsTotal / 2 - done);
    const batchStart = performance.now();
    const items = Array.from({ length: count }, () => {
      const topic = random.pick(topics);
      const kind = random.pick(newsKinds);
      const place = random.pick(places);
      const publishAt = new Date(now - random.next() * 3650 * DAY);
      const body = [random.pick(sentences), random.pick(sentences), random.pick(sentences)];
      return { topic, kind, place, publishAt, body, session: 1 + random.int(12), pinned: random.next() < 0.001 };
    });
    await insertPairs(db, 'webnews', items, (item, lang) => {
      const year = item.publishAt.getUTCFullYear();
      const title =
        lang === 'tw'
          ? `${year}年${item.place.tw}${item.topic.tw}${item.kind.title.tw}（第${item.session}場）`
          : `${item.place.en}: ${item.topic.en} ${item.kind.title.en} (session ${item.session}, ${year})`;
      return {
        title,
        summary: item.kind.summary[lang],
        content:
          item.body.map((s) => `<p>${s[lang]}</p>`).join('') +
          `<p>${lang === 'tw' ? `主題：${item.topic.tw}；地點：${item.place.tw}。` : `Topic: ${item.topic.en}. Place: ${item.place.en}.`}</p>`,
        isPinned: item.pinned,
        publishAt: item.publishAt,
      };
    });
    done += count;
    console.log(
      `  news ${number(done * 2)} / ${number(newsTotal)}  (${((performance.now() - batchStart) / 1000).toFixed(2)} s for this batch)`,
    );
  }

  // Laws: the demo's classes, business lines and attributes, created if missing -----------------
  const groups: { classIds: Record<WireLanguage, number>; businessIds: Record<WireLanguage, number> }[] = [];
  for (const ruleClass of demoRuleClasses) {
    const classIds = await ensurePair(db, 'webruleclass', ruleClass.name);
    for (const business of ruleClass.businesses)
      groups.push({ classIds, businessIds: await ensurePair(db, 'webrulebusiness', business, classIds) });
  }
  const attributes: Record<WireLanguage, number>[] = [];
  for (const attribute of demoRuleAttributes) attributes.push(await ensurePair(db, 'webruleattribute', attribute));
  // New laws go after the ones already in each (language, class, business) group.
  const highest = new Map<string, number>();
  const existing = await db
    .select({
      lang: webrule.lang,
      classId: webrule.classId,
      businessId: webrule.businessId,
      order: sql<number>`max(${webrule.order})`,
    })
    .from(webrule)
    .groupBy(webrule.lang, webrule.classId, webrule.businessId);
  for (const row of existing) highest.set(`${row.lang}:${row.classId}:${row.businessId}`, Number(row.order));
  const nextOrder = (lang: WireLanguage, group: (typeof groups)[number]) => {
    const key = `${lang}:${group.classIds[lang]}:${group.businessIds[lang]}`;
    const order = (highest.get(key) ?? 0) + 1;
    highest.set(key, order);
    return order;
  };

  for (let done = 0; done < rulesTotal / 2;) {
    const count = Math.min(pairsPerBatch, rulesTotal / 2 - done);
    const batchStart = performance.now();
    const items = Array.from({ length: count }, (_, i) => {
      const issued = now - random.next() * 3650 * DAY;
      return {
        group: random.pick(groups),
        attribute: random.pick(attributes),
        topic: random.pick(topics),
        form: random.pick(ruleForms),
        authority: random.pick(authorities),
        prefix: random.pick(docPrefixes),
        docNo: 10_000_000 + random.int(90_000_000),
        issued,
        article: 1 + random.int(60),
        body: [random.pick(sentences), random.pick(sentences)],
        serial: done + i + 1,
      };
    });
    await insertPairs(db, 'webrule', items, (item, lang) => {
      const issuedOn = isoDate(item.issued);
      const rocYear = Number(issuedOn.slice(0, 4)) - 1911;
      return {
        classId: item.group.classIds[lang],
        businessId: item.group.businessIds[lang],
        attributeId: item.attribute[lang],
        order: nextOrder(lang, item.group),
        title:
          lang === 'tw'
            ? `信託業辦理${item.topic.tw}${item.form.tw}（${rocYear}年修正第${item.article}條）`
            : `${item.form.en} on ${item.topic.en} (Article ${item.article} amended ${issuedOn.slice(0, 4)})`,
        authority: item.authority[lang],
        documentNumber:
          lang === 'tw'
            ? `${item.prefix}第${rocYear}${String(item.docNo).slice(0, 7)}號`
            : `Ref. ${rocYear}-${item.docNo}`,
        issuedOn,
        content:
          item.body.map((s) => `<p>${s[lang]}</p>`).join('') +
          `<p>${lang === 'tw' ? `第${item.article}條　本規定適用於${item.topic.tw}業務。` : `Article ${item.article}. These rules apply to ${item.topic.en}.`}</p>`,
      };
    });
    done += count;
    console.log(
      `  laws ${number(done * 2)} / ${number(rulesTotal)}  (${((performance.now() - batchStart) / 1000).toFixed(2)} s for this batch)`,
    );
  }

  // Fresh statistics and visibility maps, so the first lists and searches are planned and counted
  // with the new volume (PGlite has no autovacuum to do it later).
  await connection.query('vacuum analyze webnews');
  await connection.query('vacuum analyze webrule');
  const seconds = (performance.now() - seeding) / 1000;
  console.log(
    `Done: ${number(newsTotal)} news and ${number(rulesTotal)} laws in ${seconds.toFixed(1)} s (${number(Math.round((newsTotal + rulesTotal) / Math.max(seconds, 0.001)))} rows/s); ${((performance.now() - started) / 1000).toFixed(1)} s in all.`,
  );
}

main()
  .catch((error) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exitCode = 1;
  })
  .finally(async () => {
    const closing = performance.now();
    await closeDatabase();
    console.log(`Closed the database in ${((performance.now() - closing) / 1000).toFixed(1)} s.`);
  });
