import { bi, type Bi } from './types';

/**
 * Laws and regulations (webrule with its classes, business lines and attributes) and the
 * association's self-regulation rules (webdiscipline). Titles follow the real Taiwanese statutes a
 * trust business works under; document numbers are illustrative.
 */
interface DemoRuleClass {
  name: Bi;
  businesses: Bi[];
}

export const demoRuleClasses: DemoRuleClass[] = [
  {
    name: bi('信託業法規', 'Trust enterprise regulations'),
    businesses: [
      bi('綜合規範', 'General'),
      bi('金錢信託', 'Money trusts'),
      bi('有價證券信託', 'Securities trusts'),
      bi('不動產信託', 'Real estate trusts'),
    ],
  },
  {
    name: bi('信託法及稅務法規', 'Trust law and taxation'),
    businesses: [bi('信託法制', 'Trust law'), bi('信託稅制', 'Trust taxation')],
  },
  {
    name: bi('洗錢防制法規', 'Anti-money laundering'),
    businesses: [bi('客戶審查', 'Customer due diligence'), bi('申報及紀錄保存', 'Reporting and record keeping')],
  },
  {
    name: bi('消費者及個資保護法規', 'Consumer and data protection'),
    businesses: [bi('金融消費者保護', 'Financial consumer protection'), bi('個人資料保護', 'Personal data protection')],
  },
];

export const demoRuleAttributes: Bi[] = [
  bi('法律', 'Act'),
  bi('法規命令', 'Regulation'),
  bi('行政規則', 'Administrative rule'),
  bi('函釋', 'Interpretive ruling'),
];

interface DemoRule {
  /** Indexes into demoRuleClasses, its businesses, and demoRuleAttributes. */
  class: number;
  business: number;
  attribute: number;
  title: Bi;
  authority: Bi;
  documentNumber: Bi;
  issuedOn: string;
  paragraphs: Bi<string[]>;
  attachment?: Bi;
}

const legislature = bi('總統府', 'Office of the President');
const fsc = bi('金融監督管理委員會', 'Financial Supervisory Commission');
const mof = bi('財政部', 'Ministry of Finance');
const moj = bi('法務部', 'Ministry of Justice');
const ndc = bi('國家發展委員會', 'National Development Council');

export const demoRules: DemoRule[] = [
  {
    class: 0,
    business: 0,
    attribute: 0,
    title: bi('信託業法', 'Trust Enterprise Act'),
    authority: legislature,
    documentNumber: bi('華總一義字第8900176330號', 'Presidential Order Hua-Zong-Yi-Yi No. 8900176330'),
    issuedOn: '2000-07-19',
    attachment: bi('信託業法全文.pdf', 'Trust-Enterprise-Act.pdf'),
    paragraphs: {
      tw: [
        '為健全信託業之經營發展，保障委託人及受益人之權益，特制定本法。',
        '本法規範信託業之設立、業務範圍、財務管理、監督及罰則，信託業經營業務應依本法及主管機關之規定辦理。',
      ],
      en: [
        'This Act is enacted to foster the sound development of trust enterprises and to protect the rights and interests of settlors and beneficiaries.',
        'It governs the establishment, scope of business, financial management and supervision of trust enterprises, and the penalties that apply to them.',
      ],
    },
  },
  {
    class: 0,
    business: 0,
    attribute: 1,
    title: bi('信託業法施行細則', 'Enforcement Rules of the Trust Enterprise Act'),
    authority: fsc,
    documentNumber: bi('金管銀票字第11302718790號', 'FSC Order Jin-Guan-Yin-Piao No. 11302718790'),
    issuedOn: '2024-03-28',
    paragraphs: {
      tw: [
        '本細則依信託業法第六十一條規定訂定。',
        '細則就信託業經營之業務項目、信託財產之管理運用方法及資訊揭露等事項訂定補充規定。',
      ],
      en: [
        'These Rules are prescribed under Article 61 of the Trust Enterprise Act.',
        'They supplement the Act on the business items of trust enterprises, how trust property is managed and invested, and disclosure.',
      ],
    },
  },
  {
    class: 0,
    business: 1,
    attribute: 1,
    title: bi(
      '信託資金集合管理運用管理辦法',
      'Regulations Governing Collective Management and Utilization of Trust Funds',
    ),
    authority: fsc,
    documentNumber: bi('金管銀票字第11202734560號', 'FSC Order Jin-Guan-Yin-Piao No. 11202734560'),
    issuedOn: '2023-08-15',
    paragraphs: {
      tw: [
        '信託業設置集合管理運用帳戶，應訂定約定條款，並報經主管機關核准。',
        '集合管理運用之信託資金應與信託業之自有財產分別管理，並定期揭露淨資產價值。',
      ],
      en: [
        'A trust enterprise setting up a collective management account must adopt terms approved by the competent authority.',
        'Pooled trust funds are kept apart from the enterprise\u2019s own assets, and the net asset value is disclosed regularly.',
      ],
    },
  },
  {
    class: 0,
    business: 1,
    attribute: 1,
    title: bi(
      '信託業營運範圍受益權轉讓限制風險揭露及行銷訂約管理辦法',
      'Regulations Governing the Scope of Business, Restrictions on Transfer of Beneficial Interests, Risk Disclosure, Marketing and Contracting by Trust Enterprises',
    ),
    authority: fsc,
    documentNumber: bi('金管銀票字第11101456780號', 'FSC Order Jin-Guan-Yin-Piao No. 11101456780'),
    issuedOn: '2022-05-10',
    attachment: bi('行銷訂約管理辦法修正總說明.pdf', 'Marketing-and-contracting-amendments.pdf'),
    paragraphs: {
      tw: [
        '信託業辦理信託業務，應充分知悉並評估客戶之財務狀況、投資經驗及風險承受度。',
        '信託業於行銷及訂約時，應向委託人揭露信託報酬、各項費用及投資風險。',
      ],
      en: [
        'A trust enterprise must know and assess each customer\u2019s financial position, investment experience and risk tolerance.',
        'When marketing and contracting, it must disclose trust fees, other charges and investment risks to the settlor.',
      ],
    },
  },
  {
    class: 0,
    business: 2,
    attribute: 1,
    title: bi('共同信託基金管理辦法', 'Regulations Governing Common Trust Funds'),
    authority: fsc,
    documentNumber: bi('金管銀票字第10902718650號', 'FSC Order Jin-Guan-Yin-Piao No. 10902718650'),
    issuedOn: '2020-11-20',
    paragraphs: {
      tw: [
        '信託業募集共同信託基金，應檢具基金計畫報經主管機關核准。',
        '共同信託基金投資有價證券之種類及比率，應符合本辦法之限制。',
      ],
      en: [
        'A trust enterprise raising a common trust fund must obtain approval of the fund plan from the competent authority.',
        'The kinds and proportions of securities the fund invests in are subject to the limits of these Regulations.',
      ],
    },
  },
  {
    class: 0,
    business: 3,
    attribute: 2,
    title: bi('信託業辦理不動產開發信託作業要點', 'Guidelines for Real Estate Development Trusts'),
    authority: fsc,
    documentNumber: bi('金管銀票字第11001234500號', 'FSC Directive Jin-Guan-Yin-Piao No. 11001234500'),
    issuedOn: '2021-06-30',
    paragraphs: {
      tw: [
        '信託業辦理不動產開發信託，應就建築經費之撥付訂定控管機制。',
        '受託人應定期查核工程進度，並依約定條件撥付款項。',
      ],
      en: [
        'A trust enterprise handling a real estate development trust must control how construction funds are released.',
        'The trustee checks construction progress regularly and releases payments only on the agreed conditions.',
      ],
    },
  },
  {
    class: 1,
    business: 0,
    attribute: 0,
    title: bi('信託法', 'Trust Law'),
    authority: legislature,
    documentNumber: bi('華總一義字第8500014770號', 'Presidential Order Hua-Zong-Yi-Yi No. 8500014770'),
    issuedOn: '1996-01-26',
    attachment: bi('信託法全文.pdf', 'Trust-Law.pdf'),
    paragraphs: {
      tw: [
        '稱信託者，謂委託人將財產權移轉或為其他處分，使受託人依信託本旨，為受益人之利益或為特定之目的，管理或處分信託財產之關係。',
        '本法規定信託之成立、信託財產、受益人、受託人、信託監察人及公益信託等事項。',
      ],
      en: [
        'A trust is a legal relationship in which a settlor transfers or otherwise disposes of property rights so that a trustee manages or disposes of the trust property for a beneficiary or a specified purpose, according to the terms of the trust.',
        'The Law covers creation of trusts, trust property, beneficiaries, trustees, trust supervisors and charitable trusts.',
      ],
    },
  },
  {
    class: 1,
    business: 0,
    attribute: 3,
    title: bi('信託財產之強制執行疑義函釋', 'Ruling on enforcement against trust property'),
    authority: moj,
    documentNumber: bi('法律字第11203501230號', 'MOJ Ruling Fa-Lu No. 11203501230'),
    issuedOn: '2023-02-08',
    paragraphs: {
      tw: ['信託財產獨立於受託人之自有財產，除信託法第十二條所定情形外，不得強制執行。'],
      en: [
        'Trust property is separate from the trustee\u2019s own property and may not be subject to compulsory enforcement except in the cases listed in Article 12 of the Trust Law.',
      ],
    },
  },
  {
    class: 1,
    business: 1,
    attribute: 0,
    title: bi('遺產及贈與稅法（信託相關條文）', 'Estate and Gift Tax Act (trust provisions)'),
    authority: legislature,
    documentNumber: bi('華總一經字第11200012340號', 'Presidential Order Hua-Zong-Yi-Jing No. 11200012340'),
    issuedOn: '2023-01-10',
    paragraphs: {
      tw: [
        '委託人提供財產成立、捐贈或加入符合規定之公益信託，受益人得享有之信託利益不計入遺產總額。',
        '他益信託於訂定契約時，視為委託人將享有信託利益之權利贈與受益人。',
      ],
      en: [
        'Trust benefits from property a settlor places in a qualifying charitable trust are excluded from the gross estate.',
        'When a third-party benefit trust is created, the settlor is deemed to have given the right to the trust benefits to the beneficiary.',
      ],
    },
  },
  {
    class: 1,
    business: 1,
    attribute: 3,
    title: bi('安養信託受益人信託利益課稅函釋', 'Ruling on taxation of senior-care trust benefits'),
    authority: mof,
    documentNumber: bi('台財稅字第11304512340號', 'MOF Ruling Tai-Cai-Shui No. 11304512340'),
    issuedOn: '2024-06-12',
    paragraphs: {
      tw: ['自益之安養信託，受益人取得之信託利益屬委託人本人所有，無贈與稅課徵問題。'],
      en: ['In a self-benefit senior-care trust the benefits belong to the settlor, so no gift tax arises.'],
    },
  },
  {
    class: 2,
    business: 0,
    attribute: 0,
    title: bi('洗錢防制法', 'Money Laundering Control Act'),
    authority: legislature,
    documentNumber: bi('華總一義字第11300065120號', 'Presidential Order Hua-Zong-Yi-Yi No. 11300065120'),
    issuedOn: '2024-07-31',
    paragraphs: {
      tw: ['為防制洗錢，打擊犯罪，健全防制洗錢體系，穩定金融秩序，促進金流之透明，強化國際合作，特制定本法。'],
      en: [
        'This Act is enacted to prevent money laundering, fight crime, strengthen the anti-money-laundering system, keep the financial order stable, make money flows transparent and strengthen international cooperation.',
      ],
    },
  },
  {
    class: 2,
    business: 0,
    attribute: 1,
    title: bi('金融機構防制洗錢辦法', 'Regulations Governing Anti-Money Laundering of Financial Institutions'),
    authority: fsc,
    documentNumber: bi('金管銀法字第11301234560號', 'FSC Order Jin-Guan-Yin-Fa No. 11301234560'),
    issuedOn: '2024-11-29',
    attachment: bi('金融機構防制洗錢辦法條文.pdf', 'AML-regulations.pdf'),
    paragraphs: {
      tw: ['金融機構確認客戶身分，應辨識實質受益人，並依風險基礎方法決定審查強度。'],
      en: [
        'When verifying customers, financial institutions identify beneficial owners and set the depth of review on a risk-based approach.',
      ],
    },
  },
  {
    class: 2,
    business: 1,
    attribute: 2,
    title: bi('疑似洗錢或資恐交易申報作業要點', 'Guidelines for reporting suspicious transactions'),
    authority: fsc,
    documentNumber: bi('金管銀法字第11202233440號', 'FSC Directive Jin-Guan-Yin-Fa No. 11202233440'),
    issuedOn: '2023-09-05',
    paragraphs: {
      tw: ['金融機構發現疑似洗錢或資恐交易，應於發現之日起二個營業日內向調查局申報。'],
      en: [
        'A financial institution that finds a suspicious transaction must report it to the Investigation Bureau within two business days.',
      ],
    },
  },
  {
    class: 3,
    business: 0,
    attribute: 0,
    title: bi('金融消費者保護法', 'Financial Consumer Protection Act'),
    authority: legislature,
    documentNumber: bi('華總一義字第11100098760號', 'Presidential Order Hua-Zong-Yi-Yi No. 11100098760'),
    issuedOn: '2022-05-04',
    paragraphs: {
      tw: [
        '金融服務業與金融消費者訂立契約前，應充分瞭解金融消費者之相關資料，確保商品或服務對其之適合度。',
        '金融消費者與金融服務業發生爭議時，得向金融消費評議中心申請評議。',
      ],
      en: [
        'Before contracting, a financial service provider must understand the consumer sufficiently to make sure the product or service suits them.',
        'A consumer in dispute with a provider may apply to the Financial Ombudsman Institution.',
      ],
    },
  },
  {
    class: 3,
    business: 1,
    attribute: 0,
    title: bi('個人資料保護法', 'Personal Data Protection Act'),
    authority: legislature,
    documentNumber: bi('華總一義字第11200051230號', 'Presidential Order Hua-Zong-Yi-Yi No. 11200051230'),
    issuedOn: '2023-05-31',
    paragraphs: {
      tw: ['為規範個人資料之蒐集、處理及利用，以避免人格權受侵害，並促進個人資料之合理利用，特制定本法。'],
      en: [
        'This Act governs the collection, processing and use of personal data, to prevent harm to personality rights and to facilitate the proper use of personal data.',
      ],
    },
  },
  {
    class: 3,
    business: 1,
    attribute: 2,
    title: bi(
      '金融業個人資料檔案安全維護計畫標準',
      'Standards for security of personal data files in the financial sector',
    ),
    authority: ndc,
    documentNumber: bi('發法字第11300087650號', 'NDC Directive Fa-Fa No. 11300087650'),
    issuedOn: '2024-02-19',
    paragraphs: {
      tw: ['金融業應訂定個人資料檔案安全維護計畫，並定期檢視及修正。'],
      en: ['Financial institutions must adopt a security plan for personal data files and review it regularly.'],
    },
  },
];

export const demoDisciplineTypes: Bi[] = [
  bi('業務規範', 'Business rules'),
  bi('自律公約', 'Codes of conduct'),
  bi('作業範本', 'Model procedures'),
];

interface DemoDiscipline {
  type: number;
  title: Bi;
  documentNumber: Bi;
  promulgatedOn: string;
  amendedOn?: string;
  paragraphs: Bi<string[]>;
  attachment?: Bi;
}

export const demoDisciplines: DemoDiscipline[] = [
  {
    type: 0,
    title: bi('信託業應負之義務及相關行為規範', 'Code of Conduct and Duties of Trust Enterprises'),
    documentNumber: bi('信託公會字第1130000125號', 'TTA Ref. No. 1130000125'),
    promulgatedOn: '2004-03-12',
    amendedOn: '2024-04-30',
    attachment: bi('信託業應負之義務及相關行為規範.pdf', 'Code-of-conduct-and-duties.pdf'),
    paragraphs: {
      tw: [
        '信託業應以善良管理人之注意義務及忠實義務，本誠實信用原則管理或處分信託財產。',
        '本規範就利益衝突之防範、客戶資料保密、廣告及行銷等事項訂定具體規定。',
      ],
      en: [
        'A trust enterprise manages and disposes of trust property with the care of a good administrator and a duty of loyalty, in good faith.',
        'The code sets concrete rules on preventing conflicts of interest, confidentiality of customer information, advertising and marketing.',
      ],
    },
  },
  {
    type: 0,
    title: bi('信託業辦理安養信託業務自律規範', 'Self-regulatory Rules for Senior-care Trusts'),
    documentNumber: bi('信託公會字第1120000388號', 'TTA Ref. No. 1120000388'),
    promulgatedOn: '2017-09-01',
    amendedOn: '2023-07-15',
    paragraphs: {
      tw: ['會員辦理安養信託，應評估委託人之需求及意思能力，並得結合信託監察人或社福機構提供服務。'],
      en: [
        'Members offering senior-care trusts assess the settlor\u2019s needs and capacity, and may work with a trust supervisor or welfare agency.',
      ],
    },
  },
  {
    type: 0,
    title: bi('信託業辦理特定金錢信託業務自律規範', 'Self-regulatory Rules for Specified Money Trusts'),
    documentNumber: bi('信託公會字第1110000215號', 'TTA Ref. No. 1110000215'),
    promulgatedOn: '2006-05-20',
    amendedOn: '2022-10-12',
    paragraphs: {
      tw: ['會員受託投資國內外有價證券，應辦理商品上架審查，並向客戶充分揭露商品風險。'],
      en: [
        'Members investing in domestic and foreign securities on instructions must review products before offering them and fully disclose their risks.',
      ],
    },
  },
  {
    type: 0,
    title: bi('信託業辦理員工福利信託業務自律規範', 'Self-regulatory Rules for Employee Benefit Trusts'),
    documentNumber: bi('信託公會字第1100000410號', 'TTA Ref. No. 1100000410'),
    promulgatedOn: '2012-12-01',
    amendedOn: '2021-11-08',
    paragraphs: {
      tw: ['會員辦理員工持股信託及員工福利儲蓄信託，應與事業單位明確約定提撥方式及權益歸屬。'],
      en: [
        'For employee stock ownership and savings trusts, members agree clearly with the employer on contributions and vesting.',
      ],
    },
  },
  {
    type: 1,
    title: bi('信託業公平待客原則自律公約', 'Treating Customers Fairly Pledge'),
    documentNumber: bi('信託公會字第1090000166號', 'TTA Ref. No. 1090000166'),
    promulgatedOn: '2019-12-20',
    paragraphs: {
      tw: ['會員承諾落實公平待客原則，包括訂約公平誠信、注意與忠實義務、告知與揭露及申訴保障等。'],
      en: [
        'Members pledge to treat customers fairly: fair and honest contracting, care and loyalty, information and disclosure, and the right to complain.',
      ],
    },
  },
  {
    type: 1,
    title: bi('信託業廣告及行銷自律公約', 'Advertising and Marketing Code'),
    documentNumber: bi('信託公會字第1080000277號', 'TTA Ref. No. 1080000277'),
    promulgatedOn: '2008-04-01',
    amendedOn: '2019-06-18',
    paragraphs: {
      tw: ['會員之廣告不得有誇大不實或保證收益之內容，並應揭示信託業務之風險。'],
      en: [
        'Members\u2019 advertising must not exaggerate or promise returns, and must state the risks of trust business.',
      ],
    },
  },
  {
    type: 1,
    title: bi('信託業金融友善服務自律公約', 'Financial Friendly Services Code'),
    documentNumber: bi('信託公會字第1120000451號', 'TTA Ref. No. 1120000451'),
    promulgatedOn: '2018-08-15',
    amendedOn: '2023-08-30',
    paragraphs: {
      tw: ['會員應提供身心障礙者及高齡者友善之服務環境，並於網站提供無障礙資訊。'],
      en: [
        'Members provide a friendly service environment for people with disabilities and seniors, and accessible information on their websites.',
      ],
    },
  },
  {
    type: 2,
    title: bi('安養信託契約範本', 'Model Senior-care Trust Agreement'),
    documentNumber: bi('信託公會字第1130000302號', 'TTA Ref. No. 1130000302'),
    promulgatedOn: '2015-06-10',
    amendedOn: '2024-09-05',
    attachment: bi('安養信託契約範本.pdf', 'Model-senior-care-trust-agreement.pdf'),
    paragraphs: {
      tw: ['本範本供會員辦理安養信託時參考，內容包括信託目的、信託財產、給付方式、信託監察人及契約終止等條款。'],
      en: [
        'A model for members\u2019 senior-care trusts, with clauses on purpose, trust property, payments, the trust supervisor and termination.',
      ],
    },
  },
  {
    type: 2,
    title: bi('預售屋價金信託契約範本', 'Model Pre-sale Housing Escrow Trust Agreement'),
    documentNumber: bi('信託公會字第1110000523號', 'TTA Ref. No. 1110000523'),
    promulgatedOn: '2021-07-01',
    paragraphs: {
      tw: ['本範本規定價金專戶之設置、撥付條件及建案停工時之處理程序。'],
      en: [
        'The model covers the escrow account, conditions for releasing funds and what happens if construction stops.',
      ],
    },
  },
  {
    type: 2,
    title: bi('信託業客戶申訴處理作業範本', 'Model Complaint-handling Procedure'),
    documentNumber: bi('信託公會字第1120000610號', 'TTA Ref. No. 1120000610'),
    promulgatedOn: '2014-03-01',
    amendedOn: '2023-10-20',
    paragraphs: {
      tw: ['會員應於受理申訴之日起三十日內回覆客戶，並建立申訴案件之統計及檢討機制。'],
      en: ['Members reply to complaints within thirty days and keep statistics on complaints for review.'],
    },
  },
];
