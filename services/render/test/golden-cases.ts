/**
 * Golden image cases: the nine SPEC examples and edge cases. Shared by the golden test and the
 * script that regenerates the files (scripts/update-goldens.ts).
 */
import { examples } from '@jsonable/contracts/examples';

export interface GoldenCase {
  name: string;
  payload: Record<string, unknown>;
  format: 'png' | 'pdf';
}

const edge: GoldenCase[] = [
  {
    name: 'edge-spans',
    format: 'png',
    payload: {
      title: 'Spans',
      headers: ['Team', 'Mon', 'Tue', 'Wed'],
      rows: [
        [
          { value: 'Platform', rowspan: 2, style: { backgroundColor: '#eef2ff', fontWeight: 'bold' } },
          'On call',
          { value: 'Release week', colspan: 2, style: { textAlign: 'center' } },
        ],
        ['Review', 'Planning', 'Retro'],
        [
          'Web',
          { value: 'Offsite (three days)', colspan: 3, style: { textAlign: 'center', backgroundColor: '#fef9c3' } },
        ],
      ],
    },
  },
  {
    name: 'edge-wrapping',
    format: 'png',
    payload: {
      headers: ['Key', 'Long text'],
      rows: [
        [
          'url',
          'https://example.com/a/very/long/path/that/has/no/spaces/at/all/and/must/be/broken/hard/somewhere/in/the/middle',
        ],
        [
          'prose',
          'A sentence that is long enough to wrap across several lines inside the column because the table is only four hundred pixels wide.',
        ],
        ['lines', 'First line\nSecond line\nThird line'],
      ],
      options: { width: 400 },
    },
  },
  {
    name: 'edge-groups-aggregates',
    format: 'png',
    payload: {
      title: 'Orders by status',
      data: [
        { Order: 1001, Status: 'Shipped', Items: 3, Amount: { type: 'currency', value: 120.5 } },
        { Order: 1002, Status: 'Pending', Items: 1, Amount: { type: 'currency', value: 35 } },
        { Order: 1003, Status: 'Shipped', Items: 5, Amount: { type: 'currency', value: 410.25 } },
        { Order: 1004, Status: 'Pending', Items: 2, Amount: { type: 'currency', value: 80 } },
        { Order: 1005, Status: 'Cancelled', Items: 1, Amount: { type: 'currency', value: 15.99 } },
      ],
      options: {
        dataProcessing: {
          sortBy: ['Amount'],
          sortDirection: 'desc',
          groupBy: ['Status'],
          aggregate: { Items: 'sum', Amount: ['sum', 'avg'] },
        },
      },
    },
  },
  {
    name: 'edge-dark-theme',
    format: 'png',
    payload: {
      title: 'Dark theme',
      data: [
        { Service: 'Auth', Uptime: { type: 'percentage', value: 0.9995 }, Healthy: true },
        { Service: 'Billing', Uptime: { type: 'percentage', value: 0.981 }, Healthy: false },
        { Service: 'Search', Uptime: { type: 'percentage', value: 0.9999 }, Healthy: true },
      ],
      options: { theme: 'dark', showRowNumbers: true, freezeHeader: true },
    },
  },
  {
    name: 'edge-rtl',
    format: 'png',
    payload: {
      title: 'تقرير المبيعات',
      headers: ['المنتج', 'الكمية', 'שם'],
      rows: [
        ['قهوة عربية', 12, 'שלום עולם'],
        ['شاي أخضر', 7, 'תודה רבה'],
      ],
      options: { direction: 'rtl' },
    },
  },
  {
    name: 'edge-cjk-emoji',
    format: 'png',
    payload: {
      title: '多语言 · 다국어 · 多言語 😀',
      headers: ['中文', '日本語', '한국어', 'Emoji'],
      rows: [
        ['你好，世界', 'こんにちは世界', '안녕하세요 세계', '🚀 🎉 👍🏽'],
        ['数据表格', 'データテーブル', '데이터 테이블', '🇫🇷 ❤️ ✅'],
      ],
    },
  },
  {
    // Every script the engine promises beyond the big ones: no empty boxes (issue #23).
    name: 'edge-scripts',
    format: 'png',
    payload: {
      title: 'Scripts · ભાષાઓ · భాషలు · ಭಾಷೆಗಳು',
      headers: ['Script', 'Sample', 'Script ', 'Sample '],
      rows: [
        ['Gujarati', 'નમસ્તે દુનિયા', 'Khmer', 'សួស្តីពិភពលោក'],
        ['Telugu', 'నమస్కారం ప్రపంచం', 'Lao', 'ສະບາຍດີໂລກ'],
        ['Kannada', 'ನಮಸ್ಕಾರ ಜಗತ್ತು', 'Myanmar', 'မင်္ဂလာပါ ကမ္ဘာ'],
        ['Malayalam', 'നമസ്കാരം ലോകം', 'Armenian', 'Բարեւ աշխարհ'],
        ['Sinhala', 'ආයුබෝවන් ලෝකය', 'Georgian', 'გამარჯობა მსოფლიო'],
        ['Traditional Chinese', '資料表格，銷售報告', 'Ethiopic', 'ሰላም ለዓለም'],
      ],
    },
  },
  {
    // A Japanese table: Japanese glyph forms, no line starting with 。 or 」, locale date names,
    // Thai broken at word boundaries, and 1 234 567,89 € kept whole (issue #23).
    name: 'edge-typography-ja',
    format: 'png',
    payload: {
      headers: ['説明', '日付', 'ไทย', 'Montant'],
      rows: [
        [
          '東京都「渋谷区」の天気は晴れ。明日は雨でしょう。',
          { type: 'date', value: '2024-03-04', format: 'yyyy年M月d日(EEE)' },
          'สวัสดีครับ ผมชื่อสมชาย ยินดีที่ได้รู้จักคุณ',
          { type: 'currency', value: 1234567.89, format: { currency: 'EUR', locale: 'fr-FR' } },
        ],
        [
          '直角骨写 — 「こんにちは」と彼は言った。',
          { type: 'datetime', value: '2024-03-04T15:07:00Z', format: 'a h:mm' },
          'การประชุมจะเริ่มเวลาสิบโมงเช้า',
          { type: 'percentage', value: 0.425, format: { locale: 'fr-FR' } },
        ],
      ],
      options: { locale: 'ja-JP', width: 620 },
    },
  },
  {
    // Tabular figures everywhere, decimal separators lined up in the decimal columns (issue #23).
    name: 'edge-decimal',
    format: 'png',
    payload: {
      headers: ['Item', 'Amount', 'Change', 'Right'],
      rows: [
        [
          'Licences',
          { type: 'currency', value: 1234.5, format: 'EUR' },
          { type: 'percentage', value: 0.125, format: { maximumFractionDigits: 2 } },
          1234.5,
        ],
        [
          'Support',
          { type: 'currency', value: 98.99, format: 'EUR' },
          { type: 'percentage', value: -0.04, format: { maximumFractionDigits: 2 } },
          98.99,
        ],
        [
          'Hardware',
          { type: 'currency', value: 110000, format: 'EUR' },
          { type: 'percentage', value: 1, format: { maximumFractionDigits: 2 } },
          110000,
        ],
        [
          'Travel',
          { type: 'number', value: 7.125, format: { maximumFractionDigits: 3 } },
          { type: 'percentage', value: 0.3333, format: { maximumFractionDigits: 2 } },
          7.125,
        ],
      ],
      options: { locale: 'de-DE' },
      styles: { columnStyles: { Amount: { align: 'decimal' }, Change: { textAlign: 'decimal' } } },
    },
  },
  {
    // Fitted to content, a narrow table is widened to its title instead of breaking it up.
    name: 'edge-narrow-title',
    format: 'png',
    payload: {
      title: 'Weekly Sales Report for the European Region',
      data: [
        { Region: 'EU', Total: 5 },
        { Region: 'US', Total: 7 },
      ],
    },
  },
  {
    name: 'edge-500-rows',
    format: 'pdf',
    payload: {
      title: 'Five hundred rows',
      data: Array.from({ length: 500 }, (_, i) => ({
        ID: i + 1,
        Name: `Customer ${i + 1}`,
        City: ['Lisbon', 'Oslo', 'Kyoto', 'Austin'][i % 4],
        Balance: { type: 'currency', value: ((i * 7919) % 10000) / 3 },
      })),
    },
  },
];

export const goldenCases: GoldenCase[] = [
  ...examples.map((e) => ({ name: e.id, payload: e.payload, format: 'png' as const })),
  ...edge,
];
