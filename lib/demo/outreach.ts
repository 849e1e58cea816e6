import { bi, type Bi } from './types';

/** Education (by educationCategories), videos (by visionCategories), milestones and proficiency tests. */
interface DemoEducation {
  category: number;
  link?: string;
  attachment?: Bi;
  tw: { title: string; summary: string; paragraphs: string[] };
  en: { title: string; summary: string; paragraphs: string[] };
}

export const demoEducation: DemoEducation[] = [
  // 1 Financial literacy
  {
    category: 1,
    attachment: bi('信託入門手冊.pdf', 'Introduction-to-trusts.pdf'),
    tw: {
      title: '信託入門：五分鐘看懂信託',
      summary: '用生活化的例子說明委託人、受託人與受益人的關係。',
      paragraphs: [
        '信託就像把財產交給值得信賴的管家，並事先寫好使用說明書。委託人決定財產要給誰、怎麼用，受託人依照約定執行，受益人則享有財產帶來的利益。',
        '由於信託財產獨立於受託人的自有財產，即使受託機構發生財務問題，信託財產也受到保障。',
      ],
    },
    en: {
      title: 'Trusts in five minutes',
      summary: 'Everyday examples explain how settlors, trustees and beneficiaries relate.',
      paragraphs: [
        'A trust is like handing your property to a reliable steward along with written instructions. The settlor decides who benefits and how; the trustee carries out the instructions; the beneficiary enjoys the benefit.',
        'Because trust property is separate from the trustee\u2019s own assets, it stays protected even if the trustee runs into financial trouble.',
      ],
    },
  },
  {
    category: 1,
    link: 'https://www.fsc.gov.tw',
    tw: {
      title: '如何比較信託報酬與費用',
      summary: '簽約前應留意的簽約費、管理費及變更費用。',
      paragraphs: [
        '信託費用通常包括簽約手續費、信託管理費及契約變更費。管理費多以信託財產的一定比率按年計收，部分機構另設有最低收費。',
        '簽約前請要求受託機構提供費用說明，並比較不同機構的收費方式。',
      ],
    },
    en: {
      title: 'Comparing trust fees',
      summary: 'Set-up fees, management fees and amendment fees to check before signing.',
      paragraphs: [
        'Trust costs usually include a set-up fee, an annual management fee and a fee for amending the agreement. Management fees are often a percentage of the trust property with a minimum charge.',
        'Ask the trustee for a written fee schedule before signing and compare several institutions.',
      ],
    },
  },
  {
    category: 1,
    tw: {
      title: '信託與遺囑有什麼不同？',
      summary: '比較信託與遺囑在財產傳承上的優缺點。',
      paragraphs: [
        '遺囑於立遺囑人死亡後才生效，財產一次移轉給繼承人；信託則可在生前即開始運作，並依約定分期給付，避免繼承人一次取得大筆財產而不當使用。',
        '兩者可以搭配運用，例如以遺囑信託方式安排身後財產的管理。',
      ],
    },
    en: {
      title: 'Trusts and wills compared',
      summary: 'The strengths of each for passing on wealth.',
      paragraphs: [
        'A will takes effect at death and passes property to heirs at once; a trust can start during your lifetime and pay out in instalments, so heirs do not receive a large sum all at once.',
        'The two work together: a testamentary trust manages property after death.',
      ],
    },
  },
  // 2 Fraud prevention
  {
    category: 2,
    attachment: bi('常見詐騙手法一覽.pdf', 'Common-scams.pdf'),
    tw: {
      title: '識破假投資詐騙',
      summary: '保證獲利、高報酬低風險都是詐騙警訊。',
      paragraphs: [
        '詐騙集團常以社群群組、假冒名人推薦等方式招攬投資，並標榜保證獲利。請記住：沒有高報酬而零風險的投資。',
        '如有疑問，請撥打 165 反詐騙諮詢專線查證。',
      ],
    },
    en: {
      title: 'Spotting fake investment schemes',
      summary: 'Guaranteed profit and high returns without risk are warning signs.',
      paragraphs: [
        'Fraudsters recruit through social media groups and fake celebrity endorsements, promising guaranteed profits. Remember: no investment offers high returns without risk.',
        'If in doubt, call the 165 anti-fraud hotline.',
      ],
    },
  },
  {
    category: 2,
    tw: {
      title: '信託如何保護長輩財產免於詐騙',
      summary: '透過安養信託約定給付方式，降低財產被騙的風險。',
      paragraphs: ['將退休金交付安養信託後，大額支出須依契約約定或經信託監察人同意，詐騙集團難以一次取走大筆金錢。'],
    },
    en: {
      title: 'How trusts protect older people from fraud',
      summary: 'A senior-care trust limits how money can be paid out.',
      paragraphs: [
        'Once retirement savings are in a senior-care trust, large payments need the agreed conditions or the trust supervisor\u2019s consent, so fraudsters cannot take a large sum at once.',
      ],
    },
  },
  {
    category: 2,
    link: 'https://165.npa.gov.tw',
    tw: {
      title: '接到可疑電話怎麼辦？',
      summary: '一聽、二掛、三查證，守住荷包。',
      paragraphs: [
        '接到自稱檢警、銀行或親友急需用錢的電話時，請先掛斷，再以自行查得的電話號碼向相關單位查證。',
        '切勿依對方指示操作 ATM 或提供網路銀行密碼。',
      ],
    },
    en: {
      title: 'What to do about a suspicious call',
      summary: 'Listen, hang up, check.',
      paragraphs: [
        'If a caller claims to be the police, your bank or a relative in urgent need, hang up and call back on a number you have looked up yourself.',
        'Never operate an ATM or give your online banking password on a caller\u2019s instructions.',
      ],
    },
  },
  // 3 Seniors
  {
    category: 3,
    tw: {
      title: '退休生活費用規劃三步驟',
      summary: '估算支出、盤點資產、安排穩定現金流。',
      paragraphs: [
        '第一步，估算退休後每月生活、醫療及照護支出；第二步，盤點勞保、勞退及個人儲蓄；第三步，透過安養信託等工具安排穩定的現金流。',
      ],
    },
    en: {
      title: 'Three steps to plan retirement income',
      summary: 'Estimate spending, take stock of assets, arrange steady income.',
      paragraphs: [
        'First, estimate monthly living, medical and care costs after retirement. Second, take stock of labour insurance, pensions and savings. Third, use tools such as a senior-care trust to arrange a steady income.',
      ],
    },
  },
  {
    category: 3,
    attachment: bi('安養信託申辦流程.pdf', 'How-to-set-up-a-senior-care-trust.pdf'),
    tw: {
      title: '安養信託申辦流程',
      summary: '從諮詢、簽約到定期給付的完整流程。',
      paragraphs: [
        '申辦安養信託時，委託人可先向銀行信託部門諮詢，確認信託目的、給付項目及信託監察人人選後簽訂契約，並將資金交付信託。',
        '信託成立後，受託人依約定定期給付生活費或支付醫療及安養機構費用。',
      ],
    },
    en: {
      title: 'Setting up a senior-care trust',
      summary: 'From first consultation to regular payments.',
      paragraphs: [
        'Start with a consultation at a bank\u2019s trust department. Agree the purpose, the payments and the trust supervisor, sign the agreement and transfer the funds.',
        'The trustee then pays living allowances or care-home and medical bills as agreed.',
      ],
    },
  },
  {
    category: 3,
    tw: {
      title: '意定監護與信託的搭配',
      summary: '預先安排身體照顧與財產管理。',
      paragraphs: [
        '意定監護讓本人在意思能力尚健全時，預先指定未來的監護人；搭配信託，可同時安排身體照顧與財產管理，讓晚年生活更有保障。',
      ],
    },
    en: {
      title: 'Combining voluntary guardianship with a trust',
      summary: 'Planning both personal care and money in advance.',
      paragraphs: [
        'Voluntary guardianship lets you choose a future guardian while you still have full capacity. Combined with a trust, it arranges both personal care and money management for later life.',
      ],
    },
  },
  // 4 Campus
  {
    category: 4,
    tw: {
      title: '大學生理財第一課',
      summary: '記帳、儲蓄與認識風險。',
      paragraphs: ['理財從記帳開始，先掌握每月收支，再設定儲蓄目標。投資前應了解商品風險，不要借錢投資。'],
    },
    en: {
      title: 'Money basics for university students',
      summary: 'Budgeting, saving and understanding risk.',
      paragraphs: [
        'Start by tracking income and spending, then set a savings goal. Understand the risks of any product before investing, and never borrow to invest.',
      ],
    },
  },
  {
    category: 4,
    tw: {
      title: '校園金融知識巡迴講座開放申請',
      summary: '大專院校可申請本會志工講師到校演講。',
      paragraphs: [
        '本會提供大專院校免費申請金融知識講座，主題包括信託基本概念、理財規劃及防詐騙，每校每學期以一場為原則。',
      ],
    },
    en: {
      title: 'Apply for a campus financial literacy talk',
      summary: 'Universities may invite the Association\u2019s volunteer speakers.',
      paragraphs: [
        'Universities and colleges can request a free talk on trust basics, financial planning or fraud prevention, normally one per school each semester.',
      ],
    },
  },
  {
    category: 4,
    link: 'https://www.fsc.gov.tw',
    tw: {
      title: '金融知識競賽得獎名單',
      summary: '恭喜本年度校園金融知識競賽得獎隊伍。',
      paragraphs: [
        '本年度校園金融知識競賽共有四十二所學校參加，經初賽及決賽，由國立大學代表隊獲得冠軍。',
        '感謝各校師生熱烈參與。',
      ],
    },
    en: {
      title: 'Financial knowledge contest winners',
      summary: 'Congratulations to this year\u2019s winning teams.',
      paragraphs: [
        'Forty-two schools took part in this year\u2019s campus financial knowledge contest; after the preliminary and final rounds a national university team won.',
        'Thank you to all the students and teachers who took part.',
      ],
    },
  },
];

interface DemoVideo {
  category: number;
  videoUrl: string;
  clicks: number;
  tw: { title: string; description: string };
  en: { title: string; description: string };
}

/** Video addresses are sample YouTube links (data only; the player shows whatever they point at). */
export const demoVideos: DemoVideo[] = [
  {
    category: 1,
    videoUrl: 'https://www.youtube.com/watch?v=Jm8b3QbVqP4',
    clicks: 1520,
    tw: { title: '安養信託，晚年生活的安心保障', description: '以一位退休教師的故事，介紹安養信託如何保障晚年生活。' },
    en: {
      title: 'Senior-care trusts: peace of mind in later life',
      description: 'A retired teacher\u2019s story shows how a senior-care trust protects later life.',
    },
  },
  {
    category: 1,
    videoUrl: 'https://www.youtube.com/watch?v=r4kT9sYzW1c',
    clicks: 980,
    tw: { title: '認識公益信託', description: '公益信託如何讓善款專款專用、永續助人。' },
    en: {
      title: 'Understanding charitable trusts',
      description: 'How a charitable trust keeps donations for their purpose and helps for the long term.',
    },
  },
  {
    category: 1,
    videoUrl: 'https://www.youtube.com/watch?v=Qx7LmN2pK8s',
    clicks: 760,
    tw: { title: '防詐三步驟：一聽二掛三查證', description: '本會防詐宣導短片。' },
    en: {
      title: 'Three steps against fraud: listen, hang up, check',
      description: 'The Association\u2019s fraud prevention short film.',
    },
  },
  {
    category: 2,
    videoUrl: 'https://www.youtube.com/watch?v=Hc5vW8eRt2M',
    clicks: 430,
    tw: { title: '高齡社會與信託服務論壇精華', description: '論壇專題演講及綜合座談精華。' },
    en: {
      title: 'Highlights: forum on trusts for an ageing society',
      description: 'Highlights of the keynote speeches and panel.',
    },
  },
  {
    category: 2,
    videoUrl: 'https://www.youtube.com/watch?v=Zp3kD6fGh9Q',
    clicks: 385,
    tw: { title: '年度信託業績優良獎頒獎典禮', description: '頒獎典禮實況紀錄。' },
    en: { title: 'Annual Trust Excellence Awards ceremony', description: 'A recording of the awards ceremony.' },
  },
  {
    category: 2,
    videoUrl: 'https://www.youtube.com/watch?v=Bn6tY4uJm0X',
    clicks: 210,
    tw: { title: '臺日信託業務交流研討會', description: '臺日雙方專題報告紀錄。' },
    en: {
      title: 'Taiwan\u2013Japan trust business exchange seminar',
      description: 'Recordings of the presentations from both sides.',
    },
  },
  {
    category: 3,
    videoUrl: 'https://www.youtube.com/watch?v=Kd2sF9hLq7W',
    clicks: 1340,
    tw: { title: '三分鐘看懂信託架構', description: '動畫說明委託人、受託人、受益人及信託監察人之角色。' },
    en: {
      title: 'Trust structures in three minutes',
      description: 'An animation of the roles of settlor, trustee, beneficiary and trust supervisor.',
    },
  },
  {
    category: 3,
    videoUrl: 'https://www.youtube.com/watch?v=Vt8gR1cXp5N',
    clicks: 655,
    tw: { title: '專業測驗報名系統操作教學', description: '逐步示範線上報名及繳費流程。' },
    en: {
      title: 'How to register for the proficiency test online',
      description: 'A step-by-step guide to online registration and payment.',
    },
  },
  {
    category: 3,
    videoUrl: 'https://www.youtube.com/watch?v=Mw4hE7kSa3B',
    clicks: 298,
    tw: { title: '會員專區統計申報教學', description: '會員機構申報信託業務統計資料之操作說明。' },
    en: {
      title: 'Reporting statistics in the members\u2019 area',
      description: 'How member institutions submit trust business statistics.',
    },
  },
];

interface DemoMilestone {
  eventDate: string;
  image?: boolean;
  tw: { title: string; paragraphs: string[] };
  en: { title: string; paragraphs: string[] };
}

export const demoMilestones: DemoMilestone[] = [
  {
    eventDate: '2000-12-18',
    image: true,
    tw: {
      title: '本會成立',
      paragraphs: [
        '信託業法公布施行後，由二十三家兼營信託業務之銀行共同發起成立本會，召開成立大會並選出第一屆理監事。',
      ],
    },
    en: {
      title: 'The Association is founded',
      paragraphs: [
        'After the Trust Enterprise Act came into force, 23 banks with trust licences founded the Association, held its inaugural assembly and elected the first board.',
      ],
    },
  },
  {
    eventDate: '2002-05-25',
    tw: {
      title: '首次辦理信託業務專業測驗',
      paragraphs: ['本會首次辦理信託業務人員信託業務專業測驗，計有四千餘人報考。'],
    },
    en: {
      title: 'First Trust Business Proficiency Test',
      paragraphs: [
        'The Association held its first proficiency test for trust business staff, with more than four thousand candidates.',
      ],
    },
  },
  {
    eventDate: '2004-03-12',
    tw: {
      title: '訂定信託業應負之義務及相關行為規範',
      paragraphs: ['本會訂定信託業應負之義務及相關行為規範，經主管機關核備後實施。'],
    },
    en: {
      title: 'Code of conduct for trust enterprises adopted',
      paragraphs: [
        'The Association adopted the Code of Conduct and Duties of Trust Enterprises, which took effect after the regulator\u2019s approval.',
      ],
    },
  },
  {
    eventDate: '2008-09-01',
    image: true,
    tw: { title: '本會網站正式啟用', paragraphs: ['本會網站正式啟用，提供信託法規、統計資料及測驗資訊查詢服務。'] },
    en: {
      title: 'The Association\u2019s website goes live',
      paragraphs: ['The website opened with trust regulations, statistics and test information.'],
    },
  },
  {
    eventDate: '2011-10-20',
    tw: { title: '與日本信託協會簽署合作備忘錄', paragraphs: ['本會與日本信託協會簽署合作備忘錄，建立定期交流機制。'] },
    en: {
      title: 'Memorandum with the Trust Companies Association of Japan',
      paragraphs: [
        'The Association signed a memorandum of cooperation with its Japanese counterpart, setting up regular exchanges.',
      ],
    },
  },
  {
    eventDate: '2015-06-10',
    tw: { title: '發布安養信託契約範本', paragraphs: ['為推廣安養信託，本會發布安養信託契約範本供會員參考。'] },
    en: {
      title: 'Model senior-care trust agreement published',
      paragraphs: ['To promote senior-care trusts, the Association published a model agreement for its members.'],
    },
  },
  {
    eventDate: '2017-09-01',
    image: true,
    tw: { title: '成立公益信託委員會', paragraphs: ['本會成立公益信託委員會，推動公益信託資訊公開及業務發展。'] },
    en: {
      title: 'Charitable Trust Committee set up',
      paragraphs: ['The Association set up a committee to promote transparency and growth in charitable trusts.'],
    },
  },
  {
    eventDate: '2019-12-20',
    tw: { title: '訂定公平待客原則自律公約', paragraphs: ['全體會員共同簽署公平待客原則自律公約。'] },
    en: {
      title: 'Treating Customers Fairly Pledge signed',
      paragraphs: ['All members signed the Treating Customers Fairly Pledge.'],
    },
  },
  {
    eventDate: '2020-09-22',
    tw: {
      title: '配合推動「信託 2.0」計畫',
      paragraphs: ['本會配合主管機關推動「信託 2.0」計畫，推廣全方位信託服務。'],
    },
    en: {
      title: 'Supporting the "Trust 2.0" plan',
      paragraphs: [
        'The Association joined the regulator\u2019s "Trust 2.0" plan to promote comprehensive trust services.',
      ],
    },
  },
  {
    eventDate: '2021-07-01',
    tw: {
      title: '發布預售屋價金信託契約範本',
      paragraphs: ['配合預售屋履約保證機制，本會發布預售屋價金信託契約範本。'],
    },
    en: {
      title: 'Model escrow trust agreement for pre-sale housing',
      paragraphs: [
        'The Association published a model escrow trust agreement for the pre-sale housing guarantee scheme.',
      ],
    },
  },
  {
    eventDate: '2023-11-15',
    image: true,
    tw: {
      title: '舉辦成立二十三週年暨高齡信託論壇',
      paragraphs: ['本會舉辦成立二十三週年慶祝活動，並同時舉行高齡信託論壇。'],
    },
    en: {
      title: '23rd anniversary and senior trust forum',
      paragraphs: ['The Association celebrated its 23rd anniversary with a forum on trusts for seniors.'],
    },
  },
  {
    eventDate: '2025-03-01',
    tw: { title: '新版雙語無障礙網站上線', paragraphs: ['本會新版網站上線，提供中英雙語內容並通過無障礙檢測。'] },
    en: {
      title: 'New bilingual, accessible website',
      paragraphs: ['The new website went live in Chinese and English and passed accessibility testing.'],
    },
  },
];

interface DemoTest {
  session: number;
  /** Exam day relative to today; registration runs from 60 to 30 days before it. */
  inDays: number;
  attachment?: Bi;
}

/** The twice-yearly Trust Business Proficiency Test: two sessions to come, the rest held. */
export const demoTests: DemoTest[] = [
  { session: 46, inDays: 150 },
  { session: 45, inDays: 40, attachment: bi('第45次信託業務專業測驗簡章.pdf', '45th-proficiency-test-guide.pdf') },
  { session: 44, inDays: -140, attachment: bi('第44次測驗合格名單.pdf', '44th-test-results.pdf') },
  { session: 43, inDays: -320 },
  { session: 42, inDays: -505 },
  { session: 41, inDays: -686 },
  { session: 40, inDays: -870 },
  { session: 39, inDays: -1050 },
];

/** Title and rich-text paragraphs of one test session. Dates are `YYYY-MM-DD` strings. */
export function testText(
  session: number,
  language: 'tw' | 'en',
  dates: { exam: string; opens: string; closes: string },
  held: boolean,
) {
  if (language === 'tw') {
    return {
      title: `第${session}次信託業務人員信託業務專業測驗`,
      paragraphs: [
        `測驗日期：${dates.exam}；報名期間：${dates.opens} 至 ${dates.closes}，一律採網路報名。`,
        '測驗科目：信託法規、信託實務（含職業道德），各科測驗時間九十分鐘，題型為四選一單選題。',
        '測驗地點：臺北、臺中、高雄三區考場，詳細地點於准考證寄發時公告。',
        held
          ? '本次測驗已辦理完竣，合格名單及成績查詢請至測驗報名系統。'
          : '報名費新臺幣一千元，請於報名期限內完成繳費，逾期恕不受理。',
      ],
    };
  }
  return {
    title: `${session}th Trust Business Proficiency Test`,
    paragraphs: [
      `Test date: ${dates.exam}. Registration: ${dates.opens} to ${dates.closes}, online only.`,
      'Papers: trust law, and trust practice including professional ethics; 90 minutes each, multiple choice.',
      'Venues: Taipei, Taichung and Kaohsiung; rooms are announced with the admission tickets.',
      held
        ? 'This test has been held. Results and the list of successful candidates are in the registration system.'
        : 'The fee is NT$1,000 and must be paid before registration closes.',
    ],
  };
}
