import type { DOMPurify as Purifier } from 'dompurify';

/**
 * The second look at an uploaded SVG (issue 26 item 7). The file is parsed as XML (jsdom), as a
 * browser parses an image/svg+xml file; what belongs to other namespaces (Inkscape, Sodipodi, RDF
 * metadata) is inert in a browser and set aside, unless it hides SVG, HTML or MathML elements. The
 * rest, serialised again (so `x=">"` tricks are gone), goes through DOMPurify's SVG profile: the file
 * is refused, not rewritten, when the sanitiser removes anything (script, foreignObject, iframe,
 * animations, on…= handlers, a javascript: href…). docs/decisions/uploads.md, 2026-11-28.
 */
const ACTIVE_NAMESPACES = new Set([
  'http://www.w3.org/2000/svg',
  'http://www.w3.org/1999/xhtml',
  'http://www.w3.org/1998/Math/MathML',
]);
const SVG_NS = 'http://www.w3.org/2000/svg';
const KEPT_ATTRIBUTE_NAMESPACES = new Set([
  null,
  'http://www.w3.org/1999/xlink',
  'http://www.w3.org/XML/1998/namespace',
]);
const XMLNS = 'http://www.w3.org/2000/xmlns/';

/** The parts of DOM nodes read here (the server has no DOM types). */
interface Attr {
  name: string;
  value: string;
  namespaceURI: string | null;
}
interface El {
  nodeType: number;
  namespaceURI: string | null;
  localName: string;
  attributes: ArrayLike<Attr>;
  children: ArrayLike<El>;
  getElementsByTagName(name: string): ArrayLike<El>;
  removeAttributeNode(a: Attr): void;
  remove(): void;
}
interface Window {
  document: { documentElement: El | null };
  XMLSerializer: new () => { serializeToString(node: El): string };
}
type Removed = { element?: El; attribute?: Attr | null };

let tools: Promise<{ purify: Purifier; parse: (text: string) => Window }> | null = null;
/** jsdom and DOMPurify, loaded on the first SVG (jsdom is heavy to import). */
function load() {
  tools ??= (async () => {
    const [{ JSDOM }, { default: createDOMPurify }] = await Promise.all([
      import('jsdom'),
      import('dompurify'),
    ]);
    const purify = createDOMPurify(new JSDOM('').window as Parameters<typeof createDOMPurify>[0]);
    const parse = (text: string) => new JSDOM(text, { contentType: 'image/svg+xml' }).window as Window;
    return { purify, parse };
  })();
  return tools;
}

/** Sets aside what a browser ignores; answers the first active element found inside it, if any. */
function setAsideInert(el: El): string | null {
  for (const a of Array.from(el.attributes)) {
    const declaration = a.namespaceURI === XMLNS && (a.name === 'xmlns' || a.name === 'xmlns:xlink');
    if (!declaration && !KEPT_ATTRIBUTE_NAMESPACES.has(a.namespaceURI)) el.removeAttributeNode(a);
  }
  for (const child of Array.from(el.children)) {
    if (!ACTIVE_NAMESPACES.has(child.namespaceURI ?? '')) {
      for (const inner of Array.from(child.getElementsByTagName('*')))
        if (ACTIVE_NAMESPACES.has(inner.namespaceURI ?? '')) return `<${inner.localName}>`;
      child.remove();
      continue;
    }
    const found = setAsideInert(child);
    if (found) return found;
  }
  return null;
}

export type SvgVerdict = { ok: true } | { ok: false; what: string } | { ok: false; unreadable: true };

/** Whether the SVG's active part passes DOMPurify's SVG profile unchanged. */
export async function sanitiserVerdict(text: string): Promise<SvgVerdict> {
  const { purify, parse } = await load();
  let window: Window;
  try {
    window = parse(text);
  } catch {
    return { ok: false, unreadable: true };
  }
  const root = window.document.documentElement;
  if (!root || root.namespaceURI !== SVG_NS || root.localName !== 'svg')
    return { ok: false, unreadable: true };
  const hidden = setAsideInert(root);
  if (hidden) return { ok: false, what: hidden };
  // <use> is kept (logos reuse their own shapes) only for a reference inside the file.
  for (const use of Array.from(root.getElementsByTagName('use'))) {
    const refs = Array.from(use.attributes).filter((a) => /^(?:xlink:)?href$/.test(a.name));
    if (refs.some((a) => !/^#[\w.:-]+$/.test(a.value.trim()))) return { ok: false, what: '<use>' };
  }
  const active = new window.XMLSerializer().serializeToString(root);
  purify.sanitize(active, { USE_PROFILES: { svg: true, svgFilters: true }, ADD_TAGS: ['use'] });
  for (const r of purify.removed as unknown as Removed[]) {
    if (r.element) {
      const e = r.element;
      if (e.nodeType !== 1) continue; // a comment or a processing instruction
      if (e.namespaceURI === 'http://www.w3.org/1999/xhtml' && e.localName === 'body') continue;
      return { ok: false, what: `<${e.localName}>` };
    }
    if (r.attribute && r.attribute.namespaceURI !== XMLNS) return { ok: false, what: `${r.attribute.name}=` };
  }
  return { ok: true };
}
