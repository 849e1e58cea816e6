/**
 * The site search on the demo content, as a visitor types: normalisation (台/臺, Simplified, width,
 * case), Chinese word splitting, English stems, one-edit typos, ranking (an exact title first), the
 * public window, and the index kept in step with every write.
 */
import { getDb } from '../../lib/db';
import { seedDemoContent } from '../../lib/demo/seed';
import { reindexAll } from '../../lib/content/storage/search-reindex';
import { searchSite, snippetOf } from '../../lib/public/site-search';
import { withDatabase } from '../helpers/database';

withDatabase();

beforeAll(async () => {
  expect(await seedDemoContent(await getDb())).toBe(true);
  expect(await reindexAll()).toBeGreaterThan(50);
}, 120_000);

/** [language, what a visitor types, the title a person expects, whether it must come first]. */
const EXPECTED: ['tw' | 'en', string, string, boolean][] = [
  ['tw', '信託業法', '信託業法', true],
  ['tw', '信託法', '信託法', true],
  ['tw', '信托法', '信託法', true],
  ['tw', '信託業法施行細則', '信託業法施行細則', true],
  ['tw', '信托业法施行细则', '信託業法施行細則', true],
  ['tw', '施行細則', '信託業法施行細則', false],
  ['tw', '共同信託基金', '共同信託基金管理辦法', false],
  ['tw', '共同信托基金管理办法', '共同信託基金管理辦法', true],
  ['tw', '不動產開發信託', '信託業辦理不動產開發信託作業要點', false],
  ['tw', '強制執行', '信託財產之強制執行疑義函釋', false],
  ['tw', '遺產 贈與稅', '遺產及贈與稅法（信託相關條文）', false],
  ['tw', '洗錢防制法', '洗錢防制法', true],
  ['tw', '洗钱防制', '洗錢防制', true],
  ['tw', '防制洗錢辦法', '金融機構防制洗錢辦法', false],
  ['tw', '疑似洗錢', '疑似洗錢或資恐交易申報作業要點', false],
  ['tw', '金融消費者保護法', '金融消費者保護法', true],
  ['tw', '消費者保護', '金融消費者保護法部分條文修正施行', false],
  ['tw', '個人資料保護法', '個人資料保護法', true],
  ['tw', '个人资料', '個人資料保護法', false],
  ['tw', '安養信託自律規範', '信託業辦理安養信託業務自律規範', false],
  ['tw', '員工福利信託', '信託業辦理員工福利信託業務自律規範', false],
  ['tw', '公平待客', '信託業公平待客原則自律公約', false],
  ['tw', '廣告 行銷', '信託業廣告及行銷自律公約', false],
  ['tw', '金融友善', '金融友善服務', false],
  ['tw', '預售屋', '預售屋價金信託契約範本', false],
  ['tw', '申訴處理', '信託業客戶申訴處理作業範本', false],
  ['tw', '高齡安養信託', '高齡者安養信託推廣座談會圓滿落幕', false],
  ['tw', '信託業法施行細則修正', '信託業法施行細則修正條文公告', false],
  ['tw', '臺灣信託業協會', '臺灣信託業協會', true],
  ['tw', '台灣信託業協會', '臺灣信託業協會', true],
  ['en', 'Trust Enterprise Act', 'Trust Enterprise Act', true],
  ['en', 'trust enterprise act', 'Trust Enterprise Act', true],
  ['en', 'ＴＲＵＳＴ ＬＡＷ', 'Trust Law', false],
  ['en', 'Trust Law', 'Trust Law', false],
  ['en', 'trsut law', 'Trust Law', false],
  ['en', 'Enforcment Rules', 'Enforcement Rules of the Trust Enterprise Act', false],
  ['en', 'common trust fund', 'Regulations Governing Common Trust Funds', false],
  ['en', 'real estate development', 'Guidelines for Real Estate Development Trusts', false],
  ['en', 'estate gift tax', 'Estate and Gift Tax Act (trust provisions)', false],
  ['en', 'senior-care trust taxation', 'Ruling on taxation of senior-care trust benefits', false],
  ['en', 'Money Laundering Control Act', 'Money Laundering Control Act', true],
  ['en', 'Financial Consumer Protection Act', 'Financial Consumer Protection Act', true],
  ['en', 'money laundring', 'Anti-money laundering', false],
  ['en', 'suspicious transaction', 'Guidelines for reporting suspicious transactions', false],
  ['en', 'consumer protection', 'Financial consumer protection', false],
  ['en', 'personal data', 'Personal Data Protection Act', false],
  ['en', 'employee benefit trusts', 'Self-regulatory Rules for Employee Benefit Trusts', false],
  ['en', 'treating customers fairly', 'Treating Customers Fairly Pledge', false],
  ['en', 'advertising marketing', 'Advertising and Marketing Code', false],
  ['en', 'pre-sale housing escrow', 'Model Pre-sale Housing Escrow Trust Agreement', false],
  ['en', 'complaint handling', 'Model Complaint-handling Procedure', false],
  ['en', 'proficiency test registration', 'Proficiency test registration', true],
];

describe.each(EXPECTED)('%s %s', (language, query, title, first) => {
  test(first ? `finds ${title} first` : `finds ${title} in the top 3`, async () => {
    const titles = (await searchSite(language, query, 1)).hits.map((hit) => hit.title);
    if (first) expect(titles[0]).toBe(title);
    else expect(titles.slice(0, 3)).toContain(title);
  });
});

test('台/臺 and Simplified input find the same rows; a typo is corrected and offered', async () => {
  expect((await searchSite('tw', '台灣', 1)).total).toBe((await searchSite('tw', '臺灣', 1)).total);
  expect((await searchSite('tw', '信托', 1)).total).toBe((await searchSite('tw', '信託', 1)).total);
  const typo = await searchSite('en', 'trsut', 1);
  expect(typo.suggestion).toBe('trust');
  expect(typo.total).toBeGreaterThan(0);
  expect((await searchSite('en', 'trust', 1)).suggestion).toBeUndefined();
});

test('filters by area and year, with counts, and marks the matched words', async () => {
  const all = await searchSite('tw', '信託', 1);
  expect(all.areas.reduce((sum, a) => sum + a.count, 0)).toBe(all.total);
  const laws = all.areas.find((a) => a.area === 'laws')!;
  const onlyLaws = await searchSite('tw', '信託', 1, { area: 'laws' });
  expect(onlyLaws.total).toBe(laws.count);
  expect(onlyLaws.hits.every((hit) => hit.route === 'laws')).toBe(true);
  const year = all.years[0];
  const inYear = await searchSite('tw', '信託', 1, { year: year.year });
  expect(inYear.total).toBe(year.count);
  expect(inYear.hits.every((hit) => hit.date && new Date(hit.date).getFullYear() >= year.year - 1)).toBe(true);
  expect(snippetOf('本會辦理信托與ＴＲＵＳＴ講座', ['信託', 'trust'])).toEqual([
    { text: '本會辦理' },
    { text: '信托', mark: true },
    { text: '與' },
    { text: 'ＴＲＵＳＴ', mark: true },
    { text: '講座' },
  ]);
  const paged = await searchSite('tw', '信託', 2);
  expect(paged.page).toBe(2);
  expect(paged.hits.map((h) => h.id)).not.toEqual(all.hits.map((h) => h.id));
});
