import type { Bi } from './types';

/**
 * The fixed pages (webeditor blocks by sections.editorPages value), the web settings and a few
 * contact messages. Block content is rich text: paragraphs, lists and the odd table.
 */
interface DemoBlock {
  page: number;
  tw: { title: string; html: string };
  en: { title: string; html: string };
}

const ps = (...paragraphs: string[]) => paragraphs.map((p) => `<p>${p}</p>`).join('');
const list = (...items: string[]) => `<ul>${items.map((i) => `<li>${i}</li>`).join('')}</ul>`;

export const demoBlocks: DemoBlock[] = [
  // 1 About
  {
    page: 1,
    tw: {
      title: '本會沿革',
      html: ps(
        '臺灣信託業協會於民國八十九年十二月成立，由兼營信託業務之銀行共同發起，是我國信託業的同業組織。',
        '成立以來，本會配合主管機關推動信託法制與政策，訂定自律規範，辦理信託業務專業測驗及教育訓練，並積極推廣安養信託、公益信託等服務，協助社會大眾認識信託、善用信託。',
        '目前本會計有銀行、信託公司、證券商及保險業等五十八家會員機構。',
      ),
    },
    en: {
      title: 'History',
      html: ps(
        'The Taiwan Trust Association was founded in December 2000 by banks licensed for trust business. It is the trade association of Taiwan\u2019s trust industry.',
        'Since then the Association has supported the regulator in developing trust law and policy, adopted self-regulatory rules, run the Trust Business Proficiency Test and training, and promoted senior-care and charitable trusts so that the public understands and uses trusts well.',
        'Today the Association has 58 members: banks, trust companies, securities firms and insurers.',
      ),
    },
  },
  {
    page: 1,
    tw: {
      title: '宗旨與任務',
      html:
        ps('本會以促進信託業務之健全發展、維護會員共同利益及保障委託人與受益人權益為宗旨，主要任務如下：') +
        list(
          '協助政府推行信託政策及法令',
          '訂定並督導會員遵守自律規範',
          '辦理信託業務人員專業測驗及訓練',
          '蒐集及發布信託業務統計資料',
          '推廣信託知識及金融消費者教育',
          '促進國際信託業務交流',
        ),
    },
    en: {
      title: 'Mission',
      html:
        ps(
          'The Association promotes the sound development of trust business, represents its members\u2019 common interests and protects settlors and beneficiaries. Its main tasks are to:',
        ) +
        list(
          'help the government carry out trust policy and law',
          'adopt self-regulatory rules and see that members follow them',
          'run proficiency tests and training for trust staff',
          'collect and publish trust business statistics',
          'promote public understanding of trusts and consumer education',
          'foster international exchange in trust business',
        ),
    },
  },
  {
    page: 1,
    tw: {
      title: '理事長的話',
      html: ps(
        '信託是兼具財產管理與傳承功能的制度，在高齡化與少子化的社會中更顯重要。本會將持續與會員機構攜手，推動信託業務創新，讓信託成為每個家庭都能運用的理財工具。',
        '感謝各界長期以來的支持，也歡迎透過本網站與我們交流。',
      ),
    },
    en: {
      title: 'A word from the Chairman',
      html: ps(
        'Trusts combine asset management with passing on wealth, which matters more than ever in an ageing society with fewer children. With our members we will keep innovating so that every family can use a trust.',
        'Thank you for your long-standing support. We welcome your views through this website.',
      ),
    },
  },
  // 2 Organization
  {
    page: 2,
    tw: {
      title: '組織架構',
      html:
        ps(
          '本會以會員大會為最高權力機構，由會員大會選出理事十五人、監事五人，分別組成理事會及監事會。理事會下設六個專門委員會，秘書處負責執行日常會務。',
        ) +
        list(
          '會員大會',
          '理事會（理事長一人、副理事長一人、常務理事三人）',
          '監事會（常務監事一人）',
          '專門委員會：法規、業務發展、教育訓練、稽核及法遵、公益信託、國際事務',
          '秘書處：綜合業務組、法務研究組、測驗訓練組、資訊統計組',
        ),
    },
    en: {
      title: 'Structure',
      html:
        ps(
          'The General Assembly of members is the highest authority. It elects fifteen directors and five supervisors, who form the Board of Directors and the Board of Supervisors. Six standing committees report to the Board, and the Secretariat runs day-to-day business.',
        ) +
        list(
          'General Assembly',
          'Board of Directors (Chairman, Vice Chairman and three Executive Directors)',
          'Board of Supervisors (Executive Supervisor)',
          'Committees: legal affairs, business development, education and training, audit and compliance, charitable trusts, international affairs',
          'Secretariat: general affairs, legal research, tests and training, information and statistics',
        ),
    },
  },
  {
    page: 2,
    tw: {
      title: '秘書處分工',
      html: '<table><caption>秘書處各組職掌</caption><thead><tr><th scope="col">單位</th><th scope="col">主要職掌</th><th scope="col">分機</th></tr></thead><tbody><tr><th scope="row">綜合業務組</th><td>會員服務、會議、總務及財務</td><td>101</td></tr><tr><th scope="row">法務研究組</th><td>法規研議、自律規範、研究報告</td><td>201</td></tr><tr><th scope="row">測驗訓練組</th><td>專業測驗、教育訓練</td><td>301</td></tr><tr><th scope="row">資訊統計組</th><td>統計資料、網站及資訊系統</td><td>210</td></tr></tbody></table>',
    },
    en: {
      title: 'Secretariat',
      html: '<table><caption>Secretariat divisions</caption><thead><tr><th scope="col">Division</th><th scope="col">Responsibilities</th><th scope="col">Extension</th></tr></thead><tbody><tr><th scope="row">General affairs</th><td>Member services, meetings, administration and finance</td><td>101</td></tr><tr><th scope="row">Legal research</th><td>Regulatory proposals, self-regulation, research reports</td><td>201</td></tr><tr><th scope="row">Tests and training</th><td>Proficiency tests, training</td><td>301</td></tr><tr><th scope="row">Information and statistics</th><td>Statistics, website and systems</td><td>210</td></tr></tbody></table>',
    },
  },
  // 3 Research
  {
    page: 3,
    tw: {
      title: '研究方向',
      html:
        ps('本會每年就信託法制、稅制及業務發展議題委託學者專家進行研究，研究成果提供主管機關及會員機構參考。') +
        list(
          '高齡社會信託商品與服務之發展',
          '家族信託之法制及稅制',
          '信託業數位轉型與金融科技應用',
          '公益信託制度之檢討',
        ),
    },
    en: {
      title: 'Research themes',
      html:
        ps(
          'Each year the Association commissions scholars and experts to study trust law, taxation and business development. The findings are shared with the regulator and members.',
        ) +
        list(
          'Trust products and services for an ageing society',
          'The law and taxation of family trusts',
          'Digital transformation and fintech in trust business',
          'Reviewing the charitable trust system',
        ),
    },
  },
  {
    page: 3,
    tw: {
      title: '近期研究報告',
      html: ps(
        '近年完成之研究報告包括「信託結合長期照顧服務之可行性研究」、「家族信託稅務議題研究」及「信託業導入電子簽章之法律研究」，全文可於會員專區下載。',
      ),
    },
    en: {
      title: 'Recent reports',
      html: ps(
        'Recent reports include \u201cCombining trusts with long-term care services\u201d, \u201cTax issues of family trusts\u201d and \u201cElectronic signatures in trust business: a legal study\u201d. Members can download them from the members\u2019 area.',
      ),
    },
  },
  // 4 Member services
  {
    page: 4,
    tw: {
      title: '會員服務項目',
      html:
        ps('本會提供會員機構下列服務：') +
        list(
          '法規諮詢及函釋彙編',
          '業務研討會及在職訓練',
          '信託業務統計及同業比較資料',
          '會員專區文件下載',
          '國際交流及參訪活動',
        ),
    },
    en: {
      title: 'What we offer members',
      html:
        ps('Members receive:') +
        list(
          'Regulatory advice and compilations of rulings',
          'Seminars and continuing training',
          'Trust statistics and peer comparisons',
          'Documents in the members\u2019 area',
          'International exchanges and study visits',
        ),
    },
  },
  {
    page: 4,
    tw: {
      title: '入會申請',
      html: ps(
        '經主管機關核准經營信託業務之機構，得檢具入會申請書及相關文件向本會申請入會，經理事會審查通過並繳納會費後成為會員。',
        '入會相關問題請洽綜合業務組，電話 (02) 2311-5678 分機 101。',
      ),
    },
    en: {
      title: 'Joining the Association',
      html: ps(
        'Institutions licensed for trust business may apply with the application form and supporting documents. Membership starts once the Board approves the application and the fees are paid.',
        'For questions about membership, call the general affairs division on (02) 2311-5678 ext. 101.',
      ),
    },
  },
  // 5 Accessibility
  {
    page: 5,
    tw: {
      title: '無障礙聲明',
      html: ps(
        '本網站依據數位發展部「網站無障礙規範」設計，以達到 AA 等級為目標，讓身心障礙者及高齡者都能順利瀏覽及使用本網站的資訊與服務。',
        '如您在使用本網站時遇到任何障礙，歡迎透過「聯絡我們」告訴我們，我們將儘速改善。',
      ),
    },
    en: {
      title: 'Accessibility statement',
      html: ps(
        'This website is designed to the Ministry of Digital Affairs\u2019 web accessibility guidelines, aiming at level AA, so that people with disabilities and older people can use its information and services.',
        'If anything on the site is hard to use, please tell us through the contact form and we will fix it as soon as we can.',
      ),
    },
  },
  {
    page: 5,
    tw: {
      title: '快速鍵說明',
      html:
        ps(
          '本網站提供下列快速鍵（Accesskey），使用 Windows 請按 Alt 鍵加字母，使用 Mac 請按 Control 加 Option 鍵加字母：',
        ) +
        list(
          'Alt+U：上方功能區塊，包括網站導覽及主選單',
          'Alt+C：中央內容區塊',
          'Alt+Z：頁尾網站資訊',
          'Alt+S：網站搜尋',
        ),
    },
    en: {
      title: 'Access keys',
      html:
        ps(
          'The site has these access keys. On Windows press Alt and the letter; on a Mac press Control, Option and the letter:',
        ) +
        list(
          'Alt+U: header, site map and main menu',
          'Alt+C: main content',
          'Alt+Z: footer information',
          'Alt+S: site search',
        ),
    },
  },
  // 6 Privacy
  {
    page: 6,
    tw: {
      title: '隱私權保護政策',
      html: ps(
        '本會重視您的隱私權，依個人資料保護法蒐集、處理及利用您的個人資料，並採取適當之安全措施。',
        '當您使用「聯絡我們」或線上報名服務時，本會僅蒐集處理該項服務所必要之資料，例如姓名、電子郵件及聯絡電話，並僅於服務目的範圍內利用。',
      ),
    },
    en: {
      title: 'Privacy policy',
      html: ps(
        'The Association respects your privacy. We collect, process and use personal data under the Personal Data Protection Act and protect it with appropriate security measures.',
        'When you use the contact form or online registration we collect only what the service needs, such as your name, e-mail and telephone number, and use it only for that purpose.',
      ),
    },
  },
  {
    page: 6,
    tw: {
      title: 'Cookie 之使用',
      html: ps(
        '本網站使用必要之 Cookie 以維持登入狀態及防範偽造請求，並以匿名方式統計瀏覽人次。您可以在瀏覽器設定中拒絕 Cookie，但部分功能可能因此無法正常使用。',
      ),
    },
    en: {
      title: 'Cookies',
      html: ps(
        'The site uses essential cookies to keep you signed in and to prevent forged requests, and counts visits anonymously. You can refuse cookies in your browser, but some features may then not work.',
      ),
    },
  },
  {
    page: 6,
    tw: {
      title: '您的權利',
      html: ps(
        '依個人資料保護法第三條，您得向本會查詢、請求閱覽、製給複製本、補充或更正、停止蒐集處理利用或刪除您的個人資料。請以電子郵件 privacy@trust-association.example 與我們聯繫。',
      ),
    },
    en: {
      title: 'Your rights',
      html: ps(
        'Under Article 3 of the Personal Data Protection Act you may ask to see, copy, correct or complete your personal data, or ask us to stop using or delete it. Write to privacy@trust-association.example.',
      ),
    },
  },
  // 7 Copyright
  {
    page: 7,
    tw: {
      title: '著作權聲明',
      html: ps(
        '本網站所刊載之文字、圖片、影音及其他資料，除另有註明外，著作權均屬臺灣信託業協會所有。',
        '為報導、評論、教學或研究目的，得於合理範圍內引用本網站內容，惟應註明出處。如需轉載或作其他利用，請事先以書面徵得本會同意。',
      ),
    },
    en: {
      title: 'Copyright',
      html: ps(
        'Unless stated otherwise, the text, images, audio, video and other material on this site are copyright of the Taiwan Trust Association.',
        'You may quote reasonable extracts for reporting, comment, teaching or research if you name the source. For any other use, please ask the Association in writing first.',
      ),
    },
  },
  {
    page: 7,
    tw: {
      title: '政府資料引用',
      html: ps(
        '本網站引用之法規條文及統計資料，部分來自政府機關公開資料，依政府資料開放授權條款提供，使用時請注意資料之更新日期。',
      ),
    },
    en: {
      title: 'Government data',
      html: ps(
        'Some statutes and statistics on this site come from open government data, provided under the Open Government Data License. Check the update date before relying on them.',
      ),
    },
  },
];

/** Web settings per language and the shared settings; the logo is added by the seeder. */
export const demoSettings: Bi<Record<string, string>> & { shared: Record<string, unknown> } = {
  tw: {
    siteName: '臺灣信託業協會',
    associationName: '臺灣信託業協會',
    address: '10045 臺北市中正區重慶南路一段 100 號 10 樓',
    phone: '(02) 2311-5678',
    fax: '(02) 2311-5679',
    email: 'service@trust-association.example',
    officeHours: '週一至週五 上午 9:00 至下午 5:30（國定假日除外）',
    footerNote: '本網站為示範資料，機構與人物均為虛構。建議使用 Chrome、Edge、Firefox 或 Safari 最新版本瀏覽。',
    metaDescription: '臺灣信託業協會提供信託法規、自律規範、信託業務統計、專業測驗及安養信託等資訊。',
    metaKeywords: '信託,信託業,安養信託,公益信託,信託法規,信託業務專業測驗',
  },
  en: {
    siteName: 'Taiwan Trust Association',
    associationName: 'Taiwan Trust Association',
    address: '10F, 100 Chongqing S. Rd. Sec. 1, Zhongzheng Dist., Taipei City 10045, Taiwan',
    phone: '+886 2 2311 5678',
    fax: '+886 2 2311 5679',
    email: 'service@trust-association.example',
    officeHours: 'Monday to Friday, 9:00 a.m. to 5:30 p.m. (closed on public holidays)',
    footerNote: 'Demonstration data: the institutions and people on this site are fictional.',
    metaDescription:
      'The Taiwan Trust Association: trust regulations, self-regulation, statistics, proficiency tests and senior-care trusts.',
    metaKeywords: 'trust, trust business, Taiwan, senior-care trust, charitable trust, trust regulations',
  },
  shared: { legacyVisitCount: 1_285_430 },
};

interface DemoContact {
  lang: 'tw' | 'en';
  daysAgo: number;
  status: number;
  name: string;
  email: string;
  phone?: string;
  subject: string;
  message: string;
  replyNote?: string;
}

/** Contact messages are not translations: each arrives in the language its writer used. */
export const demoContacts: DemoContact[] = [
  {
    lang: 'tw',
    daysAgo: 1,
    status: 0,
    name: '陳怡君',
    email: 'yichun.chen@mail.example',
    phone: '0912-345-678',
    subject: '請問安養信託是否有最低金額限制？',
    message: '您好，我想幫母親辦理安養信託，請問是否有最低信託金額的限制？另外是否可以由子女擔任信託監察人？謝謝。',
  },
  {
    lang: 'tw',
    daysAgo: 6,
    status: 1,
    name: '林建志',
    email: 'chienchih.lin@mail.example',
    subject: '第45次專業測驗准考證尚未收到',
    message: '我已於報名期間完成報名及繳費，但至今尚未收到准考證，請協助查詢。報名序號 T45-03821。',
    replyNote: '已請測驗組查詢，准考證於昨日以掛號寄出，已電話告知考生。待考生確認收到後結案。',
  },
  {
    lang: 'en',
    daysAgo: 14,
    status: 2,
    name: 'Emily Carter',
    email: 'emily.carter@mail.example',
    phone: '+44 20 7946 0000',
    subject: 'Trust statistics for a research project',
    message:
      'I am a researcher at a UK university studying trust markets in Asia. Are your trust business statistics available in English, and can I cite them?',
    replyNote:
      'Replied by e-mail with links to the English statistics pages and the copyright statement; citing with the source named is fine.',
  },
];
