import { bi, type Bi } from './types';

/** Related links, online systems (owner → category → system) and special zones (zone → section → item). */
interface DemoLinkType {
  name: Bi;
  links: { title: Bi; url: string; description: Bi; image?: boolean }[];
}

export const demoLinkTypes: DemoLinkType[] = [
  {
    name: bi('主管機關', 'Regulators'),
    links: [
      {
        title: bi('金融監督管理委員會', 'Financial Supervisory Commission'),
        url: 'https://www.fsc.gov.tw',
        image: true,
        description: bi(
          '我國金融市場及金融服務業之主管機關。',
          'Taiwan\u2019s regulator of financial markets and financial services.',
        ),
      },
      {
        title: bi('金管會銀行局', 'Banking Bureau, FSC'),
        url: 'https://www.banking.gov.tw',
        image: true,
        description: bi(
          '信託業之業務主管單位，發布信託相關法令及函釋。',
          'Supervises trust business and issues trust regulations and rulings.',
        ),
      },
      {
        title: bi('金管會證券期貨局', 'Securities and Futures Bureau, FSC'),
        url: 'https://www.sfb.gov.tw',
        description: bi(
          '證券投資信託及全權委託業務之主管單位。',
          'Supervises securities investment trusts and discretionary investment.',
        ),
      },
      {
        title: bi('中央銀行', 'Central Bank of the Republic of China (Taiwan)'),
        url: 'https://www.cbc.gov.tw',
        description: bi(
          '貨幣政策、外匯管理及金融統計資訊。',
          'Monetary policy, foreign exchange and financial statistics.',
        ),
      },
    ],
  },
  {
    name: bi('相關機構', 'Related organisations'),
    links: [
      {
        title: bi('財團法人金融消費評議中心', 'Financial Ombudsman Institution'),
        url: 'https://www.foi.org.tw',
        image: true,
        description: bi(
          '處理金融消費爭議之評議機構。',
          'Resolves disputes between consumers and financial institutions.',
        ),
      },
      {
        title: bi('臺灣集中保管結算所', 'Taiwan Depository & Clearing Corporation'),
        url: 'https://www.tdcc.com.tw',
        description: bi('有價證券集中保管及基金資訊觀測站。', 'Central securities depository and fund information.'),
      },
      {
        title: bi('財團法人台灣金融研訓院', 'Taiwan Academy of Banking and Finance'),
        url: 'https://www.tabf.org.tw',
        description: bi('金融專業訓練及測驗機構。', 'Financial training and professional examinations.'),
      },
      {
        title: bi('內政部警政署 165 全民防騙網', '165 Anti-Fraud Website, National Police Agency'),
        url: 'https://165.npa.gov.tw',
        image: true,
        description: bi('最新詐騙手法及反詐騙諮詢。', 'Latest fraud warnings and anti-fraud advice.'),
      },
    ],
  },
  {
    name: bi('國際組織', 'International organisations'),
    links: [
      {
        title: bi('日本信託協會', 'Trust Companies Association of Japan'),
        url: 'https://www.shintaku-kyokai.or.jp',
        description: bi(
          '日本信託業之同業組織，與本會定期交流。',
          'The Japanese trust industry association, with which we hold regular exchanges.',
        ),
      },
      {
        title: bi('國際信託與遺產從業者協會', 'Society of Trust and Estate Practitioners (STEP)'),
        url: 'https://www.step.org',
        description: bi(
          '國際信託及遺產規劃專業人士組織。',
          'The international professional body for trust and estate practitioners.',
        ),
      },
      {
        title: bi('防制洗錢金融行動工作組織', 'Financial Action Task Force (FATF)'),
        url: 'https://www.fatf-gafi.org',
        description: bi(
          '制定國際防制洗錢及打擊資恐標準。',
          'Sets international standards against money laundering and terrorist financing.',
        ),
      },
      {
        title: bi('亞太防制洗錢組織', 'Asia/Pacific Group on Money Laundering'),
        url: 'https://apgml.org',
        description: bi(
          '亞太區域防制洗錢組織，我國為創始會員。',
          'The regional body against money laundering; Taiwan is a founding member.',
        ),
      },
    ],
  },
];

interface DemoSystemUnit {
  name: Bi;
  description: Bi;
  types: { name: Bi; systems: { name: Bi; description: Bi; url: string; contact: Bi }[] }[];
}

const site = (path: string) => `https://services.trust-association.example/${path}`;
const helpdesk = bi('服務專線 (02) 2311-5678 分機 210', 'Help desk (02) 2311-5678 ext. 210');

export const demoSystemUnits: DemoSystemUnit[] = [
  {
    name: bi('臺灣信託業協會', 'Taiwan Trust Association'),
    description: bi('本會自行建置之會員及測驗服務系統。', 'Member and test services run by the Association.'),
    types: [
      {
        name: bi('會員服務', 'Member services'),
        systems: [
          {
            name: bi('會員專區', 'Members\u2019 area'),
            url: site('members'),
            contact: helpdesk,
            description: bi(
              '會員機構查閱內部公告、會議資料及下載範本。',
              'Internal notices, meeting papers and model documents for members.',
            ),
          },
          {
            name: bi('信託業務統計申報系統', 'Trust statistics reporting'),
            url: site('statistics'),
            contact: helpdesk,
            description: bi(
              '會員機構按季申報信託業務統計資料。',
              'Quarterly reporting of trust business figures by members.',
            ),
          },
          {
            name: bi('會議及活動報名系統', 'Meeting and event registration'),
            url: site('events'),
            contact: helpdesk,
            description: bi(
              '報名本會舉辦之說明會、研討會及訓練課程。',
              'Register for briefings, seminars and training.',
            ),
          },
        ],
      },
      {
        name: bi('測驗及訓練', 'Tests and training'),
        systems: [
          {
            name: bi('專業測驗報名系統', 'Proficiency test registration'),
            url: site('tests'),
            contact: bi('測驗組 (02) 2311-5678 分機 301', 'Test office (02) 2311-5678 ext. 301'),
            description: bi(
              '線上報名、繳費、列印准考證及查詢成績。',
              'Register and pay online, print admission tickets and check results.',
            ),
          },
          {
            name: bi('線上學習平台', 'E-learning platform'),
            url: site('learning'),
            contact: helpdesk,
            description: bi('信託業務人員在職訓練線上課程。', 'Online continuing training for trust staff.'),
          },
        ],
      },
    ],
  },
  {
    name: bi('信託研訓中心', 'Trust Training Centre'),
    description: bi('本會合作之專業訓練機構。', 'The Association\u2019s partner for professional training.'),
    types: [
      {
        name: bi('課程服務', 'Courses'),
        systems: [
          {
            name: bi('課程報名系統', 'Course registration'),
            url: 'https://training.trust-centre.example/courses',
            contact: bi('(02) 2396-1100', '(02) 2396-1100'),
            description: bi('查詢開課資訊並線上報名。', 'Find courses and register online.'),
          },
          {
            name: bi('訓練時數查詢', 'Training hours record'),
            url: 'https://training.trust-centre.example/hours',
            contact: bi('(02) 2396-1100', '(02) 2396-1100'),
            description: bi('查詢個人在職訓練時數紀錄。', 'Check your continuing training hours.'),
          },
        ],
      },
      {
        name: bi('證照服務', 'Certificates'),
        systems: [
          {
            name: bi('合格證明書查驗', 'Certificate verification'),
            url: 'https://training.trust-centre.example/verify',
            contact: bi('(02) 2396-1100', '(02) 2396-1100'),
            description: bi('查驗信託業務專業測驗合格證明書之真偽。', 'Verify a proficiency test certificate.'),
          },
        ],
      },
    ],
  },
  {
    name: bi('金融資訊服務中心', 'Financial Information Service Centre'),
    description: bi('提供會員機構資料交換服務之合作單位。', 'Partner providing data exchange for members.'),
    types: [
      {
        name: bi('資料交換', 'Data exchange'),
        systems: [
          {
            name: bi('信託資料交換平台', 'Trust data exchange'),
            url: 'https://exchange.fisc-partner.example',
            contact: bi('客服中心 0800-000-123', 'Service centre 0800-000-123'),
            description: bi(
              '會員機構間信託帳務及受益人資料交換。',
              'Exchange of trust accounts and beneficiary data between members.',
            ),
          },
          {
            name: bi('電子憑證申請', 'Digital certificate application'),
            url: 'https://exchange.fisc-partner.example/certificates',
            contact: bi('客服中心 0800-000-123', 'Service centre 0800-000-123'),
            description: bi('申請資料交換所需之電子憑證。', 'Apply for the certificates needed for data exchange.'),
          },
        ],
      },
    ],
  },
];

interface DemoZone {
  name: Bi;
  description: Bi;
  sections: {
    name: Bi;
    items: { title: Bi; paragraphs: Bi<string[]>; link?: string; image?: boolean; attachment?: Bi }[];
  }[];
}

export const demoZones: DemoZone[] = [
  {
    name: bi('安養信託專區', 'Senior-care trusts'),
    description: bi(
      '認識安養信託、查詢辦理機構及閱讀真實案例。',
      'Learn about senior-care trusts, find providers and read real stories.',
    ),
    sections: [
      {
        name: bi('認識安養信託', 'About senior-care trusts'),
        items: [
          {
            title: bi('安養信託是什麼？', 'What is a senior-care trust?'),
            image: true,
            paragraphs: {
              tw: ['安養信託是以保障委託人晚年生活為目的的信託，由銀行依約定定期給付生活費並支付醫療及照護費用。'],
              en: [
                'A trust that secures the settlor\u2019s later life: the bank pays a regular allowance and settles medical and care bills as agreed.',
              ],
            },
          },
          {
            title: bi('安養信託常見給付項目', 'What a senior-care trust can pay for'),
            paragraphs: {
              tw: ['常見給付項目包括每月生活費、安養機構費用、醫療費用、看護費用及保險費。'],
              en: [
                'Typical payments: monthly allowance, care-home fees, medical bills, carers and insurance premiums.',
              ],
            },
          },
        ],
      },
      {
        name: bi('辦理機構', 'Providers'),
        items: [
          {
            title: bi('提供安養信託之會員機構', 'Members offering senior-care trusts'),
            paragraphs: {
              tw: ['全國共有三十八家會員機構提供安養信託服務，請參閱地區資訊之安養信託諮詢窗口。'],
              en: [
                'Thirty-eight members offer senior-care trusts; see the senior-care trust desks under regional information.',
              ],
            },
          },
          {
            title: bi('安養信託費用比較表', 'Senior-care trust fee comparison'),
            attachment: bi('安養信託費用比較表.pdf', 'Senior-care-trust-fees.pdf'),
            paragraphs: {
              tw: ['本會彙整各會員機構安養信託收費標準，供民眾參考比較。'],
              en: ['The Association\u2019s comparison of members\u2019 senior-care trust fees.'],
            },
          },
        ],
      },
      {
        name: bi('案例分享', 'Stories'),
        items: [
          {
            title: bi('退休教師的安心晚年', 'A retired teacher\u2019s peace of mind'),
            image: true,
            paragraphs: {
              tw: [
                '退休的林老師將退休金交付安養信託，每月定期領取生活費，安養機構費用也由銀行直接支付，子女不必再擔心。',
              ],
              en: [
                'Mr. Lin, a retired teacher, put his pension savings in a senior-care trust. He receives a monthly allowance and the bank pays his care home directly, so his children no longer worry.',
              ],
            },
          },
          {
            title: bi('身心障礙子女的長期照顧', 'Long-term care for a child with disabilities'),
            paragraphs: {
              tw: ['王太太為身心障礙的兒子成立信託，並指定社福團體擔任信託監察人，確保兒子未來的生活照顧不中斷。'],
              en: [
                'Mrs. Wang set up a trust for her son, who has a disability, with a welfare organisation as trust supervisor, so his care will continue in the future.',
              ],
            },
          },
        ],
      },
    ],
  },
  {
    name: bi('公益信託專區', 'Charitable trusts'),
    description: bi(
      '公益信託法令、申請程序與公益信託名錄。',
      'Rules, applications and the directory of charitable trusts.',
    ),
    sections: [
      {
        name: bi('法令與申請', 'Rules and applications'),
        items: [
          {
            title: bi('公益信託設立申請流程', 'How to set up a charitable trust'),
            attachment: bi('公益信託設立申請流程.pdf', 'Setting-up-a-charitable-trust.pdf'),
            paragraphs: {
              tw: ['設立公益信託須經目的事業主管機關許可，並應設置信託監察人。本文說明申請文件及審查流程。'],
              en: [
                'A charitable trust needs permission from the authority for its purpose and must have a trust supervisor. This guide explains the documents and the review.',
              ],
            },
          },
          {
            title: bi('公益信託資訊公開規定', 'Disclosure rules for charitable trusts'),
            paragraphs: {
              tw: ['受託人應每年公告公益信託之財務狀況及業務執行情形。'],
              en: ['Trustees publish the finances and activities of each charitable trust every year.'],
            },
          },
        ],
      },
      {
        name: bi('公益信託名錄', 'Directory'),
        items: [
          {
            title: bi('教育類公益信託', 'Education trusts'),
            link: 'https://www.moe.gov.tw',
            paragraphs: {
              tw: ['提供清寒學生獎助學金及偏鄉教育資源之公益信託。'],
              en: ['Charitable trusts funding scholarships and education in remote areas.'],
            },
          },
          {
            title: bi('社會福利類公益信託', 'Social welfare trusts'),
            paragraphs: {
              tw: ['照顧弱勢家庭、身心障礙者及獨居長者之公益信託。'],
              en: [
                'Charitable trusts supporting disadvantaged families, people with disabilities and older people living alone.',
              ],
            },
          },
        ],
      },
    ],
  },
  {
    name: bi('金融友善服務專區', 'Financial friendly services'),
    description: bi(
      '會員機構為身心障礙者及高齡者提供的友善服務。',
      'Services members offer to people with disabilities and seniors.',
    ),
    sections: [
      {
        name: bi('服務措施', 'Services'),
        items: [
          {
            title: bi('臨櫃協助與手語視訊服務', 'Counter assistance and sign-language video'),
            image: true,
            paragraphs: {
              tw: ['會員機構提供臨櫃協助、手語視訊翻譯及預約到府服務。'],
              en: [
                'Members provide help at the counter, sign-language video interpreting and home visits by appointment.',
              ],
            },
          },
          {
            title: bi('視障者友善 ATM 與網路銀行', 'Accessible ATMs and online banking'),
            paragraphs: {
              tw: ['提供語音導引 ATM 及通過無障礙檢測之網路銀行。'],
              en: ['Talking ATMs and online banking that passes accessibility tests.'],
            },
          },
        ],
      },
      {
        name: bi('無障礙資源', 'Accessibility resources'),
        items: [
          {
            title: bi('金融友善服務準則', 'Financial Friendly Service Guidelines'),
            attachment: bi('金融友善服務準則.pdf', 'Financial-friendly-service-guidelines.pdf'),
            paragraphs: {
              tw: ['會員機構提供友善服務應遵循之準則全文。'],
              en: ['The full guidelines members follow when providing friendly services.'],
            },
          },
          {
            title: bi('無障礙網站檢測說明', 'About accessibility testing of websites'),
            link: 'https://accessibility.moda.gov.tw',
            paragraphs: {
              tw: ['介紹網站無障礙規範及檢測方式。'],
              en: ['An introduction to website accessibility guidelines and testing.'],
            },
          },
        ],
      },
    ],
  },
];
