import { bi, type Bi } from './types';

/**
 * Statistics (webstatics) by type (sections.staticsTypes), over several years. The figures are
 * invented but consistent: each series grows steadily from a base year, so tables, CSV files and
 * year filters all have plausible numbers to show.
 */
interface Series {
  label: Bi;
  /** Value in the base year 2021 and yearly growth. */
  base: number;
  growth: number;
  /** Flows (new cases, spending) scale with the part of the year a period covers; stocks do not. */
  flow?: boolean;
}

interface StatisticsType {
  type: number;
  title: Bi;
  unit: Bi;
  series: Series[];
}

const TYPES: StatisticsType[] = [
  {
    type: 1,
    title: bi('全體信託業信託業務統計', 'Trust business of all trust enterprises'),
    unit: bi('新臺幣億元', 'NT$100 million'),
    series: [
      { label: bi('信託財產總額', 'Total trust assets'), base: 102_350, growth: 0.082 },
      { label: bi('特定金錢信託', 'Specified money trusts'), base: 58_120, growth: 0.071 },
      { label: bi('集合管理運用帳戶', 'Collective management accounts'), base: 1_845, growth: 0.054 },
      { label: bi('有價證券信託', 'Securities trusts'), base: 21_760, growth: 0.093 },
      { label: bi('不動產信託', 'Real estate trusts'), base: 14_380, growth: 0.115 },
      { label: bi('信託報酬收入', 'Trust fee income'), base: 385, growth: 0.066, flow: true },
    ],
  },
  {
    type: 2,
    title: bi('信託財產類別統計', 'Trust assets by type of property'),
    unit: bi('新臺幣億元', 'NT$100 million'),
    series: [
      { label: bi('金錢之信託', 'Money'), base: 66_230, growth: 0.07 },
      { label: bi('有價證券之信託', 'Securities'), base: 21_760, growth: 0.093 },
      { label: bi('不動產之信託', 'Real estate'), base: 14_380, growth: 0.115 },
      { label: bi('金錢債權及其擔保物權之信託', 'Monetary claims and collateral'), base: 1_210, growth: -0.02 },
      { label: bi('其他', 'Other'), base: 160, growth: 0.03 },
    ],
  },
  {
    type: 3,
    title: bi('安養信託業務統計', 'Senior-care trusts'),
    unit: bi('件／新臺幣億元', 'cases / NT$100 million'),
    series: [
      { label: bi('安養信託受益人數（人）', 'Beneficiaries (people)'), base: 71_500, growth: 0.16 },
      { label: bi('信託財產本金（億元）', 'Trust principal (NT$100 million)'), base: 848, growth: 0.19 },
      { label: bi('新增受益人數（人）', 'New beneficiaries (people)'), base: 11_800, growth: 0.12, flow: true },
      { label: bi('辦理機構數（家）', 'Institutions offering them'), base: 38, growth: 0.04 },
    ],
  },
  {
    type: 4,
    title: bi('公益信託業務統計', 'Charitable trusts'),
    unit: bi('件／新臺幣億元', 'trusts / NT$100 million'),
    series: [
      { label: bi('公益信託件數（件）', 'Charitable trusts (number)'), base: 208, growth: 0.035 },
      { label: bi('信託財產本金（億元）', 'Trust principal (NT$100 million)'), base: 112, growth: 0.06 },
      {
        label: bi('年度公益支出（億元）', 'Charitable spending (NT$100 million)'),
        base: 6.3,
        growth: 0.05,
        flow: true,
      },
    ],
  },
];

type Period = 'year' | 'Q1' | 'Q2' | 'Q3' | 'Q4' | 'H1';

interface DemoStatistic {
  type: number;
  year: number;
  period: Period;
  /** Attach the table as CSV (and annual reports as PDF). */
  csv?: boolean;
  pdf?: boolean;
}

export const demoStatistics: DemoStatistic[] = [
  { type: 1, year: 2021, period: 'year', pdf: true },
  { type: 1, year: 2022, period: 'year', pdf: true },
  { type: 1, year: 2023, period: 'year', pdf: true, csv: true },
  { type: 1, year: 2024, period: 'Q1', csv: true },
  { type: 1, year: 2024, period: 'Q2', csv: true },
  { type: 1, year: 2024, period: 'Q3', csv: true },
  { type: 1, year: 2024, period: 'Q4', csv: true },
  { type: 1, year: 2025, period: 'Q1', csv: true },
  { type: 1, year: 2025, period: 'Q2', csv: true },
  { type: 2, year: 2022, period: 'year' },
  { type: 2, year: 2023, period: 'year', csv: true },
  { type: 2, year: 2024, period: 'year', csv: true, pdf: true },
  { type: 2, year: 2025, period: 'H1', csv: true },
  { type: 3, year: 2022, period: 'year' },
  { type: 3, year: 2023, period: 'year', csv: true },
  { type: 3, year: 2024, period: 'year', csv: true },
  { type: 3, year: 2025, period: 'H1', csv: true },
  { type: 4, year: 2023, period: 'year' },
  { type: 4, year: 2024, period: 'year', csv: true },
  { type: 4, year: 2025, period: 'H1' },
];

const PERIOD_END: Record<Period, number> = { Q1: 0.25, Q2: 0.5, H1: 0.5, Q3: 0.75, Q4: 1, year: 1 };

const periodLabel = (period: Period, year: number): Bi => {
  if (period === 'year') return bi('全年', 'Annual');
  if (period === 'H1') return bi(`${year}-06`, `${year}-06`);
  return bi(`第${period[1]}季`, period);
};

function value(series: Series, year: number, period: Period): number {
  // Stocks at the end of the period grow through the year; flows cover the year to date.
  const years = year - 2021 + (series.flow ? 0 : PERIOD_END[period] - 1);
  const level = series.base * (1 + series.growth) ** years;
  const amount = series.flow ? level * PERIOD_END[period] : level;
  return amount >= 100 ? Math.round(amount) : Math.round(amount * 10) / 10;
}

const format = (n: number) => n.toLocaleString('en-US');

/** Title, table rows and HTML of one statistics row in one language. */
export function statisticText(item: DemoStatistic, language: 'tw' | 'en') {
  const type = TYPES.find((t) => t.type === item.type)!;
  const period = periodLabel(item.period, item.year)[language];
  const title =
    language === 'tw'
      ? `${item.year}年${item.period === 'year' ? '' : item.period === 'H1' ? '上半年' : period}${type.title.tw}`
      : `${type.title.en}, ${item.period === 'year' ? item.year : item.period === 'H1' ? `first half of ${item.year}` : `${item.period} ${item.year}`}`;
  const header =
    language === 'tw'
      ? ['項目', `${item.year} ${period}`, '前一年同期', '年增率']
      : ['Item', `${item.year} ${period}`, 'Same period last year', 'Change'];
  const rows = type.series.map((series) => {
    const now = value(series, item.year, item.period);
    const before = value(series, item.year - 1, item.period);
    const change = `${(((now - before) / before) * 100).toFixed(1)}%`;
    return [series.label[language], format(now), format(before), change];
  });
  const note =
    language === 'tw'
      ? `單位：${type.unit.tw}。資料來源：本會彙整各會員機構申報資料。`
      : `Unit: ${type.unit.en}. Source: figures reported by member institutions, compiled by the Association.`;
  const table =
    `<table><caption>${title}</caption><thead><tr>${header.map((h) => `<th scope="col">${h}</th>`).join('')}</tr></thead><tbody>` +
    rows
      .map(([label, ...cells]) => `<tr><th scope="row">${label}</th>${cells.map((c) => `<td>${c}</td>`).join('')}</tr>`)
      .join('') +
    `</tbody></table><p>${note}</p>`;
  const fileBase = language === 'tw' ? title : title.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '');
  return { title, period, header, rows, note, content: table, fileBase };
}
