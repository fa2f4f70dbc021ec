/** jsdom ships no types: the part the SVG check uses (a window for DOMPurify). */
declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string, options?: { contentType?: string });
    readonly window: unknown;
  }
}
