/**
 * SVG XSS vectors for the upload check (issue 26 item 7), from the OWASP XSS Filter Evasion Cheat
 * Sheet and the HTML5 Security Cheatsheet (cure53, html5sec.org: SVG, xlink, animation, namespace and
 * foreignObject vectors), each written as a whole SVG file. None may be stored.
 */
const SVG = 'xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"';
const doc = (inner: string, attrs = '') =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<svg ${SVG} width="100" height="100"${attrs}>${inner}</svg>\n`;

export const SVG_XSS_VECTORS: [name: string, svg: string][] = [
  [
    'a ">" in an earlier attribute hides onload (issue 26)',
    `<svg ${SVG} x=">" onload="alert(1)"><rect/></svg>`,
  ],
  ['the same in single quotes', `<svg ${SVG} x='">' onload='alert(1)'><rect/></svg>`],
  ['a ">" before onclick on a child', doc('<a x=">" onclick="alert(1)"><rect width="9" height="9"/></a>')],
  ['onload on the root', doc('<rect/>', ' onload="alert(1)"')],
  ['space before =', doc('<rect/>', ' onload\n="alert(1)"')],
  ['script element', doc('<script>alert(1)</script>')],
  ['script in CDATA', doc('<script><![CDATA[alert(1)]]></script>')],
  ['script by xlink:href', doc('<script xlink:href="data:,alert(1)"/>')],
  [
    'script with an svg: prefix',
    doc('<svg:script xmlns:svg="http://www.w3.org/2000/svg">alert(1)</svg:script>'),
  ],
  [
    'script under a borrowed editor prefix',
    doc('<inkscape:script xmlns:inkscape="http://www.w3.org/2000/svg">alert(1)</inkscape:script>'),
  ],
  ['a xlink:href javascript:', doc('<a xlink:href="javascript:alert(1)"><rect width="9" height="9"/></a>')],
  ['a href javascript:', doc('<a href="javascript:alert(1)"><rect width="9" height="9"/></a>')],
  ['javascript: as character references', doc('<a xlink:href="&#106;avascript:alert(1)"><rect/></a>')],
  ['javascript: with a tab', doc('<a xlink:href="java&#x09;script:alert(1)"><rect/></a>')],
  ['animate into href', doc('<a><animate attributeName="href" values="javascript:alert(1)"/><rect/></a>')],
  [
    'animate xlink:href (H5SC)',
    doc(
      '<a><rect width="9" height="9"/><animate attributeName="xlink:href" begin="0" from="javascript:alert(1)" to="&amp;"/></a>',
    ),
  ],
  ['set an event handler', doc('<rect><set attributeName="onmouseover" to="alert(1)"/></rect>')],
  ['onbegin on animate', doc('<animate onbegin="alert(1)" attributeName="x" dur="1s"/>')],
  ['image onerror', doc('<image href="x" onerror="alert(1)"/>')],
  ['image xlink:href javascript:', doc('<image xlink:href="javascript:alert(1)"/>')],
  [
    'feImage xlink:href javascript:',
    doc('<filter id="f"><feImage xlink:href="javascript:alert(1)"/></filter>'),
  ],
  [
    'foreignObject with an iframe',
    doc(
      '<foreignObject><iframe xmlns="http://www.w3.org/1999/xhtml" src="javascript:alert(1)"/></foreignObject>',
    ),
  ],
  [
    'foreignObject with an HTML body onload',
    doc(
      '<foreignObject width="9" height="9"><body xmlns="http://www.w3.org/1999/xhtml" onload="alert(1)"/></foreignObject>',
    ),
  ],
  ['iframe', doc('<iframe xmlns="http://www.w3.org/1999/xhtml" src="javascript:alert(1)"/>')],
  ['embed', doc('<embed xmlns="http://www.w3.org/1999/xhtml" src="javascript:alert(1)"/>')],
  ['object', doc('<object xmlns="http://www.w3.org/1999/xhtml" data="javascript:alert(1)"/>')],
  [
    'XML Events handler',
    doc('<handler xmlns:ev="http://www.w3.org/2001/xml-events" ev:event="load">alert(1)</handler>'),
  ],
  [
    'use of a data: SVG document',
    doc('<use href="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+#x"/>'),
  ],
  ['use of another address', doc('<use xlink:href="https://evil.example/x.svg#a"/>')],
  ['style @import', doc('<style>@import url("javascript:alert(1)");</style>')],
  ['style url() of javascript:', doc('<rect width="9" height="9" style="fill:url(javascript:alert(1))"/>')],
  [
    'MathML maction xlink:href (H5SC)',
    doc(
      '<foreignObject><math xmlns="http://www.w3.org/1998/Math/MathML"><maction actiontype="statusline" xlink:href="javascript:alert(1)">x</maction></math></foreignObject>',
    ),
  ],
  ['upper-case handler', doc('<rect width="9" height="9" ONLOAD="alert(1)"/>')],
  ['handler in a foreign-namespace wrapper', doc('<x:g xmlns:x="urn:x"><rect onclick="alert(1)"/></x:g>')],
  [
    'SVG script hidden in an element of another namespace named script',
    doc(
      '<script xmlns="urn:x"><svg:script xmlns:svg="http://www.w3.org/2000/svg">alert(1)</svg:script></script>',
    ),
  ],
  [
    'entity declaration',
    `<?xml version="1.0"?>\n<!DOCTYPE svg [<!ENTITY x "&#60;script&#62;alert(1)&#60;/script&#62;">]>\n<svg ${SVG}>&x;</svg>`,
  ],
];

/** A logo as Inkscape saves it: metadata, its own namespaces, gradients, text, internal references. */
export const INKSCAPE_LOGO = `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<!-- Created with Inkscape (http://www.inkscape.org/) -->
<svg xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:cc="http://creativecommons.org/ns#"
   xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://www.w3.org/2000/svg"
   xmlns:xlink="http://www.w3.org/1999/xlink"
   xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd"
   xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape"
   width="1000" height="280" viewBox="0 0 1000 280" version="1.1" id="svg8"
   inkscape:version="1.0 (4035a4fb49, 2020-05-01)" sodipodi:docname="logo.svg">
  <title id="title1">Festival logo</title>
  <desc>The festival's wordmark</desc>
  <defs id="defs2">
    <linearGradient id="g1"><stop offset="0" style="stop-color:#ff4081;stop-opacity:1"/><stop offset="1" stop-color="#3f51b5"/></linearGradient>
    <linearGradient xlink:href="#g1" id="g2" x1="0" y1="0" x2="1000" y2="0" gradientUnits="userSpaceOnUse"/>
    <filter id="shadow"><feGaussianBlur stdDeviation="3"/><feOffset dx="2" dy="2"/></filter>
    <clipPath id="clip"><rect width="1000" height="280" rx="24"/></clipPath>
  </defs>
  <sodipodi:namedview id="base" pagecolor="#ffffff" inkscape:zoom="0.5" showgrid="false"/>
  <metadata id="metadata5"><rdf:RDF><cc:Work rdf:about=""><dc:format>image/svg+xml</dc:format><dc:title>Logo</dc:title></cc:Work></rdf:RDF></metadata>
  <g inkscape:label="Layer 1" inkscape:groupmode="layer" id="layer1" clip-path="url(#clip)">
    <rect width="1000" height="280" fill="url(#g2)"/>
    <path d="M 40,240 L 140,40 L 240,240 Z" style="fill:#ffffff;stroke:#000000;stroke-width:4" filter="url(#shadow)"/>
    <circle id="dot" cx="320" cy="140" r="40" fill="#fff"/>
    <use href="#dot" x="100"/>
    <use xlink:href="#dot" x="200"/>
    <text x="560" y="170" font-family="sans-serif" font-size="96" fill="#fff">PULSERA</text>
  </g>
</svg>
`;
