import { bi, type Bi } from './types';

/** Activity types and activities: half still to come (with registration), half already held. */
export const demoActivityTypes: Bi[] = [
  bi('研討會', 'Seminars'),
  bi('說明會', 'Briefings'),
  bi('教育訓練', 'Training courses'),
  bi('公益活動', 'Community events'),
];

interface DemoActivity {
  /** Index into demoActivityTypes. */
  type: number;
  /** Start day relative to today (negative: past) and Taipei start hour; lasts `hours`. */
  inDays: number;
  hour: number;
  hours: number;
  location: Bi;
  organizer: Bi;
  /** Upcoming activities take registrations. */
  registration?: string;
  attachment?: Bi;
  tw: { title: string; paragraphs: string[] };
  en: { title: string; paragraphs: string[] };
}

const association = bi('臺灣信託業協會', 'Taiwan Trust Association');
const withInstitute = bi('臺灣信託業協會、信託研訓中心', 'Taiwan Trust Association and the Trust Training Centre');
const ticc = bi(
  '臺北國際會議中心 201 會議室（臺北市信義區信義路五段1號）',
  'Room 201, Taipei International Convention Center (1 Xinyi Rd. Sec. 5, Taipei)',
);
const office = bi(
  '本會 10 樓會議室（臺北市中正區重慶南路一段100號）',
  '10th-floor meeting room, Association office (100 Chongqing S. Rd. Sec. 1, Taipei)',
);
const register = (slug: string) => `https://events.trust-association.example/register/${slug}`;

export const demoActivities: DemoActivity[] = [
  {
    type: 0,
    inDays: 12,
    hour: 13,
    hours: 4,
    location: ticc,
    organizer: association,
    registration: register('senior-trust-forum'),
    attachment: bi('高齡社會信託論壇議程.pdf', 'Senior-trust-forum-agenda.pdf'),
    tw: {
      title: '高齡社會與信託服務論壇',
      paragraphs: [
        '面對超高齡社會，信託如何結合醫療、長照與財產管理？本論壇邀請主管機關、學者及會員機構代表共同研討。',
        '議程包括專題演講、安養信託案例分享及綜合座談，歡迎會員機構同仁及各界人士報名參加。',
      ],
    },
    en: {
      title: 'Forum on trust services for an ageing society',
      paragraphs: [
        'How can trusts bring together medical care, long-term care and asset management in a super-aged society? Regulators, scholars and member institutions discuss the question.',
        'The programme includes keynote speeches, senior-care trust case studies and a panel discussion. Staff of member institutions and the public are welcome.',
      ],
    },
  },
  {
    type: 1,
    inDays: 20,
    hour: 14,
    hours: 2,
    location: office,
    organizer: association,
    registration: register('fee-disclosure-briefing'),
    tw: {
      title: '信託報酬揭露格式範本說明會',
      paragraphs: [
        '本會訂定之信託報酬揭露格式範本將於明年起適用，特舉辦說明會介紹填寫方式及常見問題。',
        '每家會員機構以報名兩人為原則。',
      ],
    },
    en: {
      title: 'Briefing on the model trust fee disclosure format',
      paragraphs: [
        'The model format for disclosing trust fees applies from next year. This briefing explains how to complete it and answers common questions.',
        'Each member institution may register up to two participants.',
      ],
    },
  },
  {
    type: 2,
    inDays: 27,
    hour: 9,
    hours: 7,
    location: bi(
      '信託研訓中心 3 樓教室（臺北市中正區羅斯福路二段50號）',
      'Classroom 3F, Trust Training Centre (50 Roosevelt Rd. Sec. 2, Taipei)',
    ),
    organizer: withInstitute,
    registration: register('family-trust-course'),
    tw: {
      title: '家族信託規劃實務研習班',
      paragraphs: [
        '課程介紹家族信託架構設計、稅務規劃及信託監察人之角色，並以案例演練規劃流程。',
        '完成研習者可取得信託業務人員在職訓練時數七小時。',
      ],
    },
    en: {
      title: 'Family trust planning workshop',
      paragraphs: [
        'The course covers how to structure a family trust, tax planning and the role of the trust supervisor, with case exercises on the planning process.',
        'Participants receive seven hours of continuing training for trust business staff.',
      ],
    },
  },
  {
    type: 2,
    inDays: 41,
    hour: 9,
    hours: 3,
    location: bi('線上課程（Microsoft Teams）', 'Online (Microsoft Teams)'),
    organizer: association,
    registration: register('aml-online-course'),
    tw: {
      title: '信託業防制洗錢及打擊資恐線上課程',
      paragraphs: [
        '配合防制洗錢注意事項範本修正，本課程說明客戶風險評估、實質受益人辨識及可疑交易申報實務。',
        '課程採線上方式進行，報名成功者將以電子郵件收到連結。',
      ],
    },
    en: {
      title: 'Online course: anti-money laundering for trust businesses',
      paragraphs: [
        'Following the amended model guidelines, this course explains customer risk assessment, identifying beneficial owners and reporting suspicious transactions.',
        'The course is held online; registered participants receive the link by e-mail.',
      ],
    },
  },
  {
    type: 3,
    inDays: 48,
    hour: 10,
    hours: 3,
    location: bi('高雄市立圖書館總館國際會議廳', 'International Conference Hall, Kaohsiung Main Public Library'),
    organizer: association,
    registration: register('kaohsiung-seniors-talk'),
    tw: {
      title: '樂齡理財與安養信託講座（高雄場）',
      paragraphs: [
        '本講座以淺顯方式介紹退休理財規劃、安養信託及防範金融詐騙，歡迎長輩及家屬參加。',
        '現場提供手語翻譯，並設有無障礙座位。',
      ],
    },
    en: {
      title: 'Talk on retirement finance and senior-care trusts (Kaohsiung)',
      paragraphs: [
        'An easy-to-follow talk on retirement planning, senior-care trusts and avoiding financial fraud, for older people and their families.',
        'Sign-language interpretation and accessible seating are provided.',
      ],
    },
  },
  {
    type: 0,
    inDays: 63,
    hour: 13,
    hours: 4,
    location: bi('臺中市政府集會堂', 'Taichung City Government Assembly Hall'),
    organizer: withInstitute,
    registration: register('real-estate-trust-seminar'),
    tw: {
      title: '不動產信託與都市更新研討會',
      paragraphs: ['研討會探討不動產信託於都市更新及危老重建之應用，並分享建築經費控管之實務經驗。'],
    },
    en: {
      title: 'Seminar on real estate trusts and urban renewal',
      paragraphs: [
        'The seminar looks at real estate trusts in urban renewal and reconstruction of old buildings, with practical experience of controlling construction funds.',
      ],
    },
  },
  {
    type: 0,
    inDays: -9,
    hour: 13,
    hours: 4,
    location: ticc,
    organizer: association,
    attachment: bi('員工福利信託研討會簡報.pdf', 'Employee-benefit-trust-slides.pdf'),
    tw: {
      title: '員工福利信託實務研討會',
      paragraphs: [
        '研討會邀請會計師及會員機構分享員工持股信託與福利儲蓄信託之設計及稅務處理，計一百五十人參加。',
        '會議簡報已置於附件，歡迎下載參考。',
      ],
    },
    en: {
      title: 'Workshop on employee benefit trusts',
      paragraphs: [
        'Accountants and member institutions shared how employee stock ownership trusts and savings trusts are designed and taxed; 150 people attended.',
        'The slides are attached for download.',
      ],
    },
  },
  {
    type: 1,
    inDays: -16,
    hour: 14,
    hours: 2,
    location: office,
    organizer: association,
    tw: {
      title: '金融友善服務準則修正說明會',
      paragraphs: ['說明會介紹金融友善服務準則修正重點，包括身心障礙者服務流程及無障礙網站要求。'],
    },
    en: {
      title: 'Briefing on the amended Financial Friendly Service Guidelines',
      paragraphs: [
        'The briefing presented the main changes to the guidelines, including service procedures for people with disabilities and accessible websites.',
      ],
    },
  },
  {
    type: 3,
    inDays: -30,
    hour: 9,
    hours: 4,
    location: bi('國立臺灣大學綜合體育館', 'National Taiwan University Sports Center'),
    organizer: association,
    tw: {
      title: '校園金融知識巡迴講座（臺北場）',
      paragraphs: [
        '本會志工講師走入校園，向大學生介紹信託基本概念、理財規劃與防詐知識。',
        '活動結合有獎徵答，現場反應熱烈。',
      ],
    },
    en: {
      title: 'Campus financial literacy tour (Taipei)',
      paragraphs: [
        'Volunteer speakers from the Association introduced university students to the basics of trusts, financial planning and fraud prevention.',
        'A quiz with prizes kept the audience engaged.',
      ],
    },
  },
  {
    type: 2,
    inDays: -45,
    hour: 9,
    hours: 7,
    location: bi('信託研訓中心 3 樓教室', 'Classroom 3F, Trust Training Centre'),
    organizer: withInstitute,
    tw: {
      title: '安養信託業務人員進階研習班',
      paragraphs: ['課程內容包括安養信託契約設計、受益人意思能力判斷及與社福單位合作實務。'],
    },
    en: {
      title: 'Advanced course for senior-care trust officers',
      paragraphs: [
        'Topics included drafting senior-care trust agreements, assessing a beneficiary\u2019s capacity and working with social welfare agencies.',
      ],
    },
  },
  {
    type: 0,
    inDays: -75,
    hour: 9,
    hours: 8,
    location: bi('臺北君悅酒店凱悅廳', 'Grand Ballroom, Grand Hyatt Taipei'),
    organizer: association,
    tw: {
      title: '臺日信託業務交流研討會',
      paragraphs: ['本會與日本信託協會共同舉辦交流研討會，雙方就高齡社會信託商品及數位化服務進行專題報告。'],
    },
    en: {
      title: 'Taiwan\u2013Japan trust business exchange seminar',
      paragraphs: [
        'Held with the Trust Companies Association of Japan, the seminar featured presentations on trust products for an ageing society and digital services.',
      ],
    },
  },
  {
    type: 3,
    inDays: -100,
    hour: 10,
    hours: 3,
    location: bi('花蓮縣文化局演藝廳', 'Performance Hall, Hualien County Cultural Affairs Bureau'),
    organizer: association,
    tw: {
      title: '偏鄉金融教育推廣活動（花蓮場）',
      paragraphs: ['本會前往花蓮舉辦金融教育推廣活動，以戲劇及互動遊戲向民眾介紹信託與防詐觀念。'],
    },
    en: {
      title: 'Financial education outreach in Hualien',
      paragraphs: [
        'The Association brought its financial education programme to Hualien, using drama and games to introduce trusts and fraud prevention.',
      ],
    },
  },
];
