// linebreak (UAX #14, Devon Govett's, the one pdfkit uses) ships no types.
declare module 'linebreak' {
  export default class LineBreaker {
    constructor(text: string);
    nextBreak(): { position: number; required: boolean } | null;
  }
}
