/** Q&A by category (sections.qaCategories) and the Chinese–English glossary. */
interface DemoQa {
  category: number;
  tw: { question: string; answer: string[] };
  en: { question: string; answer: string[] };
}

export const demoQa: DemoQa[] = [
  // 0 General
  {
    category: 0,
    tw: {
      question: '臺灣信託業協會的宗旨是什麼？',
      answer: [
        '本會以促進信託業務健全發展、維護會員共同利益及保障委託人與受益人權益為宗旨。',
        '本會亦協助主管機關推動信託相關政策，並辦理信託知識推廣及專業人員訓練。',
      ],
    },
    en: {
      question: 'What is the purpose of the Taiwan Trust Association?',
      answer: [
        'The Association promotes the sound development of trust business, represents its members\u2019 common interests and protects settlors and beneficiaries.',
        'It also helps the regulator carry out trust policy, promotes public understanding of trusts and trains professionals.',
      ],
    },
  },
  {
    category: 0,
    tw: {
      question: '如何與本會聯繫？',
      answer: [
        '您可以利用網站「聯絡我們」表單留言，或於上班時間（週一至週五上午九時至下午五時半）來電 (02) 2311-5678。',
      ],
    },
    en: {
      question: 'How can I contact the Association?',
      answer: [
        'Use the contact form on this website, or call (02) 2311-5678 during office hours (Monday to Friday, 9 a.m. to 5:30 p.m.).',
      ],
    },
  },
  {
    category: 0,
    tw: {
      question: '本會可以協助處理我與銀行之間的信託爭議嗎？',
      answer: [
        '本會為同業公會，無法就個別交易爭議作出裁決。建議您先向該機構客服或申訴窗口反映；如未獲妥善處理，可向財團法人金融消費評議中心申請評議。',
      ],
    },
    en: {
      question: 'Can the Association settle my trust dispute with a bank?',
      answer: [
        'As a trade association we cannot rule on individual disputes. Please first complain to the institution\u2019s customer service; if that does not resolve it, you may apply to the Financial Ombudsman Institution.',
      ],
    },
  },
  {
    category: 0,
    tw: {
      question: '網站的無障礙功能如何使用？',
      answer: [
        '本網站依無障礙網頁規範設計，可使用鍵盤操作，並提供快速鍵（Alt+U 上方功能區、Alt+C 主要內容區、Alt+Z 頁尾區）。詳細說明請參閱「無障礙聲明」頁面。',
      ],
    },
    en: {
      question: 'How do I use the website\u2019s accessibility features?',
      answer: [
        'The website follows accessibility guidelines and works with a keyboard. Access keys: Alt+U for the header, Alt+C for the main content and Alt+Z for the footer. See the accessibility statement for details.',
      ],
    },
  },
  // 1 Trust business
  {
    category: 1,
    tw: {
      question: '什麼是信託？',
      answer: [
        '信託是委託人將財產移轉給受託人，由受託人依照信託契約的約定，為受益人的利益管理或處分信託財產的法律關係。',
        '信託財產在法律上獨立於受託人的自有財產，因此能確保財產專款專用。',
      ],
    },
    en: {
      question: 'What is a trust?',
      answer: [
        'In a trust, a settlor transfers property to a trustee, who manages or disposes of it for the beneficiary according to the trust agreement.',
        'Trust property is legally separate from the trustee\u2019s own assets, so it is used only for its intended purpose.',
      ],
    },
  },
  {
    category: 1,
    tw: {
      question: '安養信託適合哪些人？',
      answer: [
        '安養信託適合希望預先規劃退休生活費用、醫療及長期照顧支出的長者，以及擔心財產遭詐騙或不當挪用的家庭。',
        '委託人可約定定期給付生活費，並直接支付安養機構或醫療院所費用。',
      ],
    },
    en: {
      question: 'Who is a senior-care trust for?',
      answer: [
        'Older people who want to plan for living costs, medical care and long-term care, and families worried about fraud or misuse of an elder\u2019s money.',
        'The settlor can arrange regular living allowances and direct payments to care homes and hospitals.',
      ],
    },
  },
  {
    category: 1,
    tw: {
      question: '成立信託需要多少資金？',
      answer: [
        '各受託機構的最低信託金額及收費標準不同，部分銀行的安養信託並無最低金額限制。建議您向會員機構洽詢並比較信託報酬。',
      ],
    },
    en: {
      question: 'How much money do I need to set up a trust?',
      answer: [
        'Minimum amounts and fees differ between trustees, and some banks set no minimum for senior-care trusts. Ask several member institutions and compare their fees.',
      ],
    },
  },
  {
    category: 1,
    tw: {
      question: '信託監察人的功能是什麼？',
      answer: ['信託監察人代表受益人監督受託人執行信託事務，例如同意重要財產之處分或契約變更，可保障受益人權益。'],
    },
    en: {
      question: 'What does a trust supervisor do?',
      answer: [
        'A trust supervisor acts for the beneficiary in overseeing the trustee, for example by approving major disposals or changes to the agreement.',
      ],
    },
  },
  // 2 Membership
  {
    category: 2,
    tw: {
      question: '哪些機構可以申請加入本會？',
      answer: ['經主管機關核准兼營或專營信託業務之銀行、信託公司、證券商及保險業，均得申請加入本會為會員。'],
    },
    en: {
      question: 'Which institutions can join the Association?',
      answer: [
        'Banks, trust companies, securities firms and insurers licensed by the regulator to conduct trust business may apply for membership.',
      ],
    },
  },
  {
    category: 2,
    tw: {
      question: '入會需要準備哪些文件？',
      answer: ['請填具入會申請書，並檢附主管機關核准函、公司登記證明及會員代表名冊，送本會秘書處審核。'],
    },
    en: {
      question: 'What documents do I need to apply?',
      answer: [
        'Submit the application form with the regulator\u2019s licence, company registration and the list of member representatives to the Secretariat.',
      ],
    },
  },
  {
    category: 2,
    tw: {
      question: '會費如何計算及繳納？',
      answer: ['會費包括入會費及常年會費，常年會費依會員前一年度信託財產規模分級計收，每年一月寄發繳款通知。'],
    },
    en: {
      question: 'How are membership dues calculated and paid?',
      answer: [
        'Dues comprise an entrance fee and an annual fee graded by the member\u2019s trust assets in the previous year. Notices are sent each January.',
      ],
    },
  },
  {
    category: 2,
    tw: {
      question: '會員機構如何取得會員專區帳號？',
      answer: ['會員機構指定之聯絡人可向秘書處申請會員專區帳號，申請後三個工作天內以電子郵件通知。'],
    },
    en: {
      question: 'How does a member get access to the members\u2019 area?',
      answer: [
        'The member\u2019s designated contact applies to the Secretariat; the account details are e-mailed within three working days.',
      ],
    },
  },
  // 3 Tests
  {
    category: 3,
    tw: {
      question: '信託業務專業測驗的報考資格為何？',
      answer: ['凡高中（職）以上學校畢業或具同等學力者，均可報名參加。'],
    },
    en: {
      question: 'Who may take the Trust Business Proficiency Test?',
      answer: ['Anyone who has completed senior high school or has equivalent qualifications.'],
    },
  },
  {
    category: 3,
    tw: {
      question: '測驗科目及合格標準為何？',
      answer: [
        '測驗科目為「信託法規」及「信託實務」兩科，每科滿分一百分，兩科總分達一百四十分且單科不低於六十分者為合格。',
      ],
    },
    en: {
      question: 'What are the subjects and the pass mark?',
      answer: [
        'Two papers: trust law and trust practice, each out of 100. Candidates pass with a total of 140 and at least 60 in each paper.',
      ],
    },
  },
  {
    category: 3,
    tw: {
      question: '如何查詢測驗成績及申請合格證明書？',
      answer: ['成績於測驗後約四週公布，可於測驗報名系統查詢。合格者可線上申請合格證明書，約十個工作天寄達。'],
    },
    en: {
      question: 'How do I check my result and get a certificate?',
      answer: [
        'Results are published about four weeks after the test in the registration system. Successful candidates can apply online for a certificate, which arrives in about ten working days.',
      ],
    },
  },
  {
    category: 3,
    tw: {
      question: '報名後可以退費或延期嗎？',
      answer: ['報名截止前可申請退還百分之五十報名費；報名截止後恕不退費，亦不得延期至下次測驗。'],
    },
    en: {
      question: 'Can I get a refund or move to a later test?',
      answer: [
        'Before registration closes, half the fee can be refunded. After it closes there are no refunds or transfers to a later test.',
      ],
    },
  },
];

/** Glossary terms: Chinese, English and a short explanation in Chinese (one row each, no language). */
interface DemoTerm {
  termTw: string;
  termEn: string;
  description: string;
}

const t = (termTw: string, termEn: string, description: string): DemoTerm => ({ termTw, termEn, description });

export const demoGlossary: DemoTerm[] = [
  t('洗錢防制', 'Anti-money laundering (AML)', '防止犯罪所得經由金融體系隱匿或掩飾其來源之各項措施。'),
  t('資產證券化', 'Asset securitization', '將可產生現金流量之資產集合，經信託轉換為證券向投資人發行。'),
  t('受益人', 'Beneficiary', '依信託契約享有信託利益之人。'),
  t('受益權', 'Beneficial interest', '受益人依信託關係得享有之權利，包括收益及本金之受益。'),
  t('實質受益人', 'Beneficial owner', '對客戶具最終所有權或控制權之自然人。'),
  t('公益信託', 'Charitable trust', '以慈善、文化、學術、技藝、宗教、祭祀或其他公共利益為目的之信託。'),
  t('集合管理運用帳戶', 'Collective management account', '信託業將不同委託人之信託資金集合管理運用之帳戶。'),
  t('共同信託基金', 'Common trust fund', '信託業就一定之投資標的，以發行受益證券募集設立之信託基金。'),
  t('客戶審查', 'Customer due diligence (CDD)', '確認客戶身分並瞭解其交易目的及資金來源之程序。'),
  t('保管機構', 'Custodian', '受託保管信託財產或基金資產之金融機構。'),
  t('身心障礙者財產信託', 'Disability trust', '為身心障礙者之生活照顧及財產保障所成立之信託。'),
  t('善良管理人注意義務', 'Duty of care', '受託人處理信託事務時應盡之注意程度。'),
  t('忠實義務', 'Duty of loyalty', '受託人應以受益人利益為優先，避免利益衝突之義務。'),
  t(
    '員工持股信託',
    'Employee stock ownership trust',
    '員工定期提撥薪資並由公司相對提撥，委託信託業購買公司股票之信託。',
  ),
  t('預售屋價金信託', 'Escrow trust for pre-sale housing', '購屋者繳納之價金交付信託，依工程進度撥付建商之機制。'),
  t('家族信託', 'Family trust', '以家族財富傳承及照顧家族成員為目的所規劃之信託。'),
  t('金融友善服務', 'Financial friendly services', '為身心障礙者、高齡者等提供無障礙及友善之金融服務。'),
  t('贈與稅', 'Gift tax', '就個人無償給與他人財產所課徵之稅捐。'),
  t('避險', 'Hedging', '以衍生性商品等工具降低價格或匯率變動風險之操作。'),
  t('遺產稅', 'Inheritance tax', '就被繼承人死亡時遺留之財產所課徵之稅捐。'),
  t('保險金信託', 'Insurance trust', '以保險理賠金作為信託財產，由受託人依約定管理給付之信託。'),
  t('不可撤銷信託', 'Irrevocable trust', '委託人成立後不得任意終止或變更之信託。'),
  t('共同受託人', 'Joint trustees', '二人以上共同擔任受託人，信託事務之處理原則上應共同為之。'),
  t('認識客戶', 'Know your customer (KYC)', '瞭解客戶身分、財務背景及投資需求之作業。'),
  t('生前信託', 'Living trust', '委託人在世時即生效之信託。'),
  t('金錢信託', 'Money trust', '以金錢為信託財產之信託。'),
  t('淨資產價值', 'Net asset value (NAV)', '基金資產扣除負債後之價值。'),
  t('境外基金', 'Offshore fund', '於中華民國境外設立並發行之基金。'),
  t('專業投資人', 'Professional investor', '符合一定資產或專業條件之法人或自然人。'),
  t('合格機構投資人', 'Qualified institutional investor', '依法得投資特定商品之銀行、保險業等機構。'),
  t('不動產投資信託', 'Real estate investment trust (REIT)', '向投資人募集資金投資不動產，並發行受益證券之信託。'),
  t('可撤銷信託', 'Revocable trust', '委託人保留終止或變更信託權利之信託。'),
  t('有價證券信託', 'Securities trust', '以股票、債券等有價證券為信託財產之信託。'),
  t('安養信託', 'Senior-care trust', '為保障高齡者生活、醫療及照護費用所成立之信託。'),
  t('委託人', 'Settlor', '將財產交付信託之人。'),
  t('遺囑信託', 'Testamentary trust', '以遺囑方式設立，於委託人死亡後生效之信託。'),
  t('信託', 'Trust', '委託人將財產權移轉予受託人，由受託人為受益人之利益管理或處分之法律關係。'),
  t('信託契約', 'Trust agreement', '委託人與受託人約定信託關係之契約。'),
  t('信託財產', 'Trust property', '受託人因信託行為取得之財產，獨立於受託人之自有財產。'),
  t('信託監察人', 'Trust supervisor', '為保護受益人利益，監督受託人處理信託事務之人。'),
  t('受託人', 'Trustee', '受讓信託財產並依信託本旨管理或處分之人。'),
  t('都市更新信託', 'Urban renewal trust', '將都市更新之土地、建物或資金交付信託，以確保更新事業順利完成。'),
  t('評價', 'Valuation', '對信託財產或投資標的之價值進行評估。'),
  t('財富管理', 'Wealth management', '依客戶需求提供資產配置、信託及傳承規劃等整合服務。'),
  t('殖利率', 'Yield', '投資收益占投資成本之比率。'),
  t('零息債券', 'Zero-coupon bond', '不支付利息、以折價發行並於到期按面額償還之債券。'),
];
