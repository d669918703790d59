/**
 * The multilingual corpus the line breaker is checked on against Chromium: Latin prose with
 * punctuation and hyphens, numbers, currencies, percentages and dates formatted by the engine in
 * 12 locales, CJK with punctuation, Thai/Lao/Khmer/Myanmar, Arabic and Hebrew with numbers, and
 * emoji sequences, and pieces wider than a narrow line. Every text is laid out at several widths;
 * each (text, width) is one cell.
 */
import { formatCurrency, formatDate, formatNumber, formatPercentage } from '../../src/normalize/format';

export interface CorpusCell {
  id: string;
  group: string;
  text: string;
  /** Line width in CSS pixels (a cell's content box). */
  width: number;
}

const LATIN = [
  'The quick brown fox jumps over the lazy dog.',
  'A well-known, state-of-the-art solution for mid-sized companies.',
  'Please reply by Friday (at the latest); thanks!',
  'Order #4512 shipped on 2024-03-04 via UPS — tracking pending.',
  'E-mail: ada.lovelace@example.com, phone: +44 20 7946 0958',
  'Don’t “quote” me on that: it’s a rough estimate…',
  'Self-service check-in is available 24/7 at terminals A–D.',
  'Noise-Cancelling Headset with USB-C charging case',
  'Überprüfung der Straßenverkehrsordnung für Fußgänger',
  'Le théâtre français présente « Les Misérables » ce soir.',
  'Él dijo: ¿dónde está la estación de ferrocarril?',
  'Zażółć gęślą jaźń — pchnąć w tę łódź jeża.',
  'Это быстрая проверка переноса строк в ячейке таблицы.',
  'Η γρήγορη καφέ αλεπού πηδάει πάνω από τον τεμπέλη σκύλο.',
  'Revenue grew 12.5% year-over-year to $1.2B in Q3/2024.',
  'See https://example.com/pricing/enterprise-plans for details.',
  'Version 2.10.3-beta fixes issues #123, #456 and #789.',
  'Temperature: −5 °C to +12 °C (average 3.4 °C)',
  'Mother-in-law’s twenty-five-year-old hand-me-down',
  'Path: /usr/local/share/fonts/truetype/noto',
];

const LOCALES = [
  'en-US',
  'en-GB',
  'de-DE',
  'fr-FR',
  'es-ES',
  'it-IT',
  'pt-BR',
  'ja-JP',
  'zh-CN',
  'ko-KR',
  'hi-IN',
  'ru-RU',
  'ar-EG',
  'he-IL',
];
const CURRENCY: Record<string, string> = {
  'en-US': 'USD',
  'en-GB': 'GBP',
  'de-DE': 'EUR',
  'fr-FR': 'EUR',
  'es-ES': 'EUR',
  'it-IT': 'EUR',
  'pt-BR': 'BRL',
  'ja-JP': 'JPY',
  'zh-CN': 'CNY',
  'ko-KR': 'KRW',
  'hi-IN': 'INR',
  'ru-RU': 'RUB',
  'ar-EG': 'EGP',
  'he-IL': 'ILS',
};
const WHEN = new Date('2024-03-04T15:07:00Z');

function formatted(): string[] {
  const out: string[] = [];
  for (const locale of LOCALES) {
    out.push(
      `${formatCurrency(1234567.89, locale, CURRENCY[locale])} · ${formatNumber(-98765.4321, locale, '0.00')} · ${formatPercentage(0.425, locale)}`,
      `${formatDate(WHEN, locale, 'long', true)} — ${formatDate(WHEN, locale, undefined, false)}`,
    );
  }
  return out;
}

const CJK = [
  '東京都「渋谷区」の天気は晴れ。明日は雨でしょう。',
  '次の文、ですね。ちょっと待ってください！',
  'ソフトウェア・エンジニアリングの基礎（第２版）',
  '价格：１２３元（含税）。请于周五前付款，谢谢！',
  '数据表格生成服务，支持中文、日文和韩文。',
  '《红楼梦》是中国古典小说的巅峰之作。',
  '한국어 문장은 띄어쓰기로 단어를 구분합니다.',
  '서울특별시 강남구 테헤란로 123, 10층 (역삼동)',
  'Mixed 中文 and English text, with numbers 2024年3月4日。',
  '「こんにちは」と彼は言った。「元気？」',
];

const SA = [
  'สวัสดีครับ ผมชื่อสมชาย ยินดีที่ได้รู้จักคุณ',
  'ราคาสินค้ารวมภาษีมูลค่าเพิ่มแล้ว ๑๒๓ บาท',
  'การประชุมจะเริ่มเวลาสิบโมงเช้าที่ห้องประชุมใหญ่',
  'ສະບາຍດີ ຂ້ອຍຊື່ສົມສັກ ຍິນດີທີ່ໄດ້ຮູ້ຈັກ',
  'សួស្តី ខ្ញុំឈ្មោះសុខា រីករាយដែលបានស្គាល់អ្នក',
  'မင်္ဂလာပါ ကျွန်တော့်နာမည် မောင်မောင် ဖြစ်ပါတယ်',
];

const RTL = [
  'שלום עולם, המחיר הוא 123.45 ₪ כולל מע״מ',
  'הזמנה מספר 4512 נשלחה ב-04/03/2024',
  'مرحبا بالعالم، السعر هو 99.5 دولار فقط',
  'تم شحن الطلب رقم 4512 يوم الاثنين',
  'Hello שלום مرحبا 5 items in stock',
  'العدد ١٢٣٤٥ من أصل ٦٧٨٩٠ سجلًا',
];

const EMOJI = [
  'Great job 👍🏽 team! 🎉🎉 See you at 3 pm ☕',
  'Family: 👨‍👩‍👧‍👦 and flags 🇫🇷 🇯🇵 🇧🇷 at the party',
  'Status ✅ done, ⚠️ warning, ❌ failed, 1️⃣ first',
  'Weather today: ☀️ 25°C, tomorrow 🌧️ 18°C',
];

const WIDTHS = [90, 150, 230, 310];

/**
 * Pieces wider than a narrow line, so the line breaker must force them apart (`overflow-wrap:
 * break-word`): long compounds, addresses and hashes, digits, combining marks (decomposed
 * Vietnamese, Devanagari conjuncts, Hebrew points), keycap sequences, Arabic, and Thai words
 * wider than the line. Laid out at narrower widths than the rest.
 */
const OVERLONG = [
  'Donaudampfschifffahrtsgesellschaftskapitänsmütze',
  'Rindfleischetikettierungsüberwachungsaufgabenübertragungsgesetz (1999–2013)',
  'Contact: ada.lovelace+newsletter@example-mail.co.uk today',
  'Commit 0x7f3a9c2e4b1d8f6a0c5e3b7d9f1a2c4e was reverted.',
  'Account 12345678901234567890123456 closed',
  'ThànhphốHồChíMinhViệtNamxinchàocácbạnnhé'.normalize('NFD'),
  'अंतर्राष्ट्रीयकरणप्रक्रियाविश्वविद्यालयअनुसंधान',
  'בְּרֵאשִׁיתבָּרָאאֱלֹהִיםאֵתהַשָּׁמַיִם',
  'والاستراتيجياتوالمستشفياتوالمؤسسات الحكومية',
  'Code: 1️⃣2️⃣3️⃣4️⃣5️⃣6️⃣7️⃣8️⃣9️⃣0️⃣ entered',
  'ภาษาไทยเป็นภาษาราชการของประเทศไทย',
  `Total: ${formatCurrency(1234567890.12, 'fr-FR', 'EUR')}`,
];

const NARROW = [40, 70, 110];

export function corpus(): CorpusCell[] {
  const groups: [string, string[]][] = [
    ['latin', LATIN],
    ['formatted', formatted()],
    ['cjk', CJK],
    ['sa', SA],
    ['rtl', RTL],
    ['emoji', EMOJI],
  ];
  const out: CorpusCell[] = [];
  for (const [group, texts] of groups) {
    texts.forEach((text, i) => {
      for (const width of WIDTHS) out.push({ id: `${group}-${i}-${width}`, group, text, width });
    });
  }
  OVERLONG.forEach((text, i) => {
    for (const width of NARROW) out.push({ id: `overlong-${i}-${width}`, group: 'overlong', text, width });
  });
  return out;
}
