/**
 * The server-side reads of the about, laws, self-regulation, members and service-point pages
 * (lib/public/{about,laws,members}): what visitors see, filters that combine, lenient parameters,
 * paging past the end, and the video watch link counting one view per hit.
 */
import { withDatabase } from '../helpers/database';
import { resources } from '../../lib/content/model/registry';
import { insertRow, updateRow } from '../../lib/content/storage/row-writes';
import { getRow } from '../../lib/content/storage/row-reads';
import type { Row } from '../../lib/content/model/rows';
import { sections } from '../../lib/content/model/sections';
import { stampSection } from '../../lib/content/storage/update-times';
import { pageSections } from '../../lib/public/about/page-sections';
import { boards, committees } from '../../lib/public/about/people';
import { groupByYear, milestoneYears, milestones, yearParam } from '../../lib/public/about/milestones';
import { videoSource, videos } from '../../lib/public/about/videos';
import { watchVideo } from '../../lib/public/about/watch';
import { lawCriteria, lawOptions, searchLaws, hasCriteria } from '../../lib/public/laws/search';
import { lawDetail } from '../../lib/public/laws/detail';
import { disciplineTypes, disciplines, disciplinesUpdatedAt, typeParam } from '../../lib/public/laws/self-regulation';
import { members } from '../../lib/public/members/members';
import { servicePoints } from '../../lib/public/members/service-points';
import { sectionParam } from '../../lib/public/lists';

withDatabase();

type Name = keyof typeof resources;
const add = async (name: Name, values: Row, lang: 'tw' | 'en' = 'tw') =>
  (await insertRow(resources[name], { lang, ...values })) as Row & { id: number };
const hide = async (name: Name, row: Row) => updateRow(resources[name], row, { isVisible: false });

describe('law search', () => {
  let ids: Record<string, number>;

  beforeAll(async () => {
    const trust = await add('webruleclass', { name: '信託業法規' });
    const aml = await add('webruleclass', { name: '洗錢防制' });
    const money = await add('webrulebusiness', { classId: trust.id, name: '金錢信託' });
    const estate = await add('webrulebusiness', { classId: trust.id, name: '不動產信託' });
    const cdd = await add('webrulebusiness', { classId: aml.id, name: '客戶審查' });
    const act = await add('webruleattribute', { name: '法律' });
    const ruling = await add('webruleattribute', { name: '函釋' });
    const rule = (title: string, values: Row) => add('webrule', { title, content: '<p>條文</p>', ...values });
    const a = await rule('信託業法', {
      classId: trust.id,
      businessId: money.id,
      attributeId: act.id,
      issuedOn: '2020-05-01',
      content: '<p>信託<strong>業務</strong>之經營</p>',
    });
    const b = await rule('不動產信託函釋', {
      classId: trust.id,
      businessId: estate.id,
      attributeId: ruling.id,
      issuedOn: '2022-03-10',
    });
    const c = await rule('洗錢防制法', {
      classId: aml.id,
      businessId: cdd.id,
      attributeId: act.id,
      issuedOn: '2023-01-15',
    });
    const hidden = await rule('隱藏的信託法規', {
      classId: trust.id,
      businessId: money.id,
      attributeId: act.id,
      issuedOn: '2021-01-01',
    });
    await hide('webrule', hidden);
    await add('webrule', { title: 'Trust Enterprise Act', classId: trust.id, issuedOn: '2020-05-01' }, 'en');
    ids = {
      trust: trust.id,
      aml: aml.id,
      money: money.id,
      estate: estate.id,
      cdd: cdd.id,
      act: act.id,
      ruling: ruling.id,
      a: a.id,
      b: b.id,
      c: c.id,
      hidden: hidden.id,
    };
  });

  const search = async (params: Record<string, string>, page = 1) => {
    const options = await lawOptions('tw');
    const criteria = lawCriteria(params, options);
    const result = await searchLaws('tw', criteria, page);
    return { criteria, result, titles: result.items.map((item) => item.title) };
  };

  it('lists every public law of the language when there are no criteria', async () => {
    const { criteria, result } = await search({});
    expect(hasCriteria(criteria)).toBe(false);
    expect(result.items.map((item) => item.id).sort()).toEqual([ids.a, ids.b, ids.c].sort());
  });

  it('offers the options of the form, business lines with their class', async () => {
    const options = await lawOptions('tw');
    expect(options.classes.map((c) => c.name)).toEqual(['信託業法規', '洗錢防制']);
    expect(options.businesses).toEqual([
      { id: ids.money, name: '金錢信託', classId: ids.trust },
      { id: ids.estate, name: '不動產信託', classId: ids.trust },
      { id: ids.cdd, name: '客戶審查', classId: ids.aml },
    ]);
  });

  it('combines keyword, class, business, attribute and dates', async () => {
    expect((await search({ q: '信託' })).titles.sort()).toEqual(['不動產信託函釋', '信託業法'].sort());
    // A keyword across a tag inside the rich text, and two terms that must both match.
    expect((await search({ q: '信託業務' })).titles).toEqual(['信託業法']);
    expect((await search({ q: '信託 函釋' })).titles).toEqual(['不動產信託函釋']);
    expect((await search({ class: String(ids.trust), attribute: String(ids.act) })).titles).toEqual(['信託業法']);
    expect((await search({ class: String(ids.trust), business: String(ids.estate) })).titles).toEqual([
      '不動產信託函釋',
    ]);
    expect((await search({ from: '2022-01-01' })).titles.sort()).toEqual(['不動產信託函釋', '洗錢防制法'].sort());
    expect((await search({ from: '2020-05-01', to: '2022-03-10' })).titles.sort()).toEqual(
      ['不動產信託函釋', '信託業法'].sort(),
    );
    expect(
      (await search({ q: '法', attribute: String(ids.act), from: '2021-01-01', to: '2023-12-31' })).titles,
    ).toEqual(['洗錢防制法']);
    expect((await search({ from: '2023-02-01', to: '2022-01-01' })).titles).toEqual([]);
  });

  it('drops parameters it cannot use instead of failing', async () => {
    const bad = await search({ class: '999', attribute: 'x', from: '2022-13-45', to: 'tomorrow', page: '-1' });
    expect(bad.criteria).toEqual({
      keyword: '',
      classId: undefined,
      businessId: undefined,
      attributeId: undefined,
      from: undefined,
      to: undefined,
    });
    expect(bad.result.total).toBe(3);
    // A business line of another class is ignored; alone, it implies its class.
    expect((await search({ class: String(ids.aml), business: String(ids.money) })).criteria).toMatchObject({
      classId: ids.aml,
      businessId: undefined,
    });
    expect((await search({ business: String(ids.cdd) })).criteria).toMatchObject({
      classId: ids.aml,
      businessId: ids.cdd,
    });
    // A hidden class or row is not an option.
    expect((await search({ q: '隱藏' })).titles).toEqual([]);
  });

  it('shows the last page for a page past the end', async () => {
    const { result } = await search({}, 99);
    expect(result.page).toBe(1);
    expect(result.items).toHaveLength(3);
  });

  it('names the class, business line and attribute of a law', async () => {
    const row = (await getRow(resources.webrule, { language: 'tw', publicOnly: true }, ids.b))!;
    expect(await lawDetail(row, 'tw')).toMatchObject({
      title: '不動產信託函釋',
      className: '信託業法規',
      businessName: '不動產信託',
      attributeName: '函釋',
      issuedOn: '2022-03-10',
      files: [],
    });
  });
});

describe('milestones', () => {
  beforeAll(async () => {
    for (const [eventDate, title] of [
      ['2019-03-01', 'A'],
      ['2021-06-01', 'B'],
      ['2021-11-20', 'C'],
      ['2024-01-05', 'D'],
    ]) {
      await add('webmemorabilia', { eventDate, title });
    }
    await hide('webmemorabilia', await add('webmemorabilia', { eventDate: '2018-01-01', title: 'hidden' }));
    await add('webmemorabilia', { eventDate: '2017-01-01', title: 'English' }, 'en');
  });

  it('offers the years present, newest first', async () => {
    const years = await milestoneYears('tw');
    expect(years).toEqual([2024, 2021, 2019]);
    expect(yearParam(years, '2021')).toBe(2021);
    expect(yearParam(years, '2018')).toBeUndefined();
    expect(yearParam(years, 'abc')).toBeUndefined();
  });

  it('groups a page by year, newest first, and filters one year', async () => {
    const all = await milestones('tw', { page: 1 });
    expect(groupByYear(all.items).map((group) => [group.year, group.items.map((item) => item.title)])).toEqual([
      [2024, ['D']],
      [2021, ['C', 'B']],
      [2019, ['A']],
    ]);
    const one = await milestones('tw', { year: 2021, page: 1 });
    expect(one.items.map((item) => item.title)).toEqual(['C', 'B']);
    expect((await milestones('tw', { year: 2021, page: 5 })).page).toBe(1);
  });
});

describe('service points', () => {
  beforeAll(async () => {
    const bank = await add('webmemberdept', { name: '福泰銀行', category: 1 });
    const hiddenMember = await add('webmemberdept', { name: '隱藏銀行', category: 1 });
    await hide('webmemberdept', hiddenMember);
    await add('webareainfo', {
      areaType: 1,
      regionCode: 6,
      name: '高雄分行',
      memberDeptId: bank.id,
      address: '高雄市',
      phone: '07-1',
    });
    await add('webareainfo', { areaType: 1, regionCode: 1, name: '臺北總行', memberDeptId: bank.id });
    await add('webareainfo', { areaType: 2, regionCode: 1, name: '臺北安養窗口', memberDeptId: hiddenMember.id });
    await hide('webareainfo', await add('webareainfo', { areaType: 1, regionCode: 1, name: '隱藏據點' }));
  });

  const names = async (type?: string, region?: string) =>
    (
      await servicePoints('tw', {
        areaType: sectionParam(sections.areaTypes, type),
        region: sectionParam(sections.regions, region),
        page: 1,
      })
    ).items.map((p) => p.name);

  it('filters by region and kind, kept together by region', async () => {
    expect(await names()).toEqual(['臺北總行', '臺北安養窗口', '高雄分行']);
    expect(await names(undefined, '1')).toEqual(['臺北總行', '臺北安養窗口']);
    expect(await names('1', '1')).toEqual(['臺北總行']);
    expect(await names('2')).toEqual(['臺北安養窗口']);
    expect(await names(undefined, '6')).toEqual(['高雄分行']);
    expect(await names(undefined, '22')).toEqual([]);
    // Unknown values filter nothing.
    expect(await names('9', '99')).toHaveLength(3);
  });

  it('names the member institution only when it is public', async () => {
    const { items } = await servicePoints('tw', { page: 1 });
    expect(items.find((p) => p.name === '高雄分行')).toMatchObject({
      member: { name: '福泰銀行' },
      address: '高雄市',
      phone: '07-1',
    });
    expect(items.find((p) => p.name === '臺北安養窗口')!.member).toBeUndefined();
  });
});

describe('members', () => {
  it('lists public members by category without the private contact person', async () => {
    await add('webmemberdept', {
      name: '明德信託',
      category: 2,
      contactPerson: '劉經理',
      website: 'https://mingde.example',
    });
    const trust = await members('tw', { category: sections.memberCategories[1], page: 1 });
    expect(trust.items.map((m) => m.name)).toEqual(['明德信託']);
    expect(trust.items[0]).not.toHaveProperty('contactPerson');
    const all = await members('tw', { page: 1 });
    expect(all.items.map((m) => m.category)).toEqual([...all.items.map((m) => m.category)].sort());
    expect(all.items.map((m) => m.name)).not.toContain('隱藏銀行');
  });
});

describe('videos and the watch link', () => {
  let video: Row;

  beforeAll(async () => {
    video = await add('webvision', {
      category: 1,
      title: '宣導影片',
      videoUrl: 'https://youtu.be/Jm8b3QbVqP4',
      clicks: 5,
    });
  });

  const clicksOf = async (id: number) =>
    (await getRow(resources.webvision, { language: 'tw', publicOnly: false }, id))!.clicks;

  it('recognises YouTube, Vimeo and uploaded files', () => {
    expect(videoSource('https://www.youtube.com/watch?v=Jm8b3QbVqP4&t=3')).toEqual({
      kind: 'youtube',
      videoId: 'Jm8b3QbVqP4',
      url: 'https://www.youtube.com/watch?v=Jm8b3QbVqP4',
    });
    expect(videoSource('https://youtu.be/Jm8b3QbVqP4')).toMatchObject({ kind: 'youtube', videoId: 'Jm8b3QbVqP4' });
    expect(videoSource('https://www.youtube.com/embed/Jm8b3QbVqP4')).toMatchObject({
      kind: 'youtube',
      videoId: 'Jm8b3QbVqP4',
    });
    expect(videoSource('https://vimeo.com/76979871')).toEqual({
      kind: 'vimeo',
      videoId: '76979871',
      url: 'https://vimeo.com/76979871',
    });
    expect(videoSource('https://player.vimeo.com/video/76979871')).toMatchObject({
      kind: 'vimeo',
      videoId: '76979871',
    });
    expect(videoSource('/uploads/abc/film.mp4')).toEqual({ kind: 'file', url: '/uploads/abc/film.mp4' });
    expect(videoSource('https://example.com/film')).toEqual({ kind: 'link', url: 'https://example.com/film' });
  });

  it('adds exactly one view per hit and sends the visitor to the player', async () => {
    const response = await watchVideo('tw', String(video.id));
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('https://www.youtube.com/watch?v=Jm8b3QbVqP4');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await clicksOf(video.id as number)).toBe(6);
    await Promise.all(Array.from({ length: 20 }, () => watchVideo('tw', String(video.id))));
    expect(await clicksOf(video.id as number)).toBe(26);
    // The list shows the new count at once (the write empties the public cache).
    expect((await videos('tw', { page: 1 })).items[0].clicks).toBe(26);
  });

  it('counts nothing for a HEAD request, a hidden video, another language or a bad id', async () => {
    expect((await watchVideo('tw', String(video.id), 'HEAD')).status).toBe(303);
    // No such video here: the visitor goes to its page, which is the site's 404.
    const elsewhere = await watchVideo('en', String(video.id));
    expect([elsewhere.status, elsewhere.headers.get('location')]).toEqual([303, `/en/about/videos/${video.id}`]);
    expect((await watchVideo('tw', 'a/b')).headers.get('location')).toBe('/tw/about/videos/a%2Fb');
    const hidden = await add('webvision', { category: 1, title: '隱藏', videoUrl: 'https://vimeo.com/1' });
    await hide('webvision', hidden);
    expect((await watchVideo('tw', String(hidden.id))).headers.get('location')).toBe(`/tw/about/videos/${hidden.id}`);
    expect(await clicksOf(hidden.id as number)).toBe(0);
    expect(await clicksOf(video.id as number)).toBe(26);
  });

  it('sends an uploaded film to its own page and filters by category', async () => {
    const film = await add('webvision', { category: 3, title: '教學', videoUrl: '/uploads/abc/film.mp4' });
    const response = await watchVideo('tw', String(film.id));
    expect(response.headers.get('location')).toBe(`/tw/about/videos/${film.id}`);
    expect(await clicksOf(film.id as number)).toBe(1);
    expect((await videos('tw', { category: sections.visionCategories[2], page: 1 })).items.map((v) => v.title)).toEqual(
      ['教學'],
    );
  });
});

describe('boards, committees, page sections and self-regulation', () => {
  it('shows both boards with their people in order and their last-updated marks', async () => {
    await add('websupervisor', { boardType: 1, name: '王理事長', title: '理事長', organization: '福泰銀行' });
    await add('websupervisor', { boardType: 1, name: '李理事', title: '理事' });
    await add('websupervisor', { boardType: 2, name: '陳監事', title: '常務監事' });
    const stamp = await stampSection(resources.websupervisor, 2, 'tw', new Date('2024-05-01T02:00:00Z'));
    const groups = await boards('tw');
    expect(groups.map((g) => [g.section.key, g.people.map((p) => p.name), g.updatedAt?.toISOString() ?? null])).toEqual(
      [
        ['directors', ['王理事長', '李理事'], null],
        ['supervisors', ['陳監事'], stamp.toISOString()],
      ],
    );
    expect(groups[0].people[0]).toMatchObject({ title: '理事長', organization: '福泰銀行' });
  });

  it('shows every committee, or the one asked for', async () => {
    await add('webcommittee', { committee: 2, name: '張委員', title: '主任委員' });
    expect((await committees('tw')).map((g) => g.section.value)).toEqual(sections.committees.map((c) => c.value));
    const only = await committees('tw', sectionParam(sections.committees, '2'));
    expect(only.map((g) => [g.section.value, g.people.map((p) => p.name)])).toEqual([[2, ['張委員']]]);
  });

  it('reads the sections of a fixed page in order', async () => {
    const first = await add('webeditor', { page: 1, title: '沿革', content: '<p>一</p>' });
    await add('webeditor', { page: 1, title: '宗旨', content: '<p>二</p>' });
    await add('webeditor', { page: 2, title: '組織', content: '<p>三</p>' });
    await hide('webeditor', await add('webeditor', { page: 1, title: '草稿', content: '<p>四</p>' }));
    expect((await pageSections('tw', 'about')).map((s) => s.title)).toEqual(['沿革', '宗旨']);
    expect((await pageSections('tw', 'about'))[0]).toEqual({ id: first.id, title: '沿革', content: '<p>一</p>' });
    expect((await pageSections('tw', 'organization')).map((s) => s.title)).toEqual(['組織']);
  });

  it('lists self-regulation rules by type with the latest change as the update date', async () => {
    expect(await disciplinesUpdatedAt('tw')).toBeNull();
    const general = await add('webdisciplinetype', { name: '一般' });
    const senior = await add('webdisciplinetype', { name: '安養' });
    await add('webdiscipline', { typeId: general.id, title: '自律規範甲', promulgatedOn: '2020-01-01' });
    const last = await add('webdiscipline', { typeId: senior.id, title: '自律規範乙' });
    const types = await disciplineTypes('tw');
    expect(types.map((t) => t.name)).toEqual(['一般', '安養']);
    expect(typeParam(types, String(senior.id))).toEqual({ id: senior.id, name: '安養' });
    expect(typeParam(types, '9999')).toBeUndefined();
    expect((await disciplines('tw', { typeId: senior.id, page: 1 })).items.map((d) => d.title)).toEqual(['自律規範乙']);
    expect((await disciplines('tw', { page: 1 })).items.map((d) => d.title)).toEqual(['自律規範甲', '自律規範乙']);
    expect((await disciplinesUpdatedAt('tw'))?.getTime()).toBe((last.updatedAt as Date).getTime());
  });
});
