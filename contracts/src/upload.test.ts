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
