import type { Bi } from './types';

/**
 * News and bulletins of the fictional Taiwan Trust Association, in both languages. Pairs share an
 * index so each Chinese row is linked to its English counterpart.
 */
export interface DemoArticle {
  tw: { title: string; summary: string; paragraphs: string[] };
  en: { title: string; summary: string; paragraphs: string[] };
  /** Published this many days ago; negative: scheduled for the future. */
  daysAgo: number;
  pinned?: boolean;
  /** A PDF attachment, named per language. */
  attachment?: Bi;
}

export const demoNews: DemoArticle[] = [
  {
    daysAgo: 1,
    pinned: true,
    attachment: { tw: '第十二屆第三次會員大會開會通知.pdf', en: 'General-Assembly-notice.pdf' },
    tw: {
      title: '本會第十二屆第三次會員大會訂於十二月舉行',
      summary: '會員大會將審議年度工作計畫、預算及章程修正案，請各會員機構指派代表出席。',
      paragraphs: [
        '本會第十二屆第三次會員大會訂於十二月十八日（星期五）下午二時假臺北國際會議中心舉行。',
        '大會將審議明年度工作計畫、收支預算及章程部分條文修正案，敬請各會員機構指派代表準時出席。',
      ],
    },
    en: {
      title: 'Third General Assembly of the 12th term to be held in December',
      summary:
        'The assembly will review the annual work plan, the budget and amendments to the articles of association.',
      paragraphs: [
        'The third General Assembly of the 12th term will be held on Friday 18 December at 2 p.m. at the Taipei International Convention Center.',
        'Members will review next year\u2019s work plan, budget and proposed amendments to the articles of association. Each member institution is asked to send a representative.',
      ],
    },
  },
  {
    daysAgo: 3,
    attachment: { tw: '第45次信託業務專業測驗簡章.pdf', en: '45th-proficiency-test-guide.pdf' },
    tw: {
      title: '信託業務人員信託業務專業測驗報名開始',
      summary: '第四十五次信託業務專業測驗即日起受理報名，測驗日期為明年一月。',
      paragraphs: [
        '第四十五次信託業務人員信託業務專業測驗即日起至十二月十五日受理網路報名。',
        '測驗科目包括信託法規、信託實務及職業道德，請有意報考者於報名期限內完成繳費。',
      ],
    },
    en: {
      title: 'Registration opens for the Trust Business Proficiency Test',
      summary: 'Registration for the 45th proficiency test is open; the test takes place in January.',
      paragraphs: [
        'Online registration for the 45th Trust Business Proficiency Test is open until 15 December.',
        'The test covers trust law, trust practice and professional ethics. Candidates must complete payment within the registration period.',
      ],
    },
  },
  {
    daysAgo: 6,
    tw: {
      title: '高齡者安養信託推廣座談會圓滿落幕',
      summary: '座談會邀請主管機關、學者及業者分享安養信託推動經驗，逾兩百人參加。',
      paragraphs: [
        '本會與金融研訓機構合辦之高齡者安養信託推廣座談會於上週圓滿落幕，計有兩百餘人參加。',
        '與會者就安養信託結合長期照顧服務、跨機構合作等議題熱烈交流。',
      ],
    },
    en: {
      title: 'Seminar on trusts for senior care draws more than 200 participants',
      summary: 'Regulators, scholars and trust companies shared experience in promoting senior-care trusts.',
      paragraphs: [
        'The seminar on senior-care trusts, co-hosted with a financial training institute, closed last week with more than two hundred participants.',
        'Speakers discussed combining trusts with long-term care services and cooperation across institutions.',
      ],
    },
  },
  {
    daysAgo: 9,
    attachment: { tw: '第三季信託業務統計摘要.pdf', en: 'Q3-trust-statistics-summary.pdf' },
    tw: {
      title: '本會發布第三季信託業務統計資料',
      summary: '截至第三季底，全體信託業信託財產總額較去年同期成長百分之八點二。',
      paragraphs: [
        '本會彙整全體會員機構資料，發布本年度第三季信託業務統計。',
        '截至九月底，信託財產總額較去年同期成長百分之八點二，其中金錢信託占比最高。',
      ],
    },
    en: {
      title: 'Third-quarter trust business statistics released',
      summary: 'Total trust assets at the end of the third quarter were 8.2% higher than a year earlier.',
      paragraphs: [
        'The Association has compiled its members\u2019 figures for the third quarter of the year.',
        'At the end of September, total trust assets were 8.2% higher than a year earlier; money trusts remain the largest category.',
      ],
    },
  },
  {
    daysAgo: 13,
    tw: {
      title: '金融友善服務準則修正說明會',
      summary: '說明會將介紹金融友善服務準則修正重點，歡迎會員機構報名參加。',
      paragraphs: [
        '為協助會員機構落實金融友善服務，本會將於下月舉辦準則修正說明會。',
        '內容包括身心障礙者服務流程、無障礙網站及臨櫃協助等修正重點。',
      ],
    },
    en: {
      title: 'Briefing on the amended Financial Friendly Service Guidelines',
      summary: 'Member institutions are invited to a briefing on the main changes to the guidelines.',
      paragraphs: [
        'To help members put financial friendly services into practice, the Association will hold a briefing next month.',
        'Topics include service procedures for people with disabilities, accessible websites and assistance at the counter.',
      ],
    },
  },
  {
    daysAgo: 17,
    tw: {
      title: '員工福利信託實務研討會開放報名',
      summary: '研討會將探討員工持股信託與福儲信託之稅務及實務議題。',
      paragraphs: [
        '本會將舉辦員工福利信託實務研討會，探討員工持股信託及福利儲蓄信託的最新實務。',
        '名額有限，請於報名截止日前完成線上報名。',
      ],
    },
    en: {
      title: 'Registration opens for the employee benefit trust workshop',
      summary: 'The workshop covers tax and practical questions of employee stock and savings trusts.',
      paragraphs: [
        'The Association will hold a workshop on current practice in employee stock ownership trusts and employee savings trusts.',
        'Places are limited; please register online before the deadline.',
      ],
    },
  },
  {
    daysAgo: 22,
    tw: {
      title: '本會理事長率團拜會日本信託協會',
      summary: '雙方就高齡社會信託商品及人才培育交換意見，並簽署合作備忘錄。',
      paragraphs: [
        '本會理事長率領會員代表團赴東京拜會日本信託協會。',
        '雙方就高齡社會信託商品設計及專業人才培育交換意見，並簽署交流合作備忘錄。',
      ],
    },
    en: {
      title: 'Chairman leads delegation to the Trust Companies Association of Japan',
      summary: 'Both sides discussed trust products for an ageing society and signed a memorandum of cooperation.',
      paragraphs: [
        'The Chairman led a delegation of members to visit the Trust Companies Association of Japan in Tokyo.',
        'The two associations exchanged views on trust products for an ageing society and on training, and signed a memorandum of cooperation.',
      ],
    },
  },
  {
    daysAgo: 28,
    attachment: { tw: '信託業防制洗錢注意事項範本修正對照表.pdf', en: 'Model-AML-guidelines-amendments.pdf' },
    tw: {
      title: '信託業防制洗錢注意事項範本修正',
      summary: '配合主管機關規範，本會修正信託業防制洗錢及打擊資恐注意事項範本。',
      paragraphs: [
        '配合主管機關最新規範，本會修正信託業防制洗錢及打擊資恐注意事項範本，並函知各會員機構。',
        '修正重點包括客戶風險評估及持續審查之頻率。',
      ],
    },
    en: {
      title: 'Model anti-money-laundering guidelines for trust businesses amended',
      summary: 'The model AML/CFT guidelines were amended to follow the regulator\u2019s latest rules.',
      paragraphs: [
        'Following the regulator\u2019s latest rules, the Association amended its model AML/CFT guidelines and notified all members.',
        'The changes concern customer risk assessment and the frequency of ongoing reviews.',
      ],
    },
  },
  {
    daysAgo: 35,
    tw: {
      title: '年度信託業績優良獎頒獎典禮',
      summary: '表揚在安養信託、公益信託及金融教育推廣表現優異的會員機構。',
      paragraphs: [
        '本會年度信託業績優良獎頒獎典禮於本月舉行，共有十二家會員機構獲獎。',
        '獎項涵蓋安養信託、公益信託及金融教育推廣等類別。',
      ],
    },
    en: {
      title: 'Annual Trust Excellence Awards presented',
      summary: 'Members were recognised for senior-care trusts, charitable trusts and financial education.',
      paragraphs: [
        'The Association presented its annual Trust Excellence Awards this month; twelve member institutions received awards.',
        'Categories include senior-care trusts, charitable trusts and financial education.',
      ],
    },
  },
  {
    daysAgo: 42,
    tw: {
      title: '本會網站改版上線',
      summary: '新版網站提供中英文雙語內容並符合無障礙規範，歡迎多加利用。',
      paragraphs: [
        '本會新版網站正式上線，提供中英文雙語內容，並依無障礙網頁規範設計。',
        '歡迎透過「聯絡我們」提供使用意見。',
      ],
    },
    en: {
      title: 'The Association\u2019s new website is online',
      summary: 'The new bilingual website follows accessibility guidelines.',
      paragraphs: [
        'The Association\u2019s new website is online, in Chinese and English, designed to accessibility guidelines.',
        'Please send us your comments through the contact form.',
      ],
    },
  },
  {
    daysAgo: 56,
    tw: {
      title: '本會與金融研訓機構合辦信託實務人才培訓計畫',
      summary: '培訓計畫涵蓋家族信託、安養信託及不動產信託，全年共開設十二個班次。',
      paragraphs: [
        '為培育信託專業人才，本會與金融研訓機構合作推出年度信託實務人才培訓計畫。',
        '課程涵蓋家族信託規劃、安養信託實務及不動產信託作業，全年共開設十二個班次，會員機構員工享有報名優惠。',
      ],
    },
    en: {
      title: 'Trust practice training programme launched with a financial training institute',
      summary: 'Twelve classes this year cover family trusts, senior-care trusts and real estate trusts.',
      paragraphs: [
        'To develop trust professionals, the Association and a financial training institute have launched an annual training programme on trust practice.',
        'Courses cover family trust planning, senior-care trust practice and real estate trust operations. Twelve classes run this year, with reduced fees for staff of member institutions.',
      ],
    },
  },
  {
    daysAgo: -5,
    tw: {
      title: '本會年終記者會暨信託業務成果發表',
      summary: '本會將於年終記者會發表全年信託業務成果及明年推動重點。',
      paragraphs: [
        '本會訂於下週舉行年終記者會，由理事長說明全年信託業務發展成果。',
        '記者會亦將公布明年度推動重點，包括擴大安養信託服務及信託與長照資源整合。',
      ],
    },
    en: {
      title: 'Year-end press conference on trust business results',
      summary: 'The Association will present the year\u2019s results and next year\u2019s priorities.',
      paragraphs: [
        'The Association will hold its year-end press conference next week, where the Chairman will present the year\u2019s results in trust business.',
        'Next year\u2019s priorities will also be announced, including wider senior-care trust services and closer links between trusts and long-term care.',
      ],
    },
  },
];

export const demoBulletinTypes = [
  { tw: '法規公告', en: 'Regulatory notices' },
  { tw: '業務公告', en: 'Business notices' },
  { tw: '會務公告', en: 'Association affairs' },
];

export const demoBulletins: (DemoArticle & { type: number })[] = [
  {
    type: 0,
    daysAgo: 2,
    pinned: true,
    attachment: { tw: '信託業法施行細則修正條文對照表.pdf', en: 'Enforcement-Rules-amendments.pdf' },
    tw: {
      title: '信託業法施行細則修正條文公告',
      summary: '',
      paragraphs: [
        '主管機關公告修正信託業法施行細則部分條文，自公告日起施行。',
        '請各會員機構依修正條文檢視內部作業規範。',
      ],
    },
    en: {
      title: 'Amended Enforcement Rules of the Trust Enterprise Act',
      summary: '',
      paragraphs: [
        'The regulator has amended parts of the Enforcement Rules of the Trust Enterprise Act, effective on publication.',
        'Members should review their internal procedures against the amended rules.',
      ],
    },
  },
  {
    type: 0,
    daysAgo: 8,
    tw: {
      title: '信託業營運範圍受益權轉讓限制規定修正',
      summary: '',
      paragraphs: ['修正信託業營運範圍受益權轉讓限制相關規定，請會員機構配合辦理。'],
    },
    en: {
      title: 'Amended rules on transfer of beneficial interests',
      summary: '',
      paragraphs: [
        'Rules restricting the transfer of beneficial interests within trust business scope have been amended; members should comply.',
      ],
    },
  },
  {
    type: 0,
    daysAgo: 19,
    tw: {
      title: '信託資金集合管理運用帳戶管理辦法修正',
      summary: '',
      paragraphs: ['集合管理運用帳戶管理辦法部分條文修正，自明年一月一日起施行。'],
    },
    en: {
      title: 'Amended regulations on collective trust fund accounts',
      summary: '',
      paragraphs: [
        'Parts of the regulations on collective management accounts are amended, effective 1 January next year.',
      ],
    },
  },
  {
    type: 1,
    daysAgo: 4,
    tw: {
      title: '年度信託業務檢查重點',
      summary: '',
      paragraphs: ['主管機關公布明年度信託業務檢查重點，包括安養信託及客戶權益保障。'],
    },
    en: {
      title: 'Inspection priorities for trust business next year',
      summary: '',
      paragraphs: [
        'The regulator has published next year\u2019s inspection priorities, including senior-care trusts and customer protection.',
      ],
    },
  },
  {
    type: 1,
    daysAgo: 11,
    attachment: { tw: '信託報酬揭露格式範本.pdf', en: 'Model-trust-fee-disclosure.pdf' },
    tw: {
      title: '信託報酬揭露格式範本',
      summary: '',
      paragraphs: ['本會訂定信託報酬揭露格式範本，供會員機構參考使用。'],
    },
    en: {
      title: 'Model format for disclosing trust fees',
      summary: '',
      paragraphs: ['The Association has issued a model format for disclosing trust fees for members to use.'],
    },
  },
  {
    type: 1,
    daysAgo: 24,
    tw: {
      title: '不動產信託作業流程參考指引',
      summary: '',
      paragraphs: ['本會發布不動產信託作業流程參考指引，涵蓋受託、管理及結算各階段。'],
    },
    en: {
      title: 'Reference guide to real estate trust procedures',
      summary: '',
      paragraphs: [
        'The Association published a reference guide covering acceptance, management and settlement of real estate trusts.',
      ],
    },
  },
  {
    type: 2,
    daysAgo: 5,
    attachment: { tw: '第十二屆第八次理監事聯席會議紀錄.pdf', en: 'Minutes-8th-joint-board-meeting.pdf' },
    tw: {
      title: '第十二屆第八次理監事聯席會議紀錄',
      summary: '',
      paragraphs: ['第十二屆第八次理監事聯席會議紀錄已上傳，請會員機構參閱。'],
    },
    en: {
      title: 'Minutes of the 8th joint board meeting of the 12th term',
      summary: '',
      paragraphs: ['The minutes of the 8th joint meeting of directors and supervisors are available to members.'],
    },
  },
  {
    type: 2,
    daysAgo: 15,
    tw: {
      title: '本會春節期間服務時間調整',
      summary: '',
      paragraphs: ['春節連續假期期間本會暫停服務，假期後第一個工作日恢復正常上班。'],
    },
    en: {
      title: 'Office hours during the Lunar New Year holiday',
      summary: '',
      paragraphs: [
        'The office is closed during the Lunar New Year holiday and reopens on the first working day after it.',
      ],
    },
  },
  {
    type: 2,
    daysAgo: 30,
    tw: {
      title: '會費繳納通知',
      summary: '',
      paragraphs: ['明年度會費繳款通知已寄送各會員機構，請於期限內完成繳納。'],
    },
    en: {
      title: 'Membership dues notice',
      summary: '',
      paragraphs: [
        'Notices for next year\u2019s membership dues have been sent to all members; please pay by the due date.',
      ],
    },
  },
  {
    type: 0,
    daysAgo: 37,
    tw: {
      title: '金融消費者保護法部分條文修正施行',
      summary: '',
      paragraphs: [
        '金融消費者保護法部分條文修正施行，涉及金融服務業提供商品或服務之說明及揭露義務。',
        '請會員機構檢視信託商品之說明文件及銷售流程。',
      ],
    },
    en: {
      title: 'Amendments to the Financial Consumer Protection Act take effect',
      summary: '',
      paragraphs: [
        'Amendments to the Financial Consumer Protection Act concerning the duty to explain and disclose products and services have taken effect.',
        'Members should review the documents and sales procedures of their trust products.',
      ],
    },
  },
  {
    type: 0,
    daysAgo: 52,
    tw: {
      title: '信託業辦理高齡者及身心障礙者財產信託評鑑及獎勵措施',
      summary: '',
      paragraphs: ['主管機關發布信託業辦理高齡者及身心障礙者財產信託之評鑑及獎勵措施，評鑑結果將作為業務申請之參考。'],
    },
    en: {
      title: 'Evaluation and incentives for trusts serving seniors and people with disabilities',
      summary: '',
      paragraphs: [
        'The regulator has published an evaluation and incentive scheme for trusts serving seniors and people with disabilities; results will be considered in business applications.',
      ],
    },
  },
  {
    type: 1,
    daysAgo: 33,
    tw: {
      title: '預售屋價金信託作業注意事項',
      summary: '',
      paragraphs: [
        '為保障購屋者權益，本會訂定預售屋價金信託作業注意事項，供會員機構辦理時遵循。',
        '注意事項包括專戶管理、撥款條件及資訊揭露。',
      ],
    },
    en: {
      title: 'Guidelines for pre-sale housing escrow trusts',
      summary: '',
      paragraphs: [
        'To protect home buyers, the Association has issued guidelines for members handling pre-sale housing escrow trusts.',
        'They cover segregated accounts, conditions for payments and disclosure.',
      ],
    },
  },
  {
    type: 1,
    daysAgo: 47,
    tw: {
      title: '信託業客戶申訴處理機制範本更新',
      summary: '',
      paragraphs: ['本會更新信託業客戶申訴處理機制範本，明定受理、調查及回覆之時限。'],
    },
    en: {
      title: 'Model complaint-handling procedure updated',
      summary: '',
      paragraphs: [
        'The Association has updated its model complaint-handling procedure for trust businesses, setting time limits for acceptance, investigation and reply.',
      ],
    },
  },
  {
    type: 2,
    daysAgo: 44,
    tw: {
      title: '本會辦公室遷址公告',
      summary: '',
      paragraphs: ['本會辦公室自下月一日起遷至臺北市中正區新址辦公，電話及傳真號碼維持不變。'],
    },
    en: {
      title: 'The Association\u2019s office is moving',
      summary: '',
      paragraphs: [
        'From the first of next month the office moves to its new address in Zhongzheng District, Taipei. Telephone and fax numbers stay the same.',
      ],
    },
  },
  {
    type: 2,
    daysAgo: 61,
    tw: {
      title: '第十二屆理監事選舉結果公告',
      summary: '',
      paragraphs: ['第十二屆理事及監事選舉業於會員大會完成，當選名單已公布於理監事專頁。'],
    },
    en: {
      title: 'Results of the election of directors and supervisors',
      summary: '',
      paragraphs: [
        'The election of directors and supervisors for the 12th term was held at the General Assembly; the results are on the board page.',
      ],
    },
  },
];
