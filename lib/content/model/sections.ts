/** A name in both languages: the shape of fields' Label, spelled out so this list imports nothing. */
type Label = { tw: string; en: string };

/**
 * The fixed type lists of the content model: the ids that appear in paths such as
 * `websupervisor/getlist/{boardType}` or `webeditor/get/{page}/{id}`. An association changes its
 * committees, categories or page sections here, in one place; each becomes its own back-office
 * menu entry.
 */
export interface Section {
  value: number;
  /** A stable name for code and URLs. */
  key: string;
  label: Label;
}

const s = (value: number, key: string, tw: string, en: string): Section => ({ value, key, label: { tw, en } });

export const sections = {
  /** Q&A categories; 0 is the general category the API's `/0` segment names. */
  qaCategories: [
    s(0, 'general', '一般問題', 'General'),
    s(1, 'trust', '信託業務', 'Trust business'),
    s(2, 'membership', '會員服務', 'Membership'),
    s(3, 'tests', '專業測驗', 'Proficiency tests'),
  ],
  /** Boards of directors and supervisors (websupervisor). */
  boards: [s(1, 'directors', '理事會', 'Board of directors'), s(2, 'supervisors', '監事會', 'Board of supervisors')],
  committees: [
    s(1, 'legal', '法規委員會', 'Legal affairs committee'),
    s(2, 'business', '業務發展委員會', 'Business development committee'),
    s(3, 'education', '教育訓練委員會', 'Education and training committee'),
    s(4, 'compliance', '稽核及法遵委員會', 'Audit and compliance committee'),
    s(5, 'charity', '公益信託委員會', 'Charitable trust committee'),
    s(6, 'international', '國際事務委員會', 'International affairs committee'),
  ],
  visionCategories: [
    s(1, 'promotion', '宣導影片', 'Promotional videos'),
    s(2, 'events', '活動紀錄', 'Event recordings'),
    s(3, 'tutorials', '教學影片', 'Tutorials'),
  ],
  educationCategories: [
    s(1, 'literacy', '金融知識', 'Financial literacy'),
    s(2, 'fraud', '防詐宣導', 'Fraud prevention'),
    s(3, 'seniors', '高齡金融', 'Finance for seniors'),
    s(4, 'campus', '校園宣導', 'Campus outreach'),
  ],
  staticsTypes: [
    s(1, 'business', '信託業務統計', 'Trust business statistics'),
    s(2, 'assets', '信託財產統計', 'Trust assets by type'),
    s(3, 'senior', '安養信託統計', 'Senior-care trusts'),
    s(4, 'charity', '公益信託統計', 'Charitable trusts'),
  ],
  /** The rich-text blocks that make up the site's fixed pages (webeditor). */
  editorPages: [
    s(1, 'about', '本會簡介', 'About the Association'),
    s(2, 'organization', '組織架構', 'Organization'),
    s(3, 'research', '研究報告', 'Research'),
    s(4, 'member-services', '會員服務', 'Member services'),
    s(5, 'accessibility', '無障礙聲明', 'Accessibility statement'),
    s(6, 'privacy', '隱私權政策', 'Privacy policy'),
    s(7, 'copyright', '著作權聲明', 'Copyright'),
  ],
  /** Kinds of regional service point (webareainfo). */
  areaTypes: [
    s(1, 'service', '服務據點', 'Service points'),
    s(2, 'senior-desk', '安養信託諮詢窗口', 'Senior-care trust desks'),
  ],
  /** Taiwan's 22 counties and cities. */
  regions: [
    s(1, 'TPE', '臺北市', 'Taipei City'),
    s(2, 'NWT', '新北市', 'New Taipei City'),
    s(3, 'TAO', '桃園市', 'Taoyuan City'),
    s(4, 'TXG', '臺中市', 'Taichung City'),
    s(5, 'TNN', '臺南市', 'Tainan City'),
    s(6, 'KHH', '高雄市', 'Kaohsiung City'),
    s(7, 'KEE', '基隆市', 'Keelung City'),
    s(8, 'HSZ', '新竹市', 'Hsinchu City'),
    s(9, 'CYI', '嘉義市', 'Chiayi City'),
    s(10, 'HSQ', '新竹縣', 'Hsinchu County'),
    s(11, 'MIA', '苗栗縣', 'Miaoli County'),
    s(12, 'CHA', '彰化縣', 'Changhua County'),
    s(13, 'NAN', '南投縣', 'Nantou County'),
    s(14, 'YUN', '雲林縣', 'Yunlin County'),
    s(15, 'CYQ', '嘉義縣', 'Chiayi County'),
    s(16, 'PIF', '屏東縣', 'Pingtung County'),
    s(17, 'ILA', '宜蘭縣', 'Yilan County'),
    s(18, 'HUA', '花蓮縣', 'Hualien County'),
    s(19, 'TTT', '臺東縣', 'Taitung County'),
    s(20, 'PEN', '澎湖縣', 'Penghu County'),
    s(21, 'KIN', '金門縣', 'Kinmen County'),
    s(22, 'LIE', '連江縣', 'Lienchiang County'),
  ],
  memberCategories: [
    s(1, 'bank', '銀行', 'Banks'),
    s(2, 'trust-company', '信託公司', 'Trust companies'),
    s(3, 'securities', '證券商', 'Securities firms'),
    s(4, 'insurance', '保險業', 'Insurers'),
  ],
  contactStatuses: [
    s(0, 'new', '新訊息', 'New'),
    s(1, 'in-progress', '處理中', 'In progress'),
    s(2, 'closed', '已結案', 'Closed'),
  ],
} satisfies Record<string, Section[]>;

export type SectionList = keyof typeof sections;
