import { bi, type Bi } from './types';

/**
 * Member institutions (all fictional), their regional service points, and the people on the
 * boards and committees. `category` is a memberCategories value: 1 bank, 2 trust company,
 * 3 securities firm, 4 insurer.
 */
interface DemoMember {
  category: number;
  name: Bi;
  shortName: Bi;
  address: Bi;
  phone: string;
  fax: string;
  website: string;
  department: Bi;
  contactPerson: Bi;
  joinedOn: string;
}

export const demoMembers: DemoMember[] = [
  {
    category: 1,
    name: bi('福泰商業銀行股份有限公司', 'Futai Commercial Bank Co., Ltd.'),
    shortName: bi('福泰銀行', 'Futai Bank'),
    address: bi('臺北市中正區館前路 26 號', '26 Guanqian Rd., Zhongzheng Dist., Taipei City'),
    phone: '(02) 2388-1000',
    fax: '(02) 2388-1099',
    website: 'https://www.futaibank.example',
    department: bi('信託部', 'Trust Department'),
    contactPerson: bi('林雅婷 經理', 'Ms. Lin Ya-ting, Manager'),
    joinedOn: '2001-03-15',
  },
  {
    category: 1,
    name: bi('瑞豐國際商業銀行股份有限公司', 'Ruifeng International Commercial Bank Co., Ltd.'),
    shortName: bi('瑞豐銀行', 'Ruifeng Bank'),
    address: bi('臺北市信義區松仁路 88 號', '88 Songren Rd., Xinyi Dist., Taipei City'),
    phone: '(02) 8780-5000',
    fax: '(02) 8780-5099',
    website: 'https://www.ruifengbank.example',
    department: bi('財富管理信託部', 'Wealth Management and Trust Department'),
    contactPerson: bi('陳冠宇 副理', 'Mr. Chen Kuan-yu, Deputy Manager'),
    joinedOn: '2001-03-15',
  },
  {
    category: 1,
    name: bi('臺灣長信商業銀行股份有限公司', 'Taiwan Changxin Commercial Bank Co., Ltd.'),
    shortName: bi('長信銀行', 'Changxin Bank'),
    address: bi('臺北市大安區敦化南路二段 120 號', '120 Dunhua S. Rd. Sec. 2, Da\u2019an Dist., Taipei City'),
    phone: '(02) 2700-6600',
    fax: '(02) 2700-6699',
    website: 'https://www.changxinbank.example',
    department: bi('信託部', 'Trust Department'),
    contactPerson: bi('黃淑芬 經理', 'Ms. Huang Shu-fen, Manager'),
    joinedOn: '2002-06-01',
  },
  {
    category: 1,
    name: bi('鴻安商業銀行股份有限公司', 'Hong\u2019an Commercial Bank Co., Ltd.'),
    shortName: bi('鴻安銀行', 'Hong\u2019an Bank'),
    address: bi('新北市板橋區縣民大道二段 7 號', '7 Xianmin Blvd. Sec. 2, Banqiao Dist., New Taipei City'),
    phone: '(02) 2960-3456',
    fax: '(02) 2960-3400',
    website: 'https://www.honganbank.example',
    department: bi('信託業務處', 'Trust Business Division'),
    contactPerson: bi('張家豪 襄理', 'Mr. Chang Chia-hao, Assistant Manager'),
    joinedOn: '2003-01-20',
  },
  {
    category: 1,
    name: bi('東陽商業銀行股份有限公司', 'Dongyang Commercial Bank Co., Ltd.'),
    shortName: bi('東陽銀行', 'Dongyang Bank'),
    address: bi('臺中市西屯區臺灣大道三段 301 號', '301 Taiwan Blvd. Sec. 3, Xitun Dist., Taichung City'),
    phone: '(04) 2258-8000',
    fax: '(04) 2258-8099',
    website: 'https://www.dongyangbank.example',
    department: bi('信託部', 'Trust Department'),
    contactPerson: bi('王怡君 經理', 'Ms. Wang Yi-chun, Manager'),
    joinedOn: '2004-09-10',
  },
  {
    category: 1,
    name: bi('嘉禾商業銀行股份有限公司', 'Jiahe Commercial Bank Co., Ltd.'),
    shortName: bi('嘉禾銀行', 'Jiahe Bank'),
    address: bi('高雄市前鎮區成功二路 25 號', '25 Chenggong 2nd Rd., Qianzhen Dist., Kaohsiung City'),
    phone: '(07) 338-1234',
    fax: '(07) 338-1200',
    website: 'https://www.jiahebank.example',
    department: bi('信託部', 'Trust Department'),
    contactPerson: bi('李宗翰 副理', 'Mr. Li Tsung-han, Deputy Manager'),
    joinedOn: '2006-04-18',
  },
  {
    category: 2,
    name: bi('明德信託股份有限公司', 'Mingde Trust Co., Ltd.'),
    shortName: bi('明德信託', 'Mingde Trust'),
    address: bi('臺北市中山區南京東路二段 150 號', '150 Nanjing E. Rd. Sec. 2, Zhongshan Dist., Taipei City'),
    phone: '(02) 2506-7788',
    fax: '(02) 2506-7700',
    website: 'https://www.mingdetrust.example',
    department: bi('信託服務部', 'Trust Services'),
    contactPerson: bi('劉佩珊 協理', 'Ms. Liu Pei-shan, Senior Manager'),
    joinedOn: '2001-03-15',
  },
  {
    category: 2,
    name: bi('恆信信託股份有限公司', 'Hengxin Trust Co., Ltd.'),
    shortName: bi('恆信信託', 'Hengxin Trust'),
    address: bi('臺北市松山區民生東路三段 136 號', '136 Minsheng E. Rd. Sec. 3, Songshan Dist., Taipei City'),
    phone: '(02) 2719-2200',
    fax: '(02) 2719-2211',
    website: 'https://www.hengxintrust.example',
    department: bi('家族信託部', 'Family Trust Department'),
    contactPerson: bi('吳承恩 經理', 'Mr. Wu Cheng-en, Manager'),
    joinedOn: '2008-11-03',
  },
  {
    category: 3,
    name: bi('聯誠綜合證券股份有限公司', 'Liancheng Securities Co., Ltd.'),
    shortName: bi('聯誠證券', 'Liancheng Securities'),
    address: bi('臺北市中正區忠孝西路一段 66 號', '66 Zhongxiao W. Rd. Sec. 1, Zhongzheng Dist., Taipei City'),
    phone: '(02) 2311-8686',
    fax: '(02) 2311-8600',
    website: 'https://www.lianchengsec.example',
    department: bi('財富管理部', 'Wealth Management'),
    contactPerson: bi('蔡明哲 副理', 'Mr. Tsai Ming-che, Deputy Manager'),
    joinedOn: '2010-07-22',
  },
  {
    category: 3,
    name: bi('元昇證券股份有限公司', 'Yuansheng Securities Co., Ltd.'),
    shortName: bi('元昇證券', 'Yuansheng Securities'),
    address: bi('臺南市東區東門路一段 120 號', '120 Dongmen Rd. Sec. 1, East Dist., Tainan City'),
    phone: '(06) 274-5566',
    fax: '(06) 274-5500',
    website: 'https://www.yuanshengsec.example',
    department: bi('信託業務部', 'Trust Business Department'),
    contactPerson: bi('鄭雅文 專員', 'Ms. Cheng Ya-wen, Officer'),
    joinedOn: '2012-02-14',
  },
  {
    category: 4,
    name: bi('安康人壽保險股份有限公司', 'Ankang Life Insurance Co., Ltd.'),
    shortName: bi('安康人壽', 'Ankang Life'),
    address: bi('臺北市信義區松高路 19 號', '19 Songgao Rd., Xinyi Dist., Taipei City'),
    phone: '(02) 2345-9900',
    fax: '(02) 2345-9911',
    website: 'https://www.ankanglife.example',
    department: bi('保險金信託部', 'Insurance Trust Department'),
    contactPerson: bi('許志明 經理', 'Mr. Hsu Chih-ming, Manager'),
    joinedOn: '2014-05-06',
  },
  {
    category: 4,
    name: bi('永寧人壽保險股份有限公司', 'Yongning Life Insurance Co., Ltd.'),
    shortName: bi('永寧人壽', 'Yongning Life'),
    address: bi('桃園市桃園區中正路 1071 號', '1071 Zhongzheng Rd., Taoyuan Dist., Taoyuan City'),
    phone: '(03) 339-2000',
    fax: '(03) 339-2011',
    website: 'https://www.yongninglife.example',
    department: bi('信託業務室', 'Trust Business Office'),
    contactPerson: bi('周美玲 襄理', 'Ms. Chou Mei-ling, Assistant Manager'),
    joinedOn: '2016-08-30',
  },
];

/** A regional service point: kind (areaTypes), region (regions value) and the member running it. */
interface DemoAreaPoint {
  areaType: number;
  region: number;
  member: number;
  name: Bi;
  address: Bi;
  phone: string;
  note?: Bi;
}

export const demoAreaPoints: DemoAreaPoint[] = [
  {
    areaType: 1,
    region: 1,
    member: 0,
    name: bi('福泰銀行 館前信託服務中心', 'Futai Bank Guanqian Trust Service Centre'),
    address: bi('臺北市中正區館前路 26 號 2 樓', '2F, 26 Guanqian Rd., Zhongzheng Dist., Taipei City'),
    phone: '(02) 2388-1200',
  },
  {
    areaType: 1,
    region: 1,
    member: 6,
    name: bi('明德信託 南京東路服務處', 'Mingde Trust Nanjing East Road Office'),
    address: bi('臺北市中山區南京東路二段 150 號 8 樓', '8F, 150 Nanjing E. Rd. Sec. 2, Zhongshan Dist., Taipei City'),
    phone: '(02) 2506-7790',
    note: bi('週六上午另提供預約諮詢', 'Appointments also available on Saturday mornings'),
  },
  {
    areaType: 1,
    region: 2,
    member: 3,
    name: bi('鴻安銀行 板橋信託理財中心', 'Hong\u2019an Bank Banqiao Trust Centre'),
    address: bi('新北市板橋區縣民大道二段 7 號', '7 Xianmin Blvd. Sec. 2, Banqiao Dist., New Taipei City'),
    phone: '(02) 2960-3456',
  },
  {
    areaType: 1,
    region: 3,
    member: 11,
    name: bi('永寧人壽 桃園服務中心', 'Yongning Life Taoyuan Service Centre'),
    address: bi('桃園市桃園區中正路 1071 號 1 樓', '1F, 1071 Zhongzheng Rd., Taoyuan Dist., Taoyuan City'),
    phone: '(03) 339-2000',
  },
  {
    areaType: 1,
    region: 4,
    member: 4,
    name: bi('東陽銀行 臺中信託服務中心', 'Dongyang Bank Taichung Trust Service Centre'),
    address: bi('臺中市西屯區臺灣大道三段 301 號', '301 Taiwan Blvd. Sec. 3, Xitun Dist., Taichung City'),
    phone: '(04) 2258-8000',
  },
  {
    areaType: 1,
    region: 5,
    member: 9,
    name: bi('元昇證券 臺南分公司', 'Yuansheng Securities Tainan Branch'),
    address: bi('臺南市東區東門路一段 120 號', '120 Dongmen Rd. Sec. 1, East Dist., Tainan City'),
    phone: '(06) 274-5566',
  },
  {
    areaType: 1,
    region: 6,
    member: 5,
    name: bi('嘉禾銀行 高雄信託服務中心', 'Jiahe Bank Kaohsiung Trust Service Centre'),
    address: bi('高雄市前鎮區成功二路 25 號', '25 Chenggong 2nd Rd., Qianzhen Dist., Kaohsiung City'),
    phone: '(07) 338-1234',
  },
  {
    areaType: 1,
    region: 18,
    member: 2,
    name: bi('長信銀行 花蓮分行', 'Changxin Bank Hualien Branch'),
    address: bi('花蓮縣花蓮市中山路 106 號', '106 Zhongshan Rd., Hualien City, Hualien County'),
    phone: '(03) 832-1100',
    note: bi('每月第一個週三有信託專員駐點', 'A trust officer is on site on the first Wednesday of each month'),
  },
  {
    areaType: 2,
    region: 1,
    member: 2,
    name: bi('長信銀行 安養信託諮詢專線', 'Changxin Bank senior-care trust desk'),
    address: bi('臺北市大安區敦化南路二段 120 號 3 樓', '3F, 120 Dunhua S. Rd. Sec. 2, Da\u2019an Dist., Taipei City'),
    phone: '0800-012-345',
  },
  {
    areaType: 2,
    region: 1,
    member: 7,
    name: bi('恆信信託 高齡財產規劃諮詢窗口', 'Hengxin Trust senior wealth planning desk'),
    address: bi('臺北市松山區民生東路三段 136 號 5 樓', '5F, 136 Minsheng E. Rd. Sec. 3, Songshan Dist., Taipei City'),
    phone: '(02) 2719-2233',
  },
  {
    areaType: 2,
    region: 4,
    member: 4,
    name: bi('東陽銀行 中區安養信託窗口', 'Dongyang Bank central Taiwan senior-care desk'),
    address: bi('臺中市西屯區臺灣大道三段 301 號 2 樓', '2F, 301 Taiwan Blvd. Sec. 3, Xitun Dist., Taichung City'),
    phone: '(04) 2258-8123',
  },
  {
    areaType: 2,
    region: 6,
    member: 5,
    name: bi('嘉禾銀行 南區安養信託窗口', 'Jiahe Bank southern Taiwan senior-care desk'),
    address: bi('高雄市前鎮區成功二路 25 號 5 樓', '5F, 25 Chenggong 2nd Rd., Qianzhen Dist., Kaohsiung City'),
    phone: '(07) 338-1288',
  },
  {
    areaType: 2,
    region: 12,
    member: 0,
    name: bi('福泰銀行 彰化分行安養信託窗口', 'Futai Bank Changhua Branch senior-care desk'),
    address: bi('彰化縣彰化市中正路二段 58 號', '58 Zhongzheng Rd. Sec. 2, Changhua City, Changhua County'),
    phone: '(04) 722-3300',
  },
  {
    areaType: 2,
    region: 17,
    member: 3,
    name: bi('鴻安銀行 宜蘭分行安養信託窗口', 'Hong\u2019an Bank Yilan Branch senior-care desk'),
    address: bi('宜蘭縣宜蘭市中山路三段 88 號', '88 Zhongshan Rd. Sec. 3, Yilan City, Yilan County'),
    phone: '(03) 932-5100',
    note: bi('提供到府諮詢服務，請先電話預約', 'Home visits available by appointment'),
  },
];

/** One person on a board or committee. `member` indexes demoMembers for the organisation. */
export interface DemoPerson {
  name: Bi;
  title: Bi;
  member: number;
  organizationTitle: Bi;
}

const p = (tw: string, en: string, title: Bi, member: number, organizationTitle: Bi): DemoPerson => ({
  name: bi(tw, en),
  title,
  member,
  organizationTitle,
});

const chairman = bi('理事長', 'Chairman');
const viceChair = bi('副理事長', 'Vice Chairman');
const executiveDirector = bi('常務理事', 'Executive Director');
const director = bi('理事', 'Director');
const executiveSupervisor = bi('常務監事', 'Executive Supervisor');
const supervisor = bi('監事', 'Supervisor');
const convener = bi('召集人', 'Convener');
const deputyConvener = bi('副召集人', 'Deputy Convener');
const memberTitle = bi('委員', 'Member');

const president = bi('總經理', 'President');
const chairmanOrg = bi('董事長', 'Chairman');
const svp = bi('資深副總經理', 'Senior Executive Vice President');
const evp = bi('副總經理', 'Executive Vice President');
const trustHead = bi('信託部協理', 'Head of Trust');

/** Board 1 (directors) and board 2 (supervisors), in display order. */
export const demoBoards: Record<1 | 2, DemoPerson[]> = {
  1: [
    p('陳文雄', 'Chen Wen-hsiung', chairman, 0, chairmanOrg),
    p('林志成', 'Lin Chih-cheng', viceChair, 1, president),
    p('黃秀娟', 'Huang Hsiu-chuan', executiveDirector, 2, president),
    p('張國榮', 'Chang Kuo-jung', executiveDirector, 6, chairmanOrg),
    p('王明德', 'Wang Ming-te', executiveDirector, 4, president),
    p('李佳穎', 'Li Chia-ying', director, 3, svp),
    p('吳建宏', 'Wu Chien-hung', director, 5, evp),
    p('劉美惠', 'Liu Mei-hui', director, 7, president),
    p('蔡宗憲', 'Tsai Tsung-hsien', director, 8, evp),
    p('許雅雯', 'Hsu Ya-wen', director, 10, svp),
    p('鄭志豪', 'Cheng Chih-hao', director, 9, president),
  ],
  2: [
    p('楊淑貞', 'Yang Shu-chen', executiveSupervisor, 1, svp),
    p('謝文傑', 'Hsieh Wen-chieh', supervisor, 11, president),
    p('郭怡萱', 'Kuo Yi-hsuan', supervisor, 0, evp),
    p('洪俊賢', 'Hung Chun-hsien', supervisor, 7, trustHead),
    p('曾麗華', 'Tseng Li-hua', supervisor, 2, trustHead),
  ],
};

/** Committee value (sections.committees) → its members in display order. */
export const demoCommittees: Record<number, DemoPerson[]> = {
  1: [
    p('張國榮', 'Chang Kuo-jung', convener, 6, chairmanOrg),
    p('周昱廷', 'Chou Yu-ting', deputyConvener, 0, bi('法務長', 'General Counsel')),
    p('葉佩君', 'Yeh Pei-chun', memberTitle, 3, bi('法務處經理', 'Legal Manager')),
    p('范振宇', 'Fan Chen-yu', memberTitle, 8, bi('法令遵循主管', 'Head of Compliance')),
  ],
  2: [
    p('林志成', 'Lin Chih-cheng', convener, 1, president),
    p('邱筱涵', 'Chiu Hsiao-han', deputyConvener, 4, trustHead),
    p('江宏文', 'Chiang Hung-wen', memberTitle, 10, bi('保險金信託部經理', 'Manager, Insurance Trusts')),
    p('蘇怡如', 'Su Yi-ju', memberTitle, 9, bi('財富管理部協理', 'Head of Wealth Management')),
  ],
  3: [
    p('黃秀娟', 'Huang Hsiu-chuan', convener, 2, president),
    p('賴俊宏', 'Lai Chun-hung', deputyConvener, 5, bi('人力資源處處長', 'Head of Human Resources')),
    p('何欣怡', 'Ho Hsin-yi', memberTitle, 7, bi('訓練發展經理', 'Training Manager')),
    p('高子翔', 'Kao Tzu-hsiang', memberTitle, 11, bi('教育訓練主任', 'Training Director')),
  ],
  4: [
    p('王明德', 'Wang Ming-te', convener, 4, president),
    p('彭思穎', 'Peng Szu-ying', deputyConvener, 1, bi('稽核長', 'Chief Auditor')),
    p('簡志偉', 'Chien Chih-wei', memberTitle, 0, bi('法令遵循主管', 'Head of Compliance')),
    p('游淑芬', 'Yu Shu-fen', memberTitle, 6, bi('風險管理主管', 'Head of Risk')),
  ],
  5: [
    p('劉美惠', 'Liu Mei-hui', convener, 7, president),
    p('侯嘉玲', 'Hou Chia-ling', deputyConvener, 2, trustHead),
    p('石偉倫', 'Shih Wei-lun', memberTitle, 3, bi('公益信託科科長', 'Head of Charitable Trusts')),
  ],
  6: [
    p('陳文雄', 'Chen Wen-hsiung', convener, 0, chairmanOrg),
    p('鍾佳蓉', 'Chung Chia-jung', deputyConvener, 6, bi('國際業務處處長', 'Head of International Business')),
    p('孫以恩', 'Sun Yi-en', memberTitle, 1, bi('海外業務經理', 'Overseas Business Manager')),
    p('杜明軒', 'Tu Ming-hsuan', memberTitle, 8, bi('國際金融部經理', 'International Finance Manager')),
  ],
};
