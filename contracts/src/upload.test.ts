import { describe, expect, it } from 'vitest';
import { checkImageSize, looksLikeSvg, sniffRaster, svgDimensions, svgUnsafeReason } from './upload';

describe('image checks shared by the browser and the server', () => {
  it('sniffs SVG strictly: prolog, comments and a plain doctype, then <svg', () => {
    expect(looksLikeSvg('<svg xmlns="http://www.w3.org/2000/svg"></svg>')).toBe(true);
    expect(
      looksLikeSvg(
        '\uFEFF<?xml version="1.0"?>\n<!-- Generator: Illustrator -->\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n<svg width="1" height="1"/>',
      ),
    ).toBe(true);
    expect(looksLikeSvg('<html><svg></svg></html>')).toBe(false);
    expect(looksLikeSvg('hello <svg>')).toBe(false);
    expect(looksLikeSvg('<!DOCTYPE svg [<!ENTITY x "y">]><svg/>')).toBe(false);
    expect(looksLikeSvg('<svg\u0000>')).toBe(false);
  });

  it('measures an SVG from width and height, else from its viewBox', () => {
    expect(svgDimensions('<svg width="500" height="140">')).toEqual({ width: 500, height: 140 });
    expect(svgDimensions('<svg width="5in" height="1.4in">')).toEqual({ width: 480, height: 134 });
    expect(svgDimensions('<svg viewBox="0 0 1000 280">')).toEqual({ width: 1000, height: 280 });
    expect(svgDimensions('<svg viewBox="0,0,100,100" width="200">')).toEqual({ width: 200, height: 200 });
    expect(svgDimensions('<svg width="100%" height="100%">')).toBeNull();
  });

  it('names what makes an SVG unsafe', () => {
    expect(svgUnsafeReason('<svg><script>alert(1)</script></svg>')).toBe('<script>');
    expect(svgUnsafeReason('<svg><rect onclick="x()"/></svg>')).toBe('on…= attributes');
    expect(svgUnsafeReason('<svg><a xlink:href="javascript:x()"/></svg>')).toBe('javascript: URLs');
    expect(svgUnsafeReason('<svg><text>one = two, only = on</text></svg>')).toBeNull();
  });

  it('refuses the same dangers spelled differently (prefixes, character references, animation, links out)', () => {
    const svg = (inner: string) =>
      `<svg xmlns="http://www.w3.org/2000/svg" xmlns:svg="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">${inner}</svg>`;
    expect(svgUnsafeReason(svg('<svg:script>alert(1)</svg:script>'))).toBe('<script>');
    expect(svgUnsafeReason(svg('<a href="&#106;avascript:alert(1)">x</a>'))).toBe('javascript: URLs');
    expect(svgUnsafeReason(svg('<a href="&#x6A;ava&#x09;script&colon;alert(1)">x</a>'))).toBe(
      'javascript: URLs',
    );
    expect(svgUnsafeReason(svg('<a><animate attributeName="href" values="javascript:alert(1)"/></a>'))).toBe(
      'javascript: URLs',
    );
    expect(svgUnsafeReason(svg('<a><animate attributeName="href" values="https://evil.example"/></a>'))).toBe(
      'animation (<animate>, <set>)',
    );
    expect(svgUnsafeReason(svg('<image href="https://tracker.example/p.png" width="1" height="1"/>'))).toBe(
      'links to another address (href, src)',
    );
    expect(svgUnsafeReason(svg('<image xlink:href="//tracker.example/p.png"/>'))).toBe(
      'links to another address (href, src)',
    );
    expect(svgUnsafeReason(svg('<style>@import url(https://evil.example/x.css);</style>'))).toBe('@import');
    expect(svgUnsafeReason(svg('<rect style="fill:url(https://evil.example/p)"/>'))).toBe(
      'url() of another address',
    );
    expect(svgUnsafeReason(svg('<image href="data:image/svg+xml;base64,PHN2Zz4="/>'))).toBe(
      'data: documents',
    );
    // What logos really contain stays accepted: gradients by reference, embedded raster images, uses.
    expect(
      svgUnsafeReason(
        svg(
          '<defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/></linearGradient></defs><rect fill="url(#g)" width="10" height="10"/><use xlink:href="#g"/><image href="data:image/png;base64,iVBORw0KGgo="/>',
        ),
      ),
    ).toBeNull();
    expect(svgUnsafeReason('<svg><rect width="1" height="1" fill="red"/></svg>')).toBeNull();
  });

  it('wants the exact size of a raster image and the same proportions of an SVG', () => {
    const rule = { width: 500, height: 140 };
    expect(checkImageSize({ mime: 'image/png', width: 500, height: 140 }, rule)).toBeNull();
    expect(checkImageSize({ mime: 'image/jpeg', width: 1000, height: 280 }, rule)).toMatchObject({
      kind: 'exact',
    });
    expect(checkImageSize({ mime: 'image/svg+xml', width: 1000, height: 280 }, rule)).toBeNull();
    expect(checkImageSize({ mime: 'image/svg+xml', width: 200, height: 200 }, rule)).toMatchObject({
      kind: 'ratio',
      actualWidth: 200,
    });
  });

  it('recognises PNG and JPEG by their first bytes', () => {
    expect(sniffRaster(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe('image/png');
    expect(sniffRaster(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffRaster(new Uint8Array([0x7f, 0x45, 0x4c, 0x46]))).toBeNull();
    expect(sniffRaster(new Uint8Array([0x4d, 0x5a, 0x90, 0x00]))).toBeNull();
  });
});
