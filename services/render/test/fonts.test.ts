/**
 * Fonts come from npm packages and cover every script we promise: each character of these samples
 * is in at least one face of the stack the engine hands Skia, so nothing renders as an empty box.
 */
import { GlobalFonts } from '@napi-rs/canvas';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { runs } from '../src/paint/pdf';
import { ensureFontsRegistered, FACES, FALLBACKS, facePath, hanFace, resolveFace, type FaceId } from '../src/fonts';
import { layoutTable } from '../src/layout/layout';
import { differing, hasPdftoppm, pixels, toPng } from './support/rasterize';
import { renderPayload, normalizePayload } from './support/payload';

const require = createRequire(import.meta.url);
const fontkit = require('fontkit') as {
  create(b: Buffer): { hasGlyphForCodePoint(cp: number): boolean; familyName: string };
};

const SAMPLES = {
  latin: 'Ünïcödé façade — “quotes” €1,234.50 ✓ ✗ • …',
  chinese: '数据表格，你好世界。销售报告',
  japanese: 'こんにちは世界・データテーブル',
  korean: '안녕하세요 세계, 데이터 테이블',
  arabic: 'مرحبا بالعالم، تقرير المبيعات ١٢٣',
  hebrew: 'שלום עולם, דוח מכירות',
  hindi: 'नमस्ते दुनिया, क्षेत्रीय बिक्री रिपोर्ट ₹',
  bengali: 'বাংলা ভাষা, বিক্রয় প্রতিবেদন',
  tamil: 'தமிழ் மொழி, விற்பனை அறிக்கை',
  thai: 'สวัสดีชาวโลก รายงานยอดขาย',
  traditionalChinese: '資料表格，銷售報告。臺灣',
  gujarati: 'નમસ્તે દુનિયા, વેચાણ અહેવાલ',
  telugu: 'నమస్కారం ప్రపంచం, అమ్మకాల నివేదిక',
  kannada: 'ನಮಸ್ಕಾರ ಜಗತ್ತು, ಮಾರಾಟ ವರದಿ',
  malayalam: 'നമസ്കാരം ലോകം, വിൽപ്പന റിപ്പോർട്ട്',
  sinhala: 'ආයුබෝවන් ලෝකය, විකුණුම් වාර්තාව',
  khmer: 'សួស្តីពិភពលោក របាយការណ៍លក់',
  lao: 'ສະບາຍດີໂລກ ລາຍງານການຂາຍ',
  myanmar: 'မင်္ဂလာပါ ကမ္ဘာ၊ အရောင်းအစီရင်ခံစာ',
  armenian: 'Բարեւ աշխարհ, վաճառքի հաշվետվություն',
  georgian: 'გამარჯობა მსოფლიო, გაყიდვების ანგარიში',
  ethiopic: 'ሰላም ለዓለም፣ የሽያጭ ሪፖርት',
  emoji: '😀🚀🎉👍❤✅🔥',
};

const stackFaces = (primary: FaceId): FaceId[] => [
  primary,
  ...FALLBACKS.filter((f) => f !== primary),
  'notoColorEmoji',
];

describe('fonts', () => {
  it('maps the families users pick to bundled faces (metric-compatible stand-ins for the classics)', () => {
    expect(resolveFace('Inter, sans-serif')).toBe('inter');
    expect(resolveFace('Roboto Mono')).toBe('robotoMono');
    expect(resolveFace('"Times New Roman", serif')).toBe('tinos');
    expect(resolveFace('Arial')).toBe('arimo');
    expect(resolveFace('Helvetica Neue, Helvetica')).toBe('arimo');
    expect(resolveFace('Georgia')).toBe('gelasio');
    expect(resolveFace('Courier New')).toBe('cousine');
    expect(resolveFace('Comic Sans MS')).toBe('inter');
  });

  it('registers every face from the npm packages once', () => {
    ensureFontsRegistered();
    ensureFontsRegistered();
    for (const id of Object.keys(FACES) as FaceId[]) {
      if (id === 'notoEmoji') continue;
      expect(GlobalFonts.has(FACES[id].family)).toBe(true);
      expect(facePath(id, 400)).toContain('node_modules/@expo-google-fonts/');
    }
  });

  it('covers every character of every promised script with some face of each stack', () => {
    const parsed = new Map<FaceId, ReturnType<typeof fontkit.create>>();
    const font = (id: FaceId) => {
      let f = parsed.get(id);
      if (!f) parsed.set(id, (f = fontkit.create(readFileSync(facePath(id, 400)))));
      return f;
    };
    for (const primary of [
      'inter',
      'roboto',
      'robotoMono',
      'merriweather',
      'arimo',
      'tinos',
      'cousine',
      'gelasio',
    ] as FaceId[]) {
      for (const [script, text] of Object.entries(SAMPLES)) {
        for (const ch of text) {
          const cp = ch.codePointAt(0)!;
          if (/\s/.test(ch)) continue;
          const covered = stackFaces(primary).some((id) => font(id).hasGlyphForCodePoint(cp));
          expect(covered, `${script} ${ch} (U+${cp.toString(16)}) with ${primary}`).toBe(true);
        }
      }
    }
  });

  it("draws Han characters with the forms of the table's locale: Japanese for ja, traditional for zh-TW", async () => {
    expect(hanFace('ja-JP')).toBe('notoSansJP');
    expect(hanFace('ja')).toBe('notoSansJP');
    expect(hanFace('ko-KR')).toBe('notoSansKR');
    expect(hanFace('zh-TW')).toBe('notoSansTC');
    expect(hanFace('zh-Hant-HK')).toBe('notoSansTC');
    expect(hanFace('zh-CN')).toBe('notoSansSC');
    expect(hanFace('en-US')).toBe('notoSansSC');
    // 直, 角 and 骨 differ between Japanese and simplified Chinese forms.
    const png = async (locale: string) => {
      const out = await renderPayload({
        format: 'png',
        payload: { headers: ['字'], rows: [['直角骨写']], options: { locale } },
      });
      const img = await loadImage(Buffer.from(out.bytes));
      const c = createCanvas(img.width, img.height);
      c.getContext('2d').drawImage(img, 0, 0);
      return c.getContext('2d').getImageData(0, 0, img.width, img.height).data;
    };
    const [ja, zh, zh2] = [await png('ja-JP'), await png('zh-CN'), await png('zh-CN')];
    const diff = (a: Uint8ClampedArray, b: Uint8ClampedArray) =>
      a.reduce((n, v, i) => n + (Math.abs(v - b[i]!) > 40 ? 1 : 0), 0);
    expect(diff(zh, zh2)).toBe(0);
    expect(diff(ja, zh)).toBeGreaterThan(50);
    // The PDF embeds the Japanese face for a Japanese table.
    const pdf = await renderPayload({
      format: 'pdf',
      payload: { headers: ['字'], rows: [['直角骨写']], options: { locale: 'ja-JP' } },
    });
    expect(Buffer.from(pdf.bytes).toString('latin1')).toContain('NotoSansJP');
  });

  it('draws a typed cell with the Han forms of its own format.locale, in all formats', async () => {
    // 直, 角 and 骨 differ between Japanese and simplified Chinese forms; headers without Han.
    const image = async (format: 'png' | 'svg' | 'pdf', locale: string, cell: unknown) => {
      const out = await renderPayload({ format, payload: { headers: ['x'], rows: [[cell]], options: { locale } } });
      return pixels(await toPng(out.bytes, format));
    };
    const plain = '直角骨写';
    const ja = { type: 'text', value: plain, format: { locale: 'ja-JP' } };
    const zh = { type: 'text', value: plain, format: { locale: 'zh-CN' } };
    for (const format of ['png', 'svg', ...(hasPdftoppm ? ['pdf' as const] : [])] as const) {
      const jaTable = await image(format, 'ja-JP', plain);
      const zhTable = await image(format, 'zh-CN', plain);
      expect(differing(jaTable, zhTable), format).toBeGreaterThan(0);
      // A Japanese cell in a Chinese table looks as it does in a Japanese table, and vice versa.
      expect(differing(await image(format, 'zh-CN', ja), jaTable), format).toBe(0);
      expect(differing(await image(format, 'ja-JP', zh), zhTable), format).toBe(0);
    }
    // The layout says which face: the cell's, while the table (title) keeps its own.
    const layout = layoutTable(
      normalizePayload({
        payload: {
          title: '標題',
          headers: ['x'],
          rows: [
            [ja],
            [{ type: 'date', value: '2024-03-04', format: { locale: 'zh-TW', dateStyle: 'full' } }],
            [plain],
          ],
          options: { locale: 'zh-CN' },
        },
      }).model,
    );
    expect(layout.han).toBe('notoSansSC');
    expect(layout.title!.text.han).toBe('notoSansSC');
    expect(layout.cells.filter((lc) => lc.row > 0).map((lc) => lc.text.han)).toEqual([
      'notoSansJP',
      'notoSansTC',
      'notoSansSC',
    ]);
    // SVG names the cell's stack and language on its text.
    const svg = Buffer.from(
      (await renderPayload({ format: 'svg', payload: { headers: ['x'], rows: [[ja]], options: { locale: 'zh-CN' } } }))
        .bytes,
    ).toString();
    expect(svg).toMatch(
      /<text [^>]*font-family="&apos;Inter&apos;, &apos;Noto Sans JP&apos;, &apos;Noto Sans SC&apos;[^"]*" xml:lang="ja-JP"[^>]*>直角骨写</,
    );
    // …and embeds the Japanese face's subset for it (not the Chinese one).
    expect(svg).toContain("@font-face{font-family:'Noto Sans JP'");
    expect(svg).not.toContain("@font-face{font-family:'Noto Sans SC'");
    // The PDF embeds the Japanese face only for the Japanese cell.
    const pdfText = async (cell: unknown) =>
      Buffer.from(
        (
          await renderPayload({
            format: 'pdf',
            payload: { headers: ['x'], rows: [[cell]], options: { locale: 'zh-CN' } },
          })
        ).bytes,
      ).toString('latin1');
    expect(await pdfText(ja)).toContain('NotoSansJP');
    expect(await pdfText(plain)).not.toContain('NotoSansJP');
    // A locale Intl does not know falls back as the table's does, rather than failing the render.
    const bad = await renderPayload({
      format: 'svg',
      payload: { headers: ['x'], rows: [[{ type: 'number', value: 1.5, format: { locale: 'not a locale!!' } }]] },
    });
    expect(Buffer.from(bad.bytes).toString()).toContain('>1.5<');
  }, 120_000);

  it('keeps a keycap and a combining mark with their base in the PDF (fallback per grapheme cluster)', async () => {
    const pdf = await renderPayload({
      format: 'pdf',
      payload: { headers: ['x'], rows: [['1\uFE0F\u20E3 first, e\u0301 and \u0915\u094D\u0937']] },
    });
    const text = Buffer.from(pdf.bytes).toString('latin1');
    expect(text).toContain('NotoEmoji');
    expect(text).toContain('NotoSansDevanagari');
    // The keycap's digit goes with its enclosing mark, not with the primary face.
    expect(runs('1\uFE0F\u20E3', 'inter')).toEqual([{ text: '1\u20E3', face: 'notoEmoji' }]);
    expect(runs('a1\uFE0F\u20E3b', 'inter').map((r) => r.face)).toEqual(['inter', 'notoEmoji', 'inter']);
    // A mark the primary face lacks takes its base along to a face that has both.
    expect(runs('\u0915\u094D\u0937', 'inter')).toEqual([{ text: '\u0915\u094D\u0937', face: 'notoSansDevanagari' }]);
    expect(runs('ข\u0E49', 'inter')).toEqual([{ text: 'ข\u0E49', face: 'notoSansThai' }]);
  });

  it('renders every promised script to PDF (fontkit fails on some Telugu and Malayalam mark anchors: laid out again)', async () => {
    const rows = Object.entries(SAMPLES).map(([script, text]) => [script, text]);
    const pdf = await renderPayload({ format: 'pdf', payload: { headers: ['Script', 'Sample'], rows } });
    const text = Buffer.from(pdf.bytes).toString('latin1');
    for (const family of ['NotoSansTelugu', 'NotoSansMalayalam', 'NotoSansMyanmar', 'NotoSansEthiopic'])
      expect(text, family).toContain(family);
  });
});
