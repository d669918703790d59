/**
 * Fonts come from npm packages and cover every script we promise: each character of these samples
 * is in at least one face of the stack the engine hands Skia, so nothing renders as an empty box.
 */
import { GlobalFonts } from '@napi-rs/canvas';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ensureFontsRegistered, FACES, FALLBACKS, facePath, resolveFace, type FaceId } from '../src/fonts';

const require = createRequire(import.meta.url);
const fontkit = require('fontkit') as { create(b: Buffer): { hasGlyphForCodePoint(cp: number): boolean; familyName: string } };

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
  emoji: '😀🚀🎉👍❤✅🔥',
};

const stackFaces = (primary: FaceId): FaceId[] => [primary, ...FALLBACKS.filter((f) => f !== primary), 'notoColorEmoji'];

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
    for (const primary of ['inter', 'roboto', 'robotoMono', 'merriweather', 'arimo', 'tinos', 'cousine', 'gelasio'] as FaceId[]) {
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
});
