import { describe, expect, it } from 'vitest';
import { inlineComponentStyles } from './inline-styles';

const head = (ids: string[], css: string) =>
  `<style data-emotion="css-global g1">:root{}</style><style data-emotion="css ${ids.join(' ')}">${css}</style>`;
const a = { id: 'a1', css: '.css-a1{color:red;}' };
const b = { id: 'b2', css: '.css-b2{color:blue;}@media (min-width: 10px){.css-b2{color:green;}}' };
const k = { id: 'animation-x', css: '@keyframes animation-x{from{opacity:0;}}' };

describe('inlineComponentStyles', () => {
  it('puts each id’s rules just before the first element that uses it, and leaves the global tag', () => {
    const markup = '<header class="css-a1"><h1 class="chakra-heading css-b2">Hi</h1></header><p class="css-a1">x</p>';
    const out = inlineComponentStyles(head([a.id, b.id], a.css + b.css), markup, [a, b]);
    expect(out.headStyles).toBe('<style data-emotion="css-global g1">:root{}</style>');
    expect(out.markup).toBe(
      `<style data-emotion="css a1">${a.css}</style><header class="css-a1">` +
        `<style data-emotion="css b2">${b.css}</style><h1 class="chakra-heading css-b2">Hi</h1></header><p class="css-a1">x</p>`,
    );
  });

  it('keeps ids no element names (keyframes) in the head', () => {
    const out = inlineComponentStyles(head([k.id, a.id], k.css + a.css), '<div class="css-a1"></div>', [k, a]);
    expect(out.headStyles).toContain(`<style data-emotion="css animation-x">${k.css}</style>`);
    expect(out.markup).toBe(`<style data-emotion="css a1">${a.css}</style><div class="css-a1"></div>`);
  });

  it('never writes a <style> inside select, svg or textarea: it goes before that element', () => {
    const markup =
      '<div><select class="css-a1"><option class="css-b2">1</option></select>' +
      '<svg class="x"><g class="css-c3"><path/></g></svg></div>';
    const c = { id: 'c3', css: '.css-c3{fill:red;}' };
    const out = inlineComponentStyles(head(['a1', 'b2', 'c3'], a.css + b.css + c.css), markup, [a, b, c]);
    expect(out.markup).toBe(
      `<div><style data-emotion="css a1 b2">${a.css}${b.css}</style><select class="css-a1"><option class="css-b2">1</option></select>` +
        `<style data-emotion="css c3">${c.css}</style><svg class="x"><g class="css-c3"><path/></g></svg></div>`,
    );
  });

  it('matches a class only as a whole name', () => {
    const out = inlineComponentStyles(head([a.id], a.css), '<i class="css-a12"></i><b class="css-a1"></b>', [a]);
    expect(out.markup).toBe(
      `<i class="css-a12"></i><style data-emotion="css a1">${a.css}</style><b class="css-a1"></b>`,
    );
  });

  it('refuses a head whose component tag is not the rules it was given', () => {
    expect(() => inlineComponentStyles(head([a.id], '.css-a1{}'), '<b class="css-a1"></b>', [a])).toThrow(
      /not the ids/,
    );
  });
});

describe('inlineComponentStyles with $ in a rule', () => {
  it('keeps the rules that stay in the head as written', () => {
    const odd = { id: 'animation-y', css: "@keyframes animation-y{from{--x:'$&$1';}}" };
    const out = inlineComponentStyles(head([odd.id], odd.css), '<b></b>', [odd]);
    expect(out.headStyles).toContain(odd.css);
  });
});
