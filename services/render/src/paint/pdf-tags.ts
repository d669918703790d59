/**
 * Tagged PDF (issue #29): the structure a screen reader walks (Document › H1, P, Table › THead/
 * TBody › TR › TH/TD, P), built with pdfkit's accessibility API (`tagged`, structure elements,
 * marked content), which pdfmake turns on (`tagged: true`) but never uses: pdfmake draws every
 * text line through one Renderer without knowing what the line is.
 *
 * So the document definition carries the knowledge: every piece of text gets a `_tag` naming its
 * node of a structure tree planned before layout (pdfmake copies unknown properties of a text
 * piece onto each word it lays out, and lines, when a header row repeats, are shallow clones).
 * pdfmake's Renderer is replaced, once per process, by a subclass that wraps each tagged line in
 * marked content added to its node's structure element, and marks everything else (borders,
 * fills, shapes, cell images (their alt text is the cell's text), the running head, page numbers,
 * the header row repeated on later pages) as an artifact. Documents without tags render exactly as before.
 *
 * The same Renderer draws each page's items in the paint plan's order first (pdf-page.ts).
 */
import { createRequire } from 'node:module';
import { inPlanOrder, type PageItem } from './pdf-page';

const require = createRequire(import.meta.url);

/** The parts of pdfkit's document this file uses (pdfkit has no types in the tree). */
interface StructElement {
  add(child: unknown): StructElement;
  dictionary: { data: Record<string, unknown> };
}
interface TaggableDoc {
  page: object;
  text(text: string, x: number, y: number, options: Record<string, unknown>): unknown;
  struct(type: string, options?: Record<string, unknown>): StructElement;
  addStructure(el: StructElement): void;
  markContent(tag: string, options?: Record<string, unknown>): void;
  markStructureContent(tag: string): unknown;
  endMarkedContent(): void;
  hasMarkInfoDictionary(): boolean;
}

/** A node of the planned structure tree; its pdfkit element exists once the first line is drawn. */
export interface StructNode {
  type: string;
  /** pdfkit options (scope of a header cell). */
  options?: Record<string, unknown>;
  /** Table attributes (/A): RowSpan, ColSpan. */
  attributes?: Record<string, unknown>;
  children: StructNode[];
  /** Header cells repeat on every page: only their first page's drawing is content. */
  repeats?: boolean;
  firstPage?: object;
  element?: StructElement;
  tree: StructureTree;
}

/** What `_tag` holds: a node, or 'artifact' for page furniture. */
type Tag = StructNode | 'artifact';

export class StructureTree {
  readonly root: StructNode;
  private built = false;

  constructor() {
    this.root = { type: 'Document', children: [], tree: this };
  }

  /** A child of `parent`, in reading order. */
  add(
    parent: StructNode,
    type: string,
    extra: Partial<Pick<StructNode, 'options' | 'attributes' | 'repeats'>> = {},
  ): StructNode {
    const node: StructNode = { type, children: [], tree: this, ...extra };
    parent.children.push(node);
    return node;
  }

  /** Creates every pdfkit element, in reading order, when the first tagged line is drawn. */
  build(doc: TaggableDoc): void {
    if (this.built) return;
    this.built = true;
    const make = (node: StructNode): StructElement => {
      const el = doc.struct(node.type, node.options ?? {});
      if (node.attributes)
        el.dictionary.data.A = { ...(el.dictionary.data.A as object | undefined), O: 'Table', ...node.attributes };
      node.element = el;
      return el;
    };
    const root = make(this.root);
    doc.addStructure(root);
    const attach = (node: StructNode) => {
      for (const child of node.children) {
        node.element!.add(make(child));
        attach(child);
      }
    };
    attach(this.root);
  }
}

type Piece = string | Record<string, unknown>;

/** Text pieces as pdfmake takes them, each carrying `tag` (pdfmake drops a parent's properties). */
export function tagText(text: Piece | Piece[], tag: Tag): Record<string, unknown>[] {
  return (Array.isArray(text) ? text : [text]).map((piece) =>
    typeof piece === 'string' ? { text: piece, _tag: tag } : { ...piece, _tag: tag },
  );
}

/** A word as pdfmake lays it out, with the properties our pieces carry onto every word. */
interface Inline {
  _tag?: Tag;
  _oblique?: boolean;
  /** Points to lower the line by: see `baselineDrop` in pdf.ts. */
  _drop?: number;
}

interface RendererLike {
  pdfDocument: TaggableDoc;
  renderPages(pages: { items: PageItem[] }[]): void;
  renderLine(line: { inlines?: Inline[] }, x: number, y: number): void;
  renderVector(vector: unknown): void;
  renderImage(image: unknown): void;
}
type RendererClass = new (...args: unknown[]) => RendererLike;

/**
 * Draws `draw` as the content of `tag`'s node, or as an artifact ('artifact', a header cell drawn
 * again on a later page, or `layout`: borders, fills and shapes), in a tagged document only.
 * Lines without a tag are drawn as they are.
 */
function marked(doc: TaggableDoc, tag: Tag | 'layout' | undefined, draw: () => void): void {
  if (tag === undefined || !doc.hasMarkInfoDictionary()) return draw();
  if (
    tag === 'layout' ||
    tag === 'artifact' ||
    (tag.repeats && tag.firstPage !== undefined && tag.firstPage !== doc.page)
  ) {
    doc.markContent('Artifact', { type: tag === 'layout' ? 'Layout' : 'Pagination' });
    draw();
    doc.endMarkedContent();
    return;
  }
  tag.firstPage ??= doc.page;
  tag.tree.build(doc);
  const content = doc.markStructureContent(tag.type);
  draw();
  doc.endMarkedContent();
  tag.element!.add(content);
}

/**
 * Italic text is slanted as Skia slants it on the canvas and the SVG does (a skew of -1/4, about
 * 14°, pdfkit's `oblique: true`): the bundled faces have no italic files, and pdfmake would draw
 * the upright face. pdfmake draws a line's words one `text` call each, in order, so the call for a
 * word marked `_oblique` gets the option.
 */
function obliqued(doc: TaggableDoc, inlines: Inline[], draw: () => void): void {
  if (!inlines.some((i) => i._oblique)) return draw();
  const text = doc.text;
  let k = 0;
  doc.text = function (this: TaggableDoc, str, x, y, options) {
    const oblique = inlines[k++]?._oblique === true;
    return text.call(this, str, x, y, oblique ? { ...options, oblique: true } : options);
  };
  try {
    draw();
  } finally {
    doc.text = text;
  }
}

let installed = false;

/** Replaces pdfmake's Renderer by the tagging one (once; pdfmake reads the export per document). */
export function installTagging(): void {
  if (installed) return;
  installed = true;
  const mod = require('pdfmake/js/Renderer') as { default: RendererClass };
  const Base = mod.default;
  class TaggingRenderer extends Base {
    override renderPages(pages: { items: PageItem[] }[]): void {
      for (const page of pages) page.items = inPlanOrder(page.items);
      super.renderPages(pages);
    }
    override renderLine(line: { inlines?: Inline[] }, x: number, y: number): void {
      const drop = line.inlines?.[0]?._drop ?? 0;
      marked(this.pdfDocument, line.inlines?.[0]?._tag, () =>
        obliqued(this.pdfDocument, line.inlines ?? [], () => super.renderLine(line, x, y + drop)),
      );
    }
    override renderVector(vector: unknown): void {
      marked(this.pdfDocument, 'layout', () => super.renderVector(vector));
    }
    override renderImage(image: unknown): void {
      marked(this.pdfDocument, 'layout', () => super.renderImage(image));
    }
  }
  mod.default = TaggingRenderer;
}
