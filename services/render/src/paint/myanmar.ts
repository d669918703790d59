/**
 * Myanmar for the PDF. pdfkit shapes with fontkit, whose shaper table has no entry for Myanmar
 * (`mymr`/`mym2`): such text goes through its default shaper, which neither reorders a syllable
 * nor applies the script's features. So the vowel sign E (U+1031) and the medial RA (U+103C),
 * typed after their consonant but drawn before it, came out after it, and kinzi (U+1004 U+103A
 * U+1039 before a consonant) stayed three glyphs instead of the mark above the next consonant.
 *
 * Here each syllable is put in the order HarfBuzz's Myanmar shaper gives it (initial reordering:
 * E, then medial RA, then the base, then kinzi, then the rest), and the features that shaper
 * applies are asked for by name. What is left undone: HarfBuzz applies those features one
 * syllable at a time and inserts a dotted circle into broken syllables; fontkit applies them to
 * the whole run, and broken syllables stay as typed.
 */

const CONSONANT =
  '\\u1000-\\u102A\\u103F\\u104E\\u1050-\\u1055\\u105A-\\u105D\\u1061\\u1065\\u1066\\u106E-\\u1070\\u1075-\\u1081\\u108E';
const MARK =
  '\\u102B-\\u1038\\u103A-\\u103E\\u1056-\\u1059\\u105E-\\u1060\\u1062-\\u1064\\u1067-\\u106D\\u1071-\\u1074\\u1082-\\u108D\\u108F\\u109A-\\u109D\\uFE00\\u200C\\u200D';
/** Kinzi (optional), the base consonant, then its marks and stacked consonants (after U+1039). */
const SYLLABLE = new RegExp(`(\\u1004\\u103A\\u1039)?([${CONSONANT}])((?:\\u1039[${CONSONANT}]|[${MARK}])*)`, 'g');

export const MYANMAR = /[\u1000-\u109F]/;

/** The OpenType features HarfBuzz's Myanmar shaper applies besides the defaults. */
export const MYANMAR_FEATURES = ['rphf', 'pref', 'blwf', 'pstf', 'pres', 'abvs', 'blws', 'psts'];

/** Text in the glyph order HarfBuzz's Myanmar shaper sets it (characters, not glyphs). */
export function myanmarVisual(text: string): string {
  return text.replace(SYLLABLE, (_m, kinzi: string | undefined, base: string, marks: string) => {
    let e = '';
    let ra = '';
    const rest = marks
      .replace(/\u1031\uFE00?/g, (x) => {
        e += x;
        return '';
      })
      .replace(/\u103C/g, (x) => {
        ra += x;
        return '';
      });
    return e + ra + base + (kinzi ?? '') + rest;
  });
}
